/// A single-threaded event loop over ZeroMQ sockets and timers, in the manner of the ZeroMQ Guide's `zloop`.
///
/// A service registers its sockets and periodic jobs, then calls `run()` on a thread of its own. All handlers
/// run on that thread, so the state they share needs no locks, and every socket stays on one thread as libzmq
/// requires. The loop wakes at least every `maximumWait` to notice a stop request.
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

    private let stop: StopFlag
    private let maximumWait: Double
    private var readers: [Reader] = []
    private var timers: [Timer] = []
    private var pendingWork: [(isPending: () -> Bool, handler: () throws -> Void)] = []
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

    /// Calls `handler` on every turn of the loop while `isPending` says there is unfinished work, without
    /// waiting for input: a job that does its work a slice per turn (long RPC batches) goes on between the
    /// other sockets' messages and the timers.
    public func whilePending(_ isPending: @escaping () -> Bool, _ handler: @escaping () throws -> Void) {
        pendingWork.append((isPending, handler))
    }

    /// Calls `handler` every `interval` seconds, the first time after one interval.
    public func every(_ interval: Double, _ handler: @escaping () throws -> Void) {
        timers.append(Timer(interval: interval, due: MonotonicClock.seconds() + interval, handler: handler))
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
            if pendingWork.contains(where: { $0.isPending() }) { wait = 0 }
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
            for work in pendingWork where work.isPending() { perform(work.handler) }
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
