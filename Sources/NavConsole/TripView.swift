import NavCore
public import NavBus
public import NavProtocol

/// What the demo's terminal view shows, built from the bus messages of one vehicle: the SDK's header (next
/// maneuver with its instruction and distance) and footer (time and distance left, ETA), a trip progress bar,
/// speed against the limit, the lighting mode and the latest events.
public struct TripView {
    public var title = ""
    /// The legs still ahead, as the latest `nav.route_changed.v1` gave them (the first is the current one).
    public var legs: [RouteLeg] = []
    /// The current leg's position among all the trip's legs as first planned.
    public var currentLegIndex = 0
    /// The trip's length as planned, corrected by reroutes.
    public var tripMeters = 0.0
    public var location: SnappedLocation?
    public var navInfo: NavInfo?
    public var remainingSeconds: Double?
    public var remainingMeters: Double?
    public var speeding: SpeedingUpdate?
    public var alert: SpeedAlert?
    public var lighting: AppliedLighting?
    public var suggestedLighting: LightingModeSuggestion?
    public var delay: DelayCategoryUpdate?
    public var events: [String] = []
    public var arrivals: [Arrival] = []
    public var reroutes = 0
    public var drivenMeters = 0.0
    public var maximumSpeed = 0.0
    public var firstFixTime: Timestamp?
    public var lastFixTime: Timestamp?
    public var messagesByTopic: [String: Int] = [:]
    public var speedingAlertsRaised = 0
    /// The latest voice prompt, shown under the header as the driver would hear it.
    public var lastPrompt: VoicePrompt?
    public var promptsHeard = 0

    public init() {}

    /// Takes in one message; returns a line for the event log when the message is an event worth one.
    public mutating func apply(_ message: BusMessage) -> String? {
        messagesByTopic[message.topicName, default: 0] += 1
        let clock = String(message.header.time.rfc3339.dropFirst(11).prefix(8))
        do {
            switch message.topic {
            case .navLocation:
                let next = try message.decode(SnappedLocation.self)
                if let previous = location {
                    drivenMeters += Geodesy.distance(previous.latitude, previous.longitude, next.latitude, next.longitude)
                }
                maximumSpeed = max(maximumSpeed, next.speed ?? 0)
                firstFixTime = firstFixTime ?? next.timestamp
                lastFixTime = next.timestamp
                location = next
            case .navNavInfo: navInfo = try message.decode(NavInfo.self)
            case .navRemainingTime: remainingSeconds = try message.decode(RemainingTime.self).seconds
            case .navRemainingDistance: remainingMeters = try message.decode(RemainingDistance.self).meters
            case .navSpeeding: speeding = try message.decode(SpeedingUpdate.self)
            case .navDelayCategory:
                let update = try message.decode(DelayCategoryUpdate.self)
                delay = update
                return log(clock, "traffic delay: \(update.category.rawValue)")
            case .navLightingMode:
                let suggestion = try message.decode(LightingModeSuggestion.self)
                suggestedLighting = suggestion
                let elevation = MessageFormatter.format(suggestion.sunElevationDegrees, digits: 1)
                return log(clock, "lighting suggested: \(suggestion.mode.rawValue) (sun \(elevation)°)")
            case .navRouteChanged:
                let change = try message.decode(RouteChanged.self)
                legs = change.routeLegs
                currentLegIndex = change.currentRouteLegIndex
                if change.reason == .offRoute { reroutes += 1 }
                let total = legs.reduce(0) { $0 + $1.distanceMeters }
                switch change.reason {
                case .newDestinations: tripMeters = total
                case .offRoute, .fasterRoute: tripMeters = drivenMeters + total
                case .nextDestination, .cleared: break
                }
                return log(
                    clock,
                    "route changed (\(change.reason.rawValue)): \(legs.count) leg(s), \(kilometres(total))")
            case .navArrival:
                let arrival = try message.decode(Arrival.self)
                arrivals.append(arrival)
                let final = arrival.isFinalDestination ? " — final destination" : ""
                return log(clock, "ARRIVED at \(arrival.waypoint.title) (waypoint \(arrival.waypointIndex))\(final)")
            case .alertSpeeding:
                let next = try message.decode(SpeedAlert.self)
                alert = next
                if next.raised { speedingAlertsRaised += 1 }
                return log(
                    clock,
                    next.raised
                        ? "speed alert \(next.severity.rawValue): \(kmh(next.speed)) in a \(next.speedLimit.map(kmh) ?? "?") zone"
                        : "speed alert cleared (\(next.severity.rawValue))")
            case .navVoicePrompt:
                let prompt = try message.decode(VoicePrompt.self)
                lastPrompt = prompt
                promptsHeard += 1
                return log(clock, "says (\(prompt.kind.rawValue)): \(prompt.text)")
            case .uiLighting:
                let applied = try message.decode(AppliedLighting.self)
                lighting = applied
                return log(clock, "lighting applied: \(applied.appliedMode.rawValue), theme \(applied.theme.name)")
            default:
                break
            }
        } catch {
            return log(clock, "could not read \(message.topicName): \(JSONValueDecoder.describe(error))")
        }
        return nil
    }

    /// Adds a line of the demo's own to the event log.
    public mutating func note(_ text: String) -> String? {
        log(String(Timestamp.now().rfc3339.dropFirst(11).prefix(8)), text)
    }

