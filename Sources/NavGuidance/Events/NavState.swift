/// What guidance is doing.
public enum NavState: String, Hashable, Codable, Sendable {
    /// Guiding along the route.
    case enroute
    /// The vehicle left the route; a new one has been asked for.
    case rerouting
    /// Not guiding: guidance is off, there is no route, or a destination was reached.
    case stopped
}
