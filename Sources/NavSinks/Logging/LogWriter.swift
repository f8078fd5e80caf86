import NavCore
import Foundation
public import NavBus
import NavProtocol

/// The logger's writer thread: takes lines from a ``BoundedQueue`` and writes them to a ``LogOutput``.
///
/// Durability policy (what a crash can lose):
/// - each batch taken from the queue is written with `write(2)` at once, so when the logger process dies only
///   the lines still in the queue are lost — normally the last few milliseconds;
/// - the output is `fsync`ed at least every `syncInterval` seconds (1 by default) while there is something new,
///   so when the machine dies (power loss, kernel panic) at most the last second of lines is lost.
///
/// Counters: `written` (lines handed to the output), `writeErrors` (lines lost to a failing disk) and `diskFull`
/// (batches that met a full disk). A failed write never leaves a torn line in the file (see `FileDescriptor`).
public struct LogWriter<Output: LogOutput>: Sendable {
    private let queue: BoundedQueue<[UInt8]>
    private let output: Output
    private let syncInterval: Double
    private let counters: BusCounters
    private let onError: @Sendable (String) -> Void

    /// - Parameters:
    ///   - onError: receives a description of write failures, at most one every ten seconds.
    public init(
        queue: BoundedQueue<[UInt8]>, output: Output, counters: BusCounters, syncInterval: Double = 1,
        onError: @escaping @Sendable (String) -> Void
    ) {
        self.queue = queue
        self.output = output
        self.syncInterval = syncInterval
        self.counters = counters
        self.onError = onError
    }

    /// Starts the writer on a thread of its own.
    /// - Returns: the handle that stops it.
    public func start() -> LogWriterThread {
        let handle = LogWriterThread(queue: queue)
        let thread = Thread { [self] in
            run()
            handle.finished.signal()
        }
        thread.name = "navbus-log-writer"
        thread.start()
        return handle
    }

    /// Writes until the queue is closed and drained, then closes the output.
    public func run() {
        var output = output
        var lastSync = MonotonicClock.seconds()
        var unsynchronized = false
        var lastReport = -Double.infinity
        func report(_ error: LogOutputError) {
            let now = MonotonicClock.seconds()
            guard now - lastReport >= 10 else { return }
            lastReport = now
            onError(error.message)
        }
        while true {
            let wait = unsynchronized ? max(0, lastSync + syncInterval - MonotonicClock.seconds()) : syncInterval
            let batch = queue.takeAll(timeout: wait)
            if !batch.isEmpty {
                let now = Timestamp.now()
                var failed: UInt64 = 0
                for line in batch {
                    do {
                        try output.append(line, at: now)
                    } catch {
                        failed += 1
                        report(error)
                    }
                }
                do {
                    try output.flush()
                    counters.add("written", UInt64(batch.count) - failed)
                } catch {
                    let kept = UInt64(min(error.linesWritten, batch.count))
                    counters.add("written", kept)
                    failed = UInt64(batch.count) - kept
                    if error.isDiskFull { counters.add("diskFull") }
                    report(error)
                }
                if failed > 0 { counters.add("writeErrors", failed) }
                unsynchronized = true
            }
            if unsynchronized, MonotonicClock.seconds() - lastSync >= syncInterval {
                do {
                    try output.synchronize()
                } catch {
                    report(error)
                }
                unsynchronized = false
                lastSync = MonotonicClock.seconds()
            }
            if batch.isEmpty, queue.isFinished { break }
        }
        output.close()
    }
}

/// A running ``LogWriter``.
public final class LogWriterThread: Sendable {
    fileprivate let finished = DispatchSemaphore(value: 0)
    private let queue: BoundedQueue<[UInt8]>

    fileprivate init(queue: BoundedQueue<[UInt8]>) {
        self.queue = queue
    }

    /// Closes the queue and waits until everything queued is written, flushed and synchronized.
    /// - Returns: whether the writer finished within `timeout` seconds.
    @discardableResult
    public func finish(timeout: Double) -> Bool {
        queue.close()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}
