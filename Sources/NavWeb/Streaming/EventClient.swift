import Foundation

/// What a browser's event stream follows.
public enum EventSubscription: Sendable, Hashable {
    /// One vehicle's navigation page.
    case vehicle(String)
    /// Every vehicle (the fleet page).
    case fleet
}

/// One browser's event stream: a bounded queue between the bus thread, which offers events and never waits, and
/// the connection's thread, which sends them.
///
/// When the queue is full the client is behind: its queued events are dropped (and counted) and it is marked for a
/// resynchronisation, a fresh snapshot of the state, so a slow browser skips ahead instead of slowing the bus or
/// missing a route change for good. A new client starts marked, so its first event is that snapshot.
public final class EventClient: ResponseStream, @unchecked Sendable {
    public let id: Int
    public let subscription: EventSubscription
    public let capacity: Int
    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var closed = false
    private var needsSnapshot = true
    private var droppedCount: UInt64 = 0
    private let keepAliveSeconds: Double
    /// Builds the snapshot: called without this client's lock, by the hub, which clears the queue atomically with
    /// reading the state (``beginSnapshot()``).
    private let snapshot: @Sendable (EventClient) -> [UInt8]
    private let closedHandler: @Sendable (EventClient) -> Void

    init(
        id: Int, subscription: EventSubscription, capacity: Int, keepAliveSeconds: Double,
        snapshot: @escaping @Sendable (EventClient) -> [UInt8], closed: @escaping @Sendable (EventClient) -> Void
    ) {
        self.id = id
        self.subscription = subscription
        self.capacity = max(1, capacity)
        self.keepAliveSeconds = keepAliveSeconds
        self.snapshot = snapshot
        self.closedHandler = closed
    }

    /// Queues an event without waiting.
    /// - Returns: `false` when the queue was full and the client now waits for a snapshot (the events are counted
    ///   in ``dropped``).
    @discardableResult
    public func offer(_ event: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return true }
        // A client waiting for its snapshot gets everything that happened in it.
        if needsSnapshot { return true }
        guard queue.count < capacity else {
            droppedCount += UInt64(queue.count) + 1
            queue.removeAll(keepingCapacity: true)
            needsSnapshot = true
            condition.signal()
            return false
        }
        queue.append(event)
        if queue.count == 1 { condition.signal() }
        return true
    }

    /// Events dropped because the browser fell behind.
    public var dropped: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

    /// Events waiting to be sent.
    public var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count
    }

    /// Clears the queue for a snapshot; the hub calls it while it holds the state lock, so every event after the
    /// snapshot is queued after it.
    func beginSnapshot() {
        condition.lock()
        queue.removeAll(keepingCapacity: true)
        needsSnapshot = false
        condition.unlock()
    }

    /// Ends the stream: the connection's thread returns at once.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    // MARK: ResponseStream

    public func nextChunk(maxBytes: Int) -> [UInt8]? {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: keepAliveSeconds)
        while queue.isEmpty && !needsSnapshot && !closed {
            if !condition.wait(until: deadline) { break }
        }
        if closed {
            condition.unlock()
            return nil
        }
        if needsSnapshot {
            condition.unlock()
            return snapshot(self)
        }
        guard !queue.isEmpty else {
            condition.unlock()
            return ServerSentEvent.keepAlive
        }
        // Everything queued goes out in one write, up to about what the server asked for.
        var chunk: [UInt8] = []
        var taken = 0
        while taken < queue.count, chunk.isEmpty || chunk.count + queue[taken].count <= maxBytes {
            chunk += queue[taken]
            taken += 1
        }
        queue.removeFirst(taken)
        condition.unlock()
        return chunk
    }

    public func connectionClosed() {
        close()
        closedHandler(self)
    }
}
