/// The side of the road a place lies on, seen in the direction of travel (the destination's side at arrival);
/// raw values are the wire strings.
public enum StreetSide: String, Hashable, Codable, Sendable, CaseIterable {
    case left
    case right
}
