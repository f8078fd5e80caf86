/// A kind of road a route request can ask to avoid; raw values are the wire strings of `violatedAvoids`.
public enum AvoidableRoad: String, Hashable, Codable, Sendable, CaseIterable {
    case highways
    case tolls
    case ferries
}
