/// How the vehicle travels; selects the routing profile.
public enum TravelMode: String, Codable, Sendable, CaseIterable {
    case driving
    case cycling
    case walking
    case twoWheeler
    case taxi
}
