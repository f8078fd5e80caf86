/// The result of one input: the next state and what listeners should hear about.
public struct GuidanceUpdate: Sendable {
    /// The state after the input.
    public var state: GuidanceState
    /// The events the input caused, in the order they happened.
    public var events: [GuidanceEvent]

    /// Creates an update.
    public init(state: GuidanceState, events: [GuidanceEvent]) {
        self.state = state
        self.events = events
    }
}
