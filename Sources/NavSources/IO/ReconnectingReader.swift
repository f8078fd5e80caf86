import NavCore

/// Reads a byte stream from a descriptor that may go away (a TCP peer, a USB serial adapter) and opens it
/// again with back-off until stopped; or, for inputs that simply end (stdin), reads once to the end.
struct ReconnectingReader {
    /// What is being read, for log messages.
    let name: String
    /// Opens the input and returns its descriptor.
    let open: () throws -> Int32
    /// Bytes to send right after connecting (gpsd's `?WATCH`).
    var greeting: [UInt8] = []
    /// Whether to reopen after the input ends or fails; if false, the end of input ends the run.
    var reconnects = true
    /// Whether the descriptor belongs to the reader (false for stdin).
    var closesDescriptor = true
    var backoff = ReconnectBackoff()
    let logger: Logger
    let counters: SourceCounters

    /// - Parameters:
    ///   - onBytes: called with each chunk read.
    ///   - onEnd: called when a connection ends, so partial state (a half line, an open epoch) is flushed.
    /// - Throws: ``SourceError`` only when `reconnects` is false and the input cannot be opened.
    func run(stop: StopFlag, onBytes: (ArraySlice<UInt8>) -> Void, onEnd: () -> Void) throws {
        var backoff = self.backoff
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stop.isStopRequested {
            let descriptor: Int32
            do {
                descriptor = try open()
            } catch {
                guard reconnects else { throw error }
                let wait = backoff.next()
                logger.warning("\(name): \(error); retrying in \(wait) s")
                if stop.wait(seconds: wait) { return }
                continue
            }
            counters.update { $0.connections += 1 }
            logger.info("\(name): connected")
            var reason = "stopped"
            do {
                if !greeting.isEmpty { try POSIXDescriptor.writeAll(descriptor, greeting) }
                reading: while !stop.isStopRequested {
                    switch POSIXDescriptor.read(descriptor, into: &buffer, timeout: pollInterval) {
                    case .data(let count):
                        backoff.reset()
                        onBytes(buffer[0..<count])
                    case .timedOut:
                        continue
                    case .endOfStream:
                        reason = "end of input"
                        break reading
                    case .failed(let message):
                        reason = message
                        break reading
                    }
                }
            } catch {
                reason = "\(error)"
            }
            if closesDescriptor { POSIXDescriptor.close(descriptor) }
            onEnd()
            guard reconnects, !stop.isStopRequested else { return }
            let wait = backoff.next()
            logger.warning("\(name): \(reason); reconnecting in \(wait) s")
            if stop.wait(seconds: wait) { return }
        }
    }
}
