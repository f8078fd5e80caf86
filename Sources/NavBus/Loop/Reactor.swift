public import NavCore

/// A single-threaded event loop over ZeroMQ sockets and timers, in the manner of the ZeroMQ Guide's `zloop`.
///
/// A service registers its sockets and periodic jobs, then calls `run()` on a thread of its own. All handlers
/// run on that thread, so the state they share needs no locks, and every socket stays on one thread as libzmq
/// requires. Between events it blocks in `zmq_poll`; it wakes at least every `maximumWait` to notice a stop
/// request, which a signal handler cannot deliver to a poll.
public final class Reactor {
    private struct Reader {
        let socket: ZMQSocket
        let handler: () throws -> Void
    }

    private struct Timer {
        let interval: Double
        var due: Double
        let handler: () throws -> Void
    }

    private struct Deadline {
        let due: () -> Double
        let handler: () throws -> Void
    }

    private let stop: StopFlag
    private let maximumWait: Double
    private var readers: [Reader] = []
    private var timers: [Timer] = []
    private var deadlines: [Deadline] = []
    /// Receives every error a handler throws; the loop itself carries on.
    public var onError: (any Error) -> Void = { _ in }

    public init(stop: StopFlag, maximumWait: Double = 0.1) {
        self.stop = stop
        self.maximumWait = maximumWait
    }

    /// Calls `handler` whenever `socket` has input. The handler should drain what is queued.
    public func onReadable(_ socket: ZMQSocket, _ handler: @escaping () throws -> Void) {
        readers.append(Reader(socket: socket, handler: handler))
    }

    /// Calls `handler` every `interval` seconds, the first time after one interval.
    public func every(_ interval: Double, _ handler: @escaping () throws -> Void) {
        timers.append(Timer(interval: interval, due: MonotonicClock.seconds() + interval, handler: handler))
    }

    /// Calls `handler` once the monotonic time `due()` has come. `due` is asked again on every turn of the loop,
    /// so a handler (of a socket or of this deadline) can move it; `.infinity` sleeps until something changes.
    /// This is how a loop with nothing to do waits on its sockets instead of ticking.
    public func whenDue(_ due: @escaping () -> Double, _ handler: @escaping () throws -> Void) {
        deadlines.append(Deadline(due: due, handler: handler))
    }

    /// Runs until the stop flag is set.
    /// - Throws: `ZMQError` when polling itself fails (the context was terminated).
    public func run() throws(ZMQError) {
        var poller = ZMQPoller()
        for reader in readers { poller.addInput(reader.socket) }
        while !stop.isStopRequested {
            let now = MonotonicClock.seconds()
            var wait = maximumWait
            for timer in timers { wait = min(wait, max(0, timer.due - now)) }
            for deadline in deadlines { wait = min(wait, max(0, deadline.due() - now)) }
            let ready = try poller.poll(timeoutMilliseconds: Int((wait * 1000).rounded(.up)))
            for (index, isReady) in ready.enumerated() where isReady {
                perform(readers[index].handler)
            }
            let after = MonotonicClock.seconds()
            for index in timers.indices where timers[index].due <= after {
                // Skip missed ticks instead of firing a burst after a stall.
                timers[index].due = max(timers[index].due + timers[index].interval, after)
                perform(timers[index].handler)
            }
            for deadline in deadlines where deadline.due() <= after {
                perform(deadline.handler)
            }
        }
    }

    private func perform(_ handler: () throws -> Void) {
        do {
            try handler()
        } catch {
            onError(error)
        }
    }
}
