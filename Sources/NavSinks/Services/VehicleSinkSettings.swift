
/// What a per-vehicle sink (the speeding alerter, the lighting controller) connects to and whom it tells.
public struct VehicleSinkSettings: Sendable {
    public var subscriberEndpoint: String
    public var publisherEndpoint: String
    /// Only these vehicles, or all when `nil`.
    public var vehicles: Set<String>?
    /// The `--exec` hook, run through `/bin/sh -c` on each change.
    public var hookCommand: String?

    public init(
        subscriberEndpoint: String, publisherEndpoint: String, vehicles: Set<String>? = nil,
        hookCommand: String? = nil
    ) {
        self.subscriberEndpoint = subscriberEndpoint
        self.publisherEndpoint = publisherEndpoint
        self.vehicles = vehicles
        self.hookCommand = hookCommand
    }
}
