/// The side of the road a place lies on, seen in the direction of travel.
public enum StreetSide: String, Sendable, CaseIterable {
    case left
    case right
}
