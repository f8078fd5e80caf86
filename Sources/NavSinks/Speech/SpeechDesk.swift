import Foundation
import NavCore
import NavProtocol

/// The hand-over between the speaker's bus thread and its speech thread: prompts go in on one side, what
/// was said comes back on the other, so the bus thread never waits for speech and hooks still run on it.
final class SpeechDesk: @unchecked Sendable {
    /// A prompt said (or written), for the bus thread to report and hook.
    struct Said: Sendable {
        var entry: PromptQueue.Entry
        /// The WAV file written, in `--wav-dir` mode.
        var file: String?
        var seconds: Double
    }

    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var queue: PromptQueue
    private var said: [Said] = []
    private var failures: [String] = []
    private var closed = false

    init(capacity: Int) {
        queue = PromptQueue(capacity: capacity)
    }

    func push(_ prompt: VoicePrompt, vehicle: String) {
        condition.lock()
        defer { condition.unlock() }
        queue.push(prompt, vehicle: vehicle, now: MonotonicClock.seconds())
        condition.signal()
    }

    /// Waits for the next prompt still worth saying; nil once closed.
    func take() -> PromptQueue.Entry? {
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            if let entry = queue.next(now: MonotonicClock.seconds()) { return entry }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.5))
        }
        return nil
    }

    func report(_ done: Said) {
        condition.lock()
        said.append(done)
        condition.unlock()
    }

    func report(failure: String) {
        condition.lock()
        failures.append(failure)
        condition.unlock()
    }

    /// What was said and what failed since the last call, and how many prompts were dropped in all.
    func collect() -> (said: [Said], failures: [String], dropped: Int) {
        condition.lock()
        defer { condition.unlock() }
        let result = (said, failures, queue.dropped)
        said = []
        failures = []
        return result
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
