public import NavCore
public import NavProtocol

/// What changed on a vehicle's page after an input.
public struct VehicleChange: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The header, footer, speedometer, position, progress or theme.
    public static let view = VehicleChange(rawValue: 1)
    /// The route line, its traffic colours or the waypoints.
    public static let route = VehicleChange(rawValue: 2)
}

/// The latest of everything the bus said about one vehicle, and what its navigation page derives from it.
///
/// Pure and time-free: message times come in with each input, so the progress bar, the speedometer and the ETA
/// are tested with plain values.
public struct VehicleState: Sendable {
    public let vehicle: String
    public private(set) var updatedAt: Timestamp?
    public private(set) var navInfo: NavInfo?
    private var navInfoTime: Timestamp?
    public private(set) var location: SnappedLocation?
    public private(set) var route: RouteChanged?
    /// Grows on every route change, so the page knows to redraw the line and restart the progress bar.
    public private(set) var routeRevision = 0
    /// The route's positions, every leg after the other.
    public private(set) var routePoints: [Coordinate] = []
    /// Index in ``routePoints`` where each leg ends.
    private var legEnds: [Int] = []
    /// Metres from the route's start to each of ``routePoints``.
    private var cumulativeMetres: [Double] = []
    public private(set) var routeTraffic: [TrafficRun] = []
    public private(set) var trip = TripBaseline(totalMetres: 0, startMetres: 0)
    private var remainingSeconds: Double?
    private var remainingMetres: Double?
    private var remainingTime: Timestamp?
    public private(set) var delayCategory: DelayCategory?
    public private(set) var speeding: SpeedingUpdate?
    public private(set) var speedAlert: SpeedAlert?
    /// The newest speed and limit, from whichever of `nav.location.v1` and `nav.speeding.v1` came last.
    private var speed: Double?
    private var speedLimit: Double?
    public private(set) var lighting: AppliedLighting?
    public private(set) var lastArrival: Arrival?

    /// The trip the progress bar shows: its length when it (re)started and where along it the current route
    /// begins (above 0 once an intermediate destination is behind).
    public struct TripBaseline: Sendable, Equatable {
        public var totalMetres: Double
        public var startMetres: Double
    }

    public init(vehicle: String) {
        self.vehicle = vehicle
    }

    /// Takes in one message of the vehicle.
    /// - Parameters:
    ///   - input: the decoded payload.
    ///   - time: the envelope's time.
    ///   - traffic: the conditions in force, for colouring a new route.
    ///   - matcher: finds the road under a route segment, when a map is loaded.
    /// - Returns: what the page must redraw.
    @discardableResult
    public mutating func apply(
        _ input: VehicleInput, at time: Timestamp, traffic: TrafficOverlay = TrafficOverlay(),
        matcher: (any RouteWayMatcher)? = nil
    ) -> VehicleChange {
        updatedAt = time
        switch input {
        case .navInfo(let info):
            navInfo = info
            navInfoTime = time
        case .location(let fix):
            location = fix
            speed = fix.speed ?? speed
            speedLimit = fix.speedLimit
        case .routeChanged(let change):
            adopt(change, traffic: traffic, matcher: matcher, now: time)
            return [.view, .route]
        case .remainingTime(let value):
            remainingSeconds = value.seconds
            remainingTime = time
        case .remainingDistance(let value):
            remainingMetres = value.meters
        case .delayCategory(let value):
            delayCategory = value.category
        case .speeding(let update):
            speeding = update
            speed = update.speed
            speedLimit = update.speedLimit
        case .speedAlert(let alert):
            speedAlert = alert
        case .lighting(let applied):
            lighting = applied
        case .arrival(let arrival):
            lastArrival = arrival
        }
        return .view
    }

    /// Recolours the route after the traffic conditions changed.
    /// - Returns: whether any colour changed.
    public mutating func recolour(traffic: TrafficOverlay, matcher: (any RouteWayMatcher)?, now: Timestamp) -> Bool {
        let runs = traffic.runs(along: routePoints, matcher: matcher, now: now)
        guard runs != routeTraffic else { return false }
        routeTraffic = runs
        return true
    }

