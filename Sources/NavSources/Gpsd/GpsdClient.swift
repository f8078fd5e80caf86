public import NavCore
public import NavProtocol

/// A gpsd client: connects over TCP, asks for JSON reports with `?WATCH={"enable":true,"json":true}`, and
/// delivers every TPV report with a 2D or 3D fix as a ``GPSFix`` with source `gpsd`.
///
/// When gpsd goes away (restart, network) the client reconnects with ``ReconnectBackoff`` and watches
/// again; it only ends when its ``StopFlag`` is raised. Use it as a blocking reader with
/// ``run(stop:deliver:)`` on a dedicated thread, or as an async sequence with ``GPSFixSource/fixes(bufferingNewest:)``.
public struct GpsdClient: GPSFixSource {
    public let host: String
    public let port: Int
    public var backoff: ReconnectBackoff
    public let counters: SourceCounters
    private let logger: Logger

    /// The request that starts the JSON report stream.
    public static let watchCommand = #"?WATCH={"enable":true,"json":true}"# + "\n"
    /// gpsd's registered port.
    public static let defaultPort = 2947
    /// SKY reports with many satellites are a few kilobytes; anything this long is not gpsd.
    static let maximumLineLength = 1 << 16

    /// - Parameters:
    ///   - host: gpsd's host name or address.
    ///   - port: gpsd's port.
    ///   - backoff: waits between reconnect attempts.
    ///   - counters: updated with fixes, reconnects and unparsable lines.
    ///   - logger: connection events.
    public init(
        host: String = "127.0.0.1", port: Int = GpsdClient.defaultPort, backoff: ReconnectBackoff = ReconnectBackoff(),
        counters: SourceCounters = SourceCounters(), logger: Logger = .silent
    ) {
        self.host = host
        self.port = port
        self.backoff = backoff
        self.counters = counters
        self.logger = logger
    }

    public func run(stop: StopFlag, deliver: (GPSFix) -> Void) throws {
        let host = host
        let port = port
        var reader = ReconnectingReader(
            name: "gpsd \(host):\(port)", open: { try POSIXDescriptor.connectTCP(host: host, port: port, timeout: 5) },
            logger: logger, counters: counters)
        reader.greeting = Array(Self.watchCommand.utf8)
        reader.backoff = backoff
        var line = [UInt8]()
        var overlong = false
        let counters = counters
        let logger = logger
        func handle(_ bytes: [UInt8]) {
            guard !bytes.isEmpty else { return }
            do {
                switch try GpsdReport.parse(line: String(decoding: bytes, as: UTF8.self), receivedAt: .now()) {
                case .fix(let fix):
                    counters.countFix()
                    deliver(fix)
                case .noFix, .otherClass:
                    break
                }
            } catch {
                counters.countSkipped("json", malformed: true)
                logger.debug("gpsd \(host):\(port): \(error)")
            }
        }
        try reader.run(
            stop: stop,
            onBytes: { chunk in
                for byte in chunk {
                    if byte == 0x0A {
                        if !overlong { handle(line) }
                        overlong = false
                        line.removeAll(keepingCapacity: true)
                    } else if !overlong {
                        line.append(byte)
                        if line.count > Self.maximumLineLength {
                            overlong = true
                            line.removeAll(keepingCapacity: true)
                            counters.countSkipped("lineTooLong", malformed: true)
                        }
                    }
                }
            },
            onEnd: {
                line.removeAll()
                overlong = false
            })
    }
}
