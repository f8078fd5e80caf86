/// One instruction of a planned route: a maneuver and the stretch of road that follows it.
public struct RouteStep: Codable, Sendable, Equatable {
    /// What to do where the step starts.
    public var maneuver: Maneuver
    /// The name (or reference, such as `E12`) of the road the step follows, when it has one.
    public var roadName: String?
    /// The instruction as a driver hears it, e.g. "Turn left onto Mannerheimintie".
    public var instruction: String
    /// Length of the step in metres.
    public var distanceMeters: Double
    /// Expected travel time of the step in seconds.
    public var durationSeconds: Double
    /// The road geometry of the step.
    public var geometry: LineString

    public init(
        maneuver: Maneuver, roadName: String? = nil, instruction: String, distanceMeters: Double,
        durationSeconds: Double, geometry: LineString
    ) {
        self.maneuver = maneuver
        self.roadName = roadName
        self.instruction = instruction
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.geometry = geometry
    }
}
