/// The side of the road the destination lies on, seen in the direction of travel at arrival.
public enum StreetSide: String, Codable, Sendable, CaseIterable {
    case left
    case right
}

/// A kind of road a route request can ask to avoid.
public enum AvoidableRoad: String, Codable, Sendable, CaseIterable {
    case highways
    case tolls
    case ferries
}