    private mutating func adopt(
        _ change: RouteChanged, traffic: TrafficOverlay, matcher: (any RouteWayMatcher)?, now: Timestamp
    ) {
        route = change
        routeRevision += 1
        routePoints = []
        legEnds = []
        for leg in change.routeLegs {
            var points = leg.geometry.points
            // Each leg starts where the previous one ended; keep that position once.
            if let last = routePoints.last, let first = points.first, last == first { points.removeFirst() }
            routePoints += points
            legEnds.append(max(0, routePoints.count - 1))
        }
        cumulativeMetres = [0]
        for i in routePoints.indices.dropFirst() {
            cumulativeMetres.append(cumulativeMetres[i - 1] + routePoints[i - 1].distance(to: routePoints[i]))
        }
        routeTraffic = traffic.runs(along: routePoints, matcher: matcher, now: now)
        let routeMetres = change.routeLegs.reduce(0) { $0 + $1.distanceMeters }
        // Passing an intermediate destination continues the same trip; any other change is a new trip from here,
        // as the SDK's progress bar resets when the route changes.
        if change.reason == .nextDestination, trip.totalMetres >= routeMetres {
            trip.startMetres = trip.totalMetres - routeMetres
        } else {
            trip = TripBaseline(totalMetres: routeMetres, startMetres: 0)
        }
        // Figures for the old route no longer apply.
        remainingSeconds = nil
        remainingMetres = nil
        navInfo = nil
    }

    // MARK: What the page shows

    /// The navigation page's model now.
    public var view: VehicleView {
        VehicleView(
            vehicle: vehicle, time: updatedAt, navState: navInfo?.navState,
            header: header, footer: footer, directions: directions, progress: progress, speedometer: speedometer,
            position: location.map {
                VehicleView.Position(
                    latitude: $0.latitude, longitude: $0.longitude, course: $0.course, onRoute: $0.onRoute,
                    roadName: $0.roadName)
            },
            lighting: lighting.map { VehicleView.Lighting(mode: $0.appliedMode, theme: $0.theme) },
            delayCategory: delayCategory,
            arrival: lastArrival.map {
                VehicleView.ArrivalNote(
                    title: $0.waypoint.title, waypointIndex: $0.waypointIndex, isFinalDestination: $0.isFinalDestination)
            },
            routeRevision: routeRevision)
    }

    private var header: VehicleView.Header? {
        guard let info = navInfo, let step = info.currentStep, info.navState != .idle else { return nil }
        return VehicleView.Header(
            maneuver: step.maneuver, roadName: step.roadName, instruction: step.instruction,
            distanceMeters: info.distanceToCurrentStepMeters,
            then: info.remainingSteps.first.map {
                VehicleView.Header.Following(maneuver: $0.maneuver, roadName: $0.roadName, instruction: $0.instruction)
            })
    }

    private var footer: VehicleView.Footer? {
        let seconds = navInfo?.timeToNextDestinationSeconds ?? remainingSeconds
        let metres = navInfo?.distanceToNextDestinationMeters ?? remainingMetres
        guard seconds != nil || metres != nil else { return nil }
        let measuredAt = navInfo?.timeToNextDestinationSeconds != nil ? navInfoTime : remainingTime
        return VehicleView.Footer(
            remainingSeconds: seconds, remainingMeters: metres,
            arrival: seconds.flatMap { seconds in measuredAt.map { $0.adding(seconds: seconds) } },
            destination: route?.routeLegs.first?.destination.title)
    }

    private var directions: [VehicleView.Direction] {
        guard let info = navInfo, info.navState != .idle else { return [] }
        return ([info.currentStep].compactMap { $0 } + info.remainingSteps).map {
            VehicleView.Direction(
                maneuver: $0.maneuver, roadName: $0.roadName, instruction: $0.instruction,
                distanceMeters: $0.distanceMeters)
        }
    }