    private mutating func log(_ clock: String, _ text: String) -> String {
        let line = "\(clock)  \(text)"
        events.append(line)
        if events.count > 6 { events.removeFirst(events.count - 6) }
        return line
    }

    /// The screen, as lines of at most `width` characters.
    public func render(width: Int = 78) -> [String] {
        var lines: [String] = []
        let rule = String(repeating: "─", count: width - 2)
        lines.append("navbus demo — \(title)")
        lines.append("┌" + rule + "┐")
        if let step = navInfo?.currentStep {
            let arrow = symbol(for: step.maneuver)
            let distance = navInfo?.distanceToCurrentStepMeters.map { "in \(metres($0))" } ?? ""
            lines.append(boxed("\(arrow) \(step.instruction)", right: distance, width: width))
            if let road = step.roadName, !road.isEmpty { lines.append(boxed("   \(road)", right: "", width: width)) }
        } else {
            lines.append(boxed(navInfo.map { "state: \($0.navState.rawValue)" } ?? "waiting for guidance…", right: "", width: width))
        }
        lines.append("└" + rule + "┘")
        lines.append("  voice: " + (lastPrompt.map { "“\($0.text)”" } ?? "—"))
        let leg = legs.isEmpty ? "no route" : "leg \(currentLegIndex + 1)/\(currentLegIndex + legs.count)"
        let destination = legs.first?.destination.title ?? "—"
        let eta = remainingSeconds.flatMap { seconds in lastFixTime.map { clockText($0.adding(seconds: seconds)) } } ?? "—"
        lines.append(
            "  \(leg) → \(destination)   \(remainingMeters.map(metres) ?? "—") · \(remainingSeconds.map(minutes) ?? "—") · ETA \(eta)")
        let total = tripMeters
        let fraction = total > 0 ? min(1, drivenMeters / total) : 0
        let filled = Int((fraction * 40).rounded())
        lines.append(
            "  [" + String(repeating: "█", count: filled) + String(repeating: "░", count: 40 - filled) + "] "
                + "\(Int((fraction * 100).rounded())) % of \(kilometres(total))")
        let speed = location?.speed.map(kmh) ?? "—"
        let limit = (location?.speedLimit ?? speeding?.speedLimit).map(kmh) ?? "unknown"
        let severity = speeding.map { "\($0.severity.rawValue)" + ($0.percentageAboveLimit > 0 ? " +\(Int($0.percentageAboveLimit.rounded())) %" : "") } ?? "—"
        let alerting = alert.map { $0.raised ? "  ALERT \($0.severity.rawValue.uppercased())" : "" } ?? ""
        lines.append("  speed \(speed)  limit \(limit)  \(severity)\(alerting)")
        let road = location.map { ($0.onRoute ? "on route" : "OFF ROUTE") + ($0.roadName.map { ", \($0)" } ?? "") } ?? "—"
        lines.append("  \(road)")
        let theme = lighting.map { "\($0.appliedMode.rawValue) (theme \($0.theme.name), header \($0.theme.primaryBackground))" } ?? "—"
        lines.append("  lighting \(theme)   traffic \(delay?.category.rawValue ?? "—")   reroutes \(reroutes)")
        lines.append("  latest events:")
        for event in events { lines.append("    " + String(event.prefix(width - 4))) }
        return lines
    }

    /// The closing summary.
    public func summary() -> [String] {
        var duration: Double?
        if let first = firstFixTime, let last = lastFixTime { duration = last.seconds(since: first) }
        return [
            "trip summary — \(title)",
            "  arrivals: \(arrivals.map { "\($0.waypoint.title)\($0.isFinalDestination ? " (final)" : "")" }.joined(separator: ", "))",
            "  driven: \(kilometres(drivenMeters)) in \(duration.map(minutes) ?? "—") of simulated time, top speed \(kmh(maximumSpeed))",
            "  reroutes: \(reroutes), speed alerts raised: \(speedingAlertsRaised), lighting: \(lighting?.appliedMode.rawValue ?? "—")",
            "  voice prompts: \(promptsHeard)",
            "  messages: " + messagesByTopic.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
        ]
    }

    private func boxed(_ left: String, right: String, width: Int) -> String {
        let room = width - 4 - right.count
        let text = left.count > room ? String(left.prefix(room - 1)) + "…" : left
        return "│ " + text + String(repeating: " ", count: max(1, room - text.count)) + right + " │"
    }

    private func symbol(for maneuver: Maneuver) -> String {
        if maneuver.type == .roundabout || maneuver.type == .exitRoundabout { return "↺" }
        return switch maneuver.modifier {
        case .left, .sharpLeft: "↰"
        case .right, .sharpRight: "↱"
        case .slightLeft: "↖"
        case .slightRight: "↗"
        case .uturn: "↶"
        default: maneuver.type == .arrive ? "◉" : "↑"
        }
    }
}

func kmh(_ metresPerSecond: Double) -> String { "\(Int((metresPerSecond * 3.6).rounded())) km/h" }
func metres(_ value: Double) -> String { value >= 1000 ? kilometres(value) : "\(Int((value / 10).rounded() * 10)) m" }
func kilometres(_ value: Double) -> String { MessageFormatter.format(value / 1000, digits: 1) + " km" }
func minutes(_ seconds: Double) -> String {
    seconds < 90 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
}
func clockText(_ time: Timestamp) -> String { String(time.rfc3339.dropFirst(11).prefix(5)) + " UTC" }

