import NavBus

extension Subscriber {
    /// Messages a sink handles before it lets its event loop run timers (heartbeats, dwell checks) again.
    static let batchSize = 1024

    /// Delivers at most `batchSize` queued messages to `handler`, without waiting.
    ///
    /// Unlike `drain`, it returns under a sustained flood, so the heartbeat keeps reporting what happens; the
    /// event loop calls again at once because the socket is still readable.
    func drainBatch(_ handler: (BusMessage) throws -> Void) throws {
        var handled = 0
        while handled < Self.batchSize, let message = try receive(dontWait: true) {
            try handler(message)
            handled += 1
        }
    }
}