    private var progress: VehicleView.Progress? {
        guard let route, !route.routeLegs.isEmpty, trip.totalMetres > 0 else { return nil }
        let toGo = navInfo?.distanceToFinalDestinationMeters
            ?? (route.routeLegs.count == 1 ? remainingMetres : nil)
        let elapsed = toGo.map { min(trip.totalMetres, max(0, trip.totalMetres - $0)) } ?? trip.startMetres
        let routeMetres = route.routeLegs.reduce(0) { $0 + $1.distanceMeters }
        let geometryMetres = cumulativeMetres.last ?? 0
        let scale = geometryMetres > 0 ? routeMetres / geometryMetres : 0
        func fraction(_ index: Int) -> Double {
            let along = trip.startMetres + cumulativeMetres[min(index, cumulativeMetres.count - 1)] * scale
            return min(1, max(0, along / trip.totalMetres))
        }
        let traffic = routeTraffic.filter { $0.level != .free }.map {
            VehicleView.Progress.Stretch(start: fraction($0.from), end: fraction($0.to), level: $0.level)
        }
        let stops = legEnds.dropLast().map { fraction($0) }
        return VehicleView.Progress(
            revision: routeRevision, totalMeters: trip.totalMetres, elapsedMeters: elapsed,
            fraction: elapsed / trip.totalMetres, traffic: traffic, stops: Array(stops))
    }

    private var speedometer: VehicleView.Speedometer? {
        guard let speed else { return nil }
        let level: VehicleView.Speedometer.Level
        switch speeding?.severity {
        case .minor: level = .minor
        case .major: level = .major
        case .notSpeeding, .unknown, nil: level = .none
        }
        return VehicleView.Speedometer(
            speed: speed, speedLimit: speedLimit, speeding: speedLimit.map { speed > $0 } ?? false,
            percentageAboveLimit: speeding?.percentageAboveLimit, level: level,
            alert: speedAlert?.severity ?? .noAlert)
    }

    /// The route as the map draws it; `nil` before the first route.
    public var routeView: RouteView? {
        guard let route else { return nil }
        var waypoints: [RouteView.Marker] = []
        for (i, leg) in route.routeLegs.enumerated() {
            let end = i < legEnds.count && legEnds[i] < routePoints.count ? routePoints[legEnds[i]] : nil
            guard let position = leg.destination.coordinate ?? end else { continue }
            waypoints.append(
                RouteView.Marker(
                    title: leg.destination.title, latitude: position.latitude, longitude: position.longitude,
                    waypointIndex: route.currentRouteLegIndex + i, isFinalDestination: i == route.routeLegs.count - 1))
        }
        return RouteView(
            revision: routeRevision, reason: route.reason, currentRouteLegIndex: route.currentRouteLegIndex,
            coordinates: routePoints.map { [Self.rounded($0.longitude), Self.rounded($0.latitude)] },
            legEnds: legEnds, waypoints: waypoints, traffic: routeTraffic)
    }

    /// The one line the fleet page shows for the vehicle.
    public var summary: FleetSummary? {
        guard let location else { return nil }
        return FleetSummary(
            id: vehicle, lat: Self.rounded(location.latitude), lon: Self.rounded(location.longitude),
            course: location.course.map { ($0 * 10).rounded() / 10 }, speed: speed.map { ($0 * 10).rounded() / 10 },
            state: navInfo?.navState, alert: speedAlert?.severity == .noAlert ? nil : speedAlert?.severity,
            road: location.roadName, next: navInfo?.currentStep?.instruction,
            eta: footer?.remainingSeconds.map { $0.rounded() }, theme: lighting?.theme.name)
    }

    /// Six decimals of a degree are 0.1 m: enough for a map, and a third of the bytes of a full Double.
    static func rounded(_ degrees: Double) -> Double { (degrees * 1e6).rounded() / 1e6 }
}
