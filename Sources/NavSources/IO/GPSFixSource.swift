public import NavCore
import Foundation
public import NavProtocol

/// Anything that produces raw fixes: gpsd, an NMEA byte stream, a replayed log or GPX track.
///
/// Sources are blocking readers: ``run(stop:deliver:)`` occupies the calling thread (give it a dedicated
/// `Thread`, never a Swift concurrency pool thread) and calls `deliver` on it for each fix. It polls the
/// `stop` signal at least every tenth of a second, so raising it on SIGTERM ends the run promptly.
/// ``fixes()`` wraps this in an `AsyncThrowingStream` for async callers.
public protocol GPSFixSource: Sendable {
    /// Reads until the input ends (files, stdin), `stop` is raised, or an unrecoverable error.
    /// Network and serial sources reconnect by themselves and only end when stopped.
    /// - Throws: ``SourceError`` when the input cannot be opened at all (missing file, unparsable GPX).
    func run(stop: StopFlag, deliver: (GPSFix) -> Void) throws
}

/// How often blocking reads wake up to check for a stop request, in seconds.
let pollInterval = 0.1

extension GPSFixSource {
    /// The fixes as an async sequence, read on a dedicated thread. Cancelling the consuming task (or
    /// dropping the stream) stops the reader.
    /// - Parameter bufferingNewest: fixes kept when the consumer falls behind; older ones are dropped,
    ///   as a stale position is worth less than a fresh one.
    public func fixes(bufferingNewest: Int = 64) -> AsyncThrowingStream<GPSFix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: GPSFix.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(bufferingNewest))
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.requestStop() }
        let thread = Thread { [self] in
            do {
                try run(stop: stop) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        thread.name = "navbus-gps-source"
        thread.start()
        return stream
    }
}
