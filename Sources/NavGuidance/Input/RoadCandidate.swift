import NavCore

/// A position on one direction of one road, as a map matcher considers it for a fix.
///
/// The engine treats ``edge`` as an opaque name the matcher gives a directed piece of road (the map's
/// arc); it only hands candidates back to the same matcher to measure distances between them.
public struct RoadCandidate: Hashable, Codable, Sendable {
    /// The matcher's identifier of the directed road piece.
    public var edge: Int
    /// Metres from the start of that piece to the position.
    public var offset: Double
    /// The position itself; its `course` is the direction of travel along ``edge``.
    public var road: RoadMatch

    /// Creates a candidate.
    public init(edge: Int, offset: Double, road: RoadMatch) {
        self.edge = edge
        self.offset = offset
        self.road = road
    }
}
