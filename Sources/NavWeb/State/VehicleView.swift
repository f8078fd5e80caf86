public import NavCore
public import NavProtocol

/// The navigation page of one vehicle (`view` events): every element the SDK's navigation UI shows, ready to draw.
///
/// Distances in metres, times in seconds, speeds in m/s; the page formats them. Absent parts are `null` and the
/// page hides them.
public struct VehicleView: Encodable, Sendable, Equatable {
    public var vehicle: String
    public var time: Timestamp?
    public var navState: NavState?
    /// The next maneuver and the one after it (navigation header).
    public var header: Header?
    /// Time, distance and arrival at the next destination (navigation footer).
    public var footer: Footer?
    /// The directions list: the current step first.
    public var directions: [Direction]
    /// The trip progress bar.
    public var progress: Progress?
    public var speedometer: Speedometer?
    public var position: Position?
    /// The applied day or night theme (`ui.lighting.v1`).
    public var lighting: Lighting?
    public var delayCategory: DelayCategory?
    /// The latest waypoint reached.
    public var arrival: ArrivalNote?
    /// The revision of the route the view belongs to.
    public var routeRevision: Int

    public struct Header: Encodable, Sendable, Equatable {
        public var maneuver: Maneuver
        public var roadName: String?
        public var instruction: String
        public var distanceMeters: Double?
        /// The maneuver after the next one.
        public var then: Following?

        public struct Following: Encodable, Sendable, Equatable {
            public var maneuver: Maneuver
            public var roadName: String?
            public var instruction: String
        }
    }

    public struct Footer: Encodable, Sendable, Equatable {
        public var remainingSeconds: Double?
        public var remainingMeters: Double?
        /// Estimated time of arrival: the message time plus the remaining time.
        public var arrival: Timestamp?
        /// The next destination's title.
        public var destination: String?
    }

    public struct Direction: Encodable, Sendable, Equatable {
        public var maneuver: Maneuver
        public var roadName: String?
        public var instruction: String
        public var distanceMeters: Double
    }

    public struct Progress: Encodable, Sendable, Equatable {
        /// The route revision the bar started with; a new one means the bar restarted.
        public var revision: Int
        public var totalMeters: Double
        public var elapsedMeters: Double
        /// Elapsed part and current position, 0…1.
        public var fraction: Double
        /// Stretches ahead with traffic slower than free flow, as fractions of the trip.
        public var traffic: [Stretch]
        /// Intermediate destinations, as fractions of the trip.
        public var stops: [Double]

        public struct Stretch: Encodable, Sendable, Equatable {
            public var start: Double
            public var end: Double
            public var level: TrafficLevel
        }
    }

    public struct Speedometer: Encodable, Sendable, Equatable {
        public enum Level: String, Encodable, Sendable {
            case none, minor, major
        }

        public var speed: Double
        public var speedLimit: Double?
        /// Above the limit: the control expands to show the current speed beside the limit.
        public var speeding: Bool
        public var percentageAboveLimit: Double?
        /// The warning level (`nav.speeding.v1` severity): minor is red text, major a red background.
        public var level: Level
        /// The speeding alerter's alert in force (`alert.speeding.v1`).
        public var alert: SpeedAlertSeverity
    }

    public struct Position: Encodable, Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var course: Double?
        public var onRoute: Bool
        public var roadName: String?
    }

    public struct Lighting: Encodable, Sendable, Equatable {
        public var mode: LightingMode
        public var theme: Theme
    }

    public struct ArrivalNote: Encodable, Sendable, Equatable {
        public var title: String
        public var waypointIndex: Int
        public var isFinalDestination: Bool
    }
}

/// The route line of one vehicle (`route` events).
public struct RouteView: Encodable, Sendable, Equatable {
    public var revision: Int
    public var reason: RouteChangeReason
    public var currentRouteLegIndex: Int
    /// `[longitude, latitude]` positions of every leg in order.
    public var coordinates: [[Double]]
    /// Index into `coordinates` where each leg ends.
    public var legEnds: [Int]
    public var waypoints: [Marker]
    public var traffic: [TrafficRun]

    public struct Marker: Encodable, Sendable, Equatable {
        public var title: String
        public var latitude: Double
        public var longitude: Double
        public var waypointIndex: Int
        public var isFinalDestination: Bool
    }
}

/// One vehicle on the fleet page, with short keys: the fleet stream carries a thousand of these a second.
public struct FleetSummary: Encodable, Sendable, Equatable {
    public var id: String
    public var lat: Double
    public var lon: Double
    public var course: Double?
    public var speed: Double?
    public var state: NavState?
    public var alert: SpeedAlertSeverity?
    public var road: String?
    public var next: String?
    /// Seconds to the next destination.
    public var eta: Double?
    public var theme: String?
}
