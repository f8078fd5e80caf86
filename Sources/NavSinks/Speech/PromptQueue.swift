public import NavProtocol

/// The prompts waiting to be spoken, oldest first, and which of them have gone stale.
///
/// Speaking takes seconds, so prompts queue up behind one another. A prompt is dropped instead of spoken
/// when, by the time its turn comes, the vehicle's clock is past its `validUntil` (the vehicle is past the
/// point it was meant for), or when a later prompt about the same maneuver has arrived (a transition
/// prompt makes the pre-transition one still waiting pointless), or a reroute prompt (a new route). The vehicle's clock is the latest prompt
/// time seen from it, moved on by the monotonic time elapsed since, since prompts carry fix time.
public struct PromptQueue: Sendable {
    public struct Entry: Sendable, Equatable {
        public var vehicle: String
        public var prompt: VoicePrompt
        /// Monotonic seconds when it was received.
        public var receivedAt: Double
    }

    /// At most this many prompts wait; beyond, the oldest is dropped.
    public let capacity: Int
    public private(set) var entries: [Entry] = []
    /// Prompts dropped because they went stale, were superseded or overflowed the queue.
    public private(set) var dropped = 0
    private var clocks: [String: (time: Double, monotonic: Double)] = [:]

    public init(capacity: Int = 16) {
        self.capacity = capacity
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Adds a prompt received at monotonic time `now`.
    public mutating func push(_ prompt: VoicePrompt, vehicle: String, now: Double) {
        let time = prompt.time.secondsSince1970
        if time >= clocks[vehicle]?.time ?? -.infinity { clocks[vehicle] = (time, now) }
        let before = entries.count
        entries.removeAll { waiting in
            guard waiting.vehicle == vehicle, waiting.prompt.kind != .speedAlert, prompt.kind != .speedAlert else {
                return false
            }
            // A new route makes everything said about the old one moot.
            if prompt.kind == .reroute { return true }
            return waiting.prompt.routeLegIndex == prompt.routeLegIndex && waiting.prompt.stepIndex == prompt.stepIndex
                && waiting.prompt.kind != prompt.kind
        }
        dropped += before - entries.count
        entries.append(Entry(vehicle: vehicle, prompt: prompt, receivedAt: now))
        if entries.count > capacity {
            entries.removeFirst(entries.count - capacity)
            dropped += 1
        }
    }

    /// The next prompt still worth saying at monotonic time `now`, dropping the stale ones before it.
    public mutating func next(now: Double) -> Entry? {
        while !entries.isEmpty {
            let entry = entries.removeFirst()
            if vehicleTime(entry.vehicle, now: now) <= entry.prompt.validUntil.secondsSince1970 { return entry }
            dropped += 1
        }
        return nil
    }

    /// The vehicle's fix-time clock at monotonic time `now`.
    public func vehicleTime(_ vehicle: String, now: Double) -> Double {
        guard let clock = clocks[vehicle] else { return -.infinity }
        return clock.time + max(0, now - clock.monotonic)
    }
}
