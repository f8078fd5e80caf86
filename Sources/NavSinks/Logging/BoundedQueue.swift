import Foundation

/// A bounded first-in first-out hand-over from one producer thread to one consumer thread that never blocks the
/// producer: when the queue is full, `offer` refuses the element and counts it as dropped.
///
/// The queue is full when it holds `capacity` elements or when their total weight would pass `weightLimit`, so a
/// burst of large elements cannot exhaust memory either.
///
/// The logger's receive loop offers each line and the writer thread takes everything queued at once, so a slow
/// disk costs lines (counted) instead of slowing the bus.
public final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var droppedCount: UInt64 = 0
    private var totalWeight = 0
    private var closed = false
    /// The most elements held at once.
    public let capacity: Int
    /// The most total weight held at once; one element heavier than this is still accepted into an empty queue.
    public let weightLimit: Int
    private let weight: @Sendable (Element) -> Int

    /// - Parameters:
    ///   - capacity: the most elements held at once.
    ///   - weightLimit: the most total weight held at once (e.g. bytes).
    ///   - weight: an element's weight; 1 by default, so only `capacity` counts.
    public init(capacity: Int, weightLimit: Int = .max, weight: @escaping @Sendable (Element) -> Int = { _ in 1 }) {
        precondition(capacity >= 1, "a queue needs room for at least one element")
        self.capacity = capacity
        self.weightLimit = weightLimit
        self.weight = weight
        elements.reserveCapacity(min(capacity, 4096))
    }

    /// Adds `element` unless the queue is full or closed.
    /// - Returns: whether the element was queued; `false` means it was dropped (and counted).
    @discardableResult
    public func offer(_ element: Element) -> Bool {
        let elementWeight = weight(element)
        condition.lock()
        defer { condition.unlock() }
        guard !closed, elements.count < capacity, elements.isEmpty || totalWeight + elementWeight <= weightLimit else {
            droppedCount += 1
            return false
        }
        totalWeight += elementWeight
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
        totalWeight = 0
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
