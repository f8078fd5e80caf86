import NavCore
import NavProtocol

/// What the navigator keeps about each leg beside the engine's ``GuidanceLeg``: the OSM way of every
/// segment (the key traffic conditions use) and the leg's steps as the turn-by-turn feed shows them.
struct SessionLeg: Codable, Sendable, Equatable {
    /// OSM way id of each polyline segment.
    var wayIDs: [Int64]
    /// The leg's steps, numbered from 0 within the leg; renumbered across the trip when published.
    var steps: [NavStep]
    /// The side of the street the leg's destination is on (absent in state saved before it was known).
    var destinationSide: StreetSide?
}
