public import NavProtocol

/// Estimates the current message time of each vehicle between its messages.
///
/// The sinks judge persistence by message time, not by their own wall clock, so they agree with the publisher
/// even when clocks differ and behave the same on a replay. Publishers may stay silent while nothing changes,
/// so between messages the time is estimated as the latest message time plus the monotonic time elapsed since
/// that message arrived.
public struct MessageClock: Sendable {
    private struct Anchor: Sendable {
        var time: Timestamp
        var monotonic: Double
    }

    private var anchors: [String: Anchor] = [:]

    public init() {}

    /// Records that a message about `vehicle` stamped `time` arrived at `monotonic` seconds.
    public mutating func observe(vehicle: String, time: Timestamp, monotonic: Double) {
        anchors[vehicle] = Anchor(time: time, monotonic: monotonic)
    }

    /// The estimated message time of `vehicle` at `monotonic` seconds; `nil` before its first message.
    public func now(vehicle: String, monotonic: Double) -> Timestamp? {
        guard let anchor = anchors[vehicle] else { return nil }
        return anchor.time.adding(seconds: max(0, monotonic - anchor.monotonic))
    }

    /// Every vehicle seen so far.
    public var vehicles: [String] { Array(anchors.keys) }
}
