public import NavCore
import NavMap

/// One instruction of turn-by-turn guidance and the stretch of road it covers.
public struct RouteStep: Sendable, Equatable {
    public var maneuver: Maneuver
    /// For ``Maneuver/roundabout``: which exit to take (1 is the first).
    public var roundaboutExit: Int?
    /// The road the step follows after the maneuver.
    public var roadName: String
    /// English instruction, e.g. "Turn left onto Mannerheimintie".
    public var instruction: String
    public var distanceMeters: Double
    public var durationSeconds: Double
    /// Indices into the leg's `coordinates` this step covers (maneuver point first).
    public var coordinateRange: ClosedRange<Int>
    /// Where the maneuver happens.
    public var location: Coordinate

    public init(
        maneuver: Maneuver, roundaboutExit: Int? = nil, roadName: String, instruction: String, distanceMeters: Double,
        durationSeconds: Double, coordinateRange: ClosedRange<Int>, location: Coordinate
    ) {
        self.maneuver = maneuver
        self.roundaboutExit = roundaboutExit
        self.roadName = roadName
        self.instruction = instruction
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.coordinateRange = coordinateRange
        self.location = location
    }
}
