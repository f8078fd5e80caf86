import NavConsole
import NavCore
import NavBus
import NavProtocol

/// One vehicle's trip read back from JSON Lines (`{"topic":..., "envelope":{...}}`, as the logger and
/// `navbus sub --json` write them): the planned routes, the driven trace, speeding, arrivals and reroutes.
struct TripRecording {
    struct TracePoint {
        var latitude: Double
        var longitude: Double
        var time: Timestamp
        var severity: SpeedingSeverity
    }

    struct PlannedRoute {
        var reason: RouteChangeReason
        var legs: [[Coordinate]]
    }

    struct Marker {
        var latitude: Double
        var longitude: Double
        var label: String
    }

    var vehicle: String
    var trace: [TracePoint] = []
    var routes: [PlannedRoute] = []
    var arrivals: [Marker] = []
    var reroutes: [Marker] = []
    var skippedLines = 0

    /// Reads `lines` for `vehicle`; the first vehicle that has locations when `vehicle` is nil.
    init(lines: [String], vehicle: String?) {
        var messages: [(topic: String, subject: String, time: Timestamp, data: JSONValue)] = []
        for line in lines where !line.isEmpty {
            guard let document = try? JSONParser.parse(line), let topic = document["topic"]?.stringValue,
                let envelope = document["envelope"], let subject = envelope["subject"]?.stringValue,
                let time = envelope["time"]?.stringValue.flatMap(Timestamp.init(rfc3339:)), let data = envelope["data"]
            else {
                skippedLines += 1
                continue
            }
            messages.append((topic, subject, time, data))
        }
        let chosen =
            vehicle ?? messages.first { $0.topic == Topic.navLocation.rawValue }?.subject ?? "default"
        self.vehicle = chosen
        var severity = SpeedingSeverity.notSpeeding
        let decoder = JSONValueDecoder()
        for message in messages where message.subject == chosen {
            switch Topic(rawValue: message.topic) {
            case .navSpeeding:
                severity = (try? decoder.decode(SpeedingUpdate.self, from: message.data))?.severity ?? severity
            case .navLocation:
                guard let location = try? decoder.decode(SnappedLocation.self, from: message.data) else { continue }
                trace.append(
                    TracePoint(
                        latitude: location.latitude, longitude: location.longitude, time: location.timestamp,
                        severity: severity))
            case .navRouteChanged:
                guard let change = try? decoder.decode(RouteChanged.self, from: message.data) else { continue }
                routes.append(
                    PlannedRoute(reason: change.reason, legs: change.routeLegs.map { $0.geometry.points }))
                if change.reason == .offRoute, let last = trace.last {
                    reroutes.append(Marker(latitude: last.latitude, longitude: last.longitude, label: "reroute"))
                }
            case .navArrival:
                guard let arrival = try? decoder.decode(Arrival.self, from: message.data),
                    let coordinate = arrival.waypoint.coordinate
                else { continue }
                arrivals.append(
                    Marker(latitude: coordinate.latitude, longitude: coordinate.longitude, label: arrival.waypoint.title))
            default:
                break
            }
        }
    }
}
