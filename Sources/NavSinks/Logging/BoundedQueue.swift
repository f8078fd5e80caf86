import Foundation

/// A bounded first-in first-out hand-over from one producer thread to one consumer thread that never blocks the
/// producer: when the queue is full, `offer` refuses the element and counts it as dropped.
///
/// The logger's receive loop offers each line and the writer thread takes everything queued at once, so a slow
/// disk costs lines (counted) instead of slowing the bus.
public final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var droppedCount: UInt64 = 0
    private var closed = false
    /// The most elements held at once.
    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity >= 1, "a queue needs room for at least one element")
        self.capacity = capacity
        elements.reserveCapacity(min(capacity, 4096))
    }

    /// Adds `element` unless the queue is full or closed.
    /// - Returns: whether the element was queued; `false` means it was dropped (and counted).
    @discardableResult
    public func offer(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, elements.count < capacity else {
            droppedCount += 1
            return false
        }
        elements.append(element)
        if elements.count == 1 { condition.signal() }
        return true
    }

    /// Takes every queued element, waiting up to `timeout` seconds for the first one.
    /// - Returns: the elements in the order they were offered; empty after a timeout, or when the queue is closed
    ///   and drained.
    public func takeAll(timeout: Double) -> [Element] {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: max(0, timeout))
        while elements.isEmpty && !closed {
            if !condition.wait(until: deadline) { break }
        }
        var taken: [Element] = []
        swap(&taken, &elements)
        return taken
    }

    /// Refuses further elements and wakes the consumer; what is already queued can still be taken.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether `close()` was called and every element has been taken.
    public var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed && elements.isEmpty
    }

    /// Elements refused so far because the queue was full or closed.
    public var dropped: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

    /// Elements waiting now.
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return elements.count
    }
}
