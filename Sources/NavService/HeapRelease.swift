import CMalloc

/// Gives the allocator's free pages back to the system once a burst of messages has been handled.
///
/// Every message a process receives is allocated by libzmq's I/O thread and freed by the thread that handles it, so
/// glibc keeps the freed memory in that thread's arena: after a flood the resident size stays at the flood's peak
/// (the receive queue's backlog), although nothing of it is held any more. `malloc_trim` returns the free pages of
/// every arena. It walks the heap, so it runs only after enough messages and only when the process is idle.
/// Not thread-safe: use it from the thread that handles the messages (a reactor).
public final class HeapRelease {
    /// Messages handled between two releases at most; a trickle never pays for a walk of the heap.
    public let messagesPerRelease: Int
    private var handledSinceRelease = 0
    private var handledAtLastCheck = 0

    public init(messagesPerRelease: Int = 10_000) {
        self.messagesPerRelease = messagesPerRelease
    }

    /// Counts handled messages (received, rejected or dropped alike: each one was allocated).
    public func note(handled count: Int = 1) {
        handledSinceRelease += count
    }

    /// Releases free memory when enough messages were handled since the last release, the burst is over (fewer than
    /// a hundredth of that since the previous call: heartbeats go on) and nothing is waiting that would be allocated
    /// again at once. Call it periodically.
    /// - Parameter backlog: items the process still holds queued (a writer's queue).
    /// - Returns: whether memory was released.
    @discardableResult
    public func releaseIfDue(backlog: Int) -> Bool {
        defer { handledAtLastCheck = handledSinceRelease }
        let burstOver = handledSinceRelease - handledAtLastCheck < max(1, messagesPerRelease / 100)
        guard backlog == 0, handledSinceRelease >= messagesPerRelease, burstOver else {
            return false
        }
        handledSinceRelease = 0
        _ = malloc_trim(0)
        return true
    }
}
