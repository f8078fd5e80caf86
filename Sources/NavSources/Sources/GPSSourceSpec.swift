public import NavCore
/// A `--source` value of the feeder: where raw fixes come from.
///
/// | text | meaning |
/// |---|---|
/// | `simulator` | the feeder's own route simulator (the default) |
/// | `gpsd`, `gpsd://HOST[:PORT]` | a gpsd daemon, port 2947 by default |
/// | `nmea:/dev/ttyUSB0[?baud=9600]` | NMEA 0183 from a serial port, 4800 baud (the NMEA standard) by default |
/// | `nmea+tcp://HOST:PORT` | NMEA 0183 from a TCP server |
/// | `nmea-file:PATH[?rate=2&restamp=true]` | replay an NMEA log; `rate=max` plays without waiting |
/// | `-` | NMEA 0183 from standard input |
/// | `gpx:PATH[?rate=1&restamp=true]` | replay a GPX track |
///
/// IPv6 hosts go in brackets: `gpsd://[::1]:2947`.
public enum GPSSourceSpec: Sendable, Equatable, CustomStringConvertible {
    case simulator
    case gpsd(host: String, port: Int)
    case nmeaSerial(path: String, baud: Int)
    case nmeaTCP(host: String, port: Int)
    case nmeaFile(path: String, replay: ReplayOptions)
    case nmeaStandardInput
    case gpx(path: String, replay: ReplayOptions)

    /// The forms accepted, for error messages and `--help`.
    public static let usage =
        "simulator | gpsd[://HOST[:PORT]] | nmea:DEVICE[?baud=N] | nmea+tcp://HOST:PORT | nmea-file:PATH[?rate=R&restamp=true] | - | gpx:PATH[?rate=R&restamp=true]"

    /// Default serial speed: NMEA 0183's standard 4800 baud.
    public static let defaultBaud = 4800

    /// - Throws: ``SourceError`` `.invalidSpec` saying what is wrong and what to write instead.
    public init(parsing text: String) throws {
        let spec = text.trimmingASCIIWhitespace()
        func fail(_ reason: String) -> SourceError {
            SourceError(.invalidSpec, "--source \"\(text)\": \(reason); expected \(Self.usage)")
        }
        if spec == "simulator" {
            self = .simulator
        } else if spec == "-" {
            self = .nmeaStandardInput
        } else if spec == "gpsd" {
            self = .gpsd(host: "127.0.0.1", port: GpsdClient.defaultPort)
        } else if spec.hasPrefix("gpsd://") {
            let (host, port) = try Self.hostAndPort(spec.dropFirst("gpsd://".count), defaultPort: GpsdClient.defaultPort, fail: fail)
            self = .gpsd(host: host, port: port)
        } else if spec.hasPrefix("nmea+tcp://") {
            let (host, port) = try Self.hostAndPort(spec.dropFirst("nmea+tcp://".count), defaultPort: nil, fail: fail)
            self = .nmeaTCP(host: host, port: port)
        } else if spec.hasPrefix("nmea-file:") {
            let (path, query) = try Self.pathAndQuery(spec.dropFirst("nmea-file:".count), allowed: ["rate", "restamp"], fail: fail)
            self = .nmeaFile(path: path, replay: try Self.replayOptions(query, fail: fail))
        } else if spec.hasPrefix("gpx:") {
            let (path, query) = try Self.pathAndQuery(spec.dropFirst("gpx:".count), allowed: ["rate", "restamp"], fail: fail)
            self = .gpx(path: path, replay: try Self.replayOptions(query, fail: fail))
        } else if spec.hasPrefix("nmea:") {
            let (path, query) = try Self.pathAndQuery(spec.dropFirst("nmea:".count), allowed: ["baud"], fail: fail)
            var baud = Self.defaultBaud
            if let text = query["baud"] {
                guard let value = Int(text), POSIXDescriptor.baudRates[value] != nil else {
                    let rates = POSIXDescriptor.baudRates.keys.sorted().map(String.init).joined(separator: ", ")
                    throw fail("baud must be one of \(rates)")
                }
                baud = value
            }
            self = .nmeaSerial(path: path, baud: baud)
        } else if spec.isEmpty {
            throw fail("empty source")
        } else {
            throw fail("unknown source kind")
        }
    }

    private static func hostAndPort(
        _ text: Substring, defaultPort: Int?, fail: (String) -> SourceError
    ) throws -> (String, Int) {
        var rest = text
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw fail("unclosed '[' in IPv6 host") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fail("expected ':PORT' after ']'") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains("?") else { throw fail("missing or malformed host") }
        guard let port = portText.map({ Int($0) }) ?? defaultPort else {
            throw fail(portText == nil ? "missing :PORT" : "port \"\(portText!)\" is not a number")
        }
        guard (1...65535).contains(port) else { throw fail("port \(port) is out of range 1-65535") }
        return (String(host), port)
    }

    private static func pathAndQuery(
        _ text: Substring, allowed: Set<String>, fail: (String) -> SourceError
    ) throws -> (String, [String: String]) {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard !path.isEmpty else { throw fail("missing path") }
        var query = [String: String]()
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                guard keyValue.count == 2, !keyValue[1].isEmpty else { throw fail("parameter \"\(pair)\" is not key=value") }
                let key = String(keyValue[0])
                guard allowed.contains(key) else {
                    throw fail("unknown parameter \"\(key)\" (allowed: \(allowed.sorted().joined(separator: ", ")))")
                }
                query[key] = String(keyValue[1])
            }
        }
        return (path, query)
    }

    private static func replayOptions(_ query: [String: String], fail: (String) -> SourceError) throws -> ReplayOptions {
        var options = ReplayOptions()
        if let rate = query["rate"] {
            if rate == "max" {
                options.rate = nil
            } else {
                guard let value = Double(rate), value > 0, value.isFinite else {
                    throw fail("rate must be a positive number or \"max\"")
                }
                options.rate = value
            }
        }
        if let restamp = query["restamp"] {
            guard let value = Bool(restamp) else { throw fail("restamp must be true or false") }
            options.restamp = value
        }
        return options
    }

    /// The canonical text form, accepted by ``init(parsing:)``.
    public var description: String {
        func query(_ replay: ReplayOptions) -> String {
            var parts = [String]()
            if replay.rate != 1 { parts.append("rate=" + (replay.rate.map { "\($0)" } ?? "max")) }
            if replay.restamp { parts.append("restamp=true") }
            return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
        }
        func authority(_ host: String, _ port: Int) -> String {
            (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        }
        switch self {
        case .simulator: return "simulator"
        case .gpsd(let host, let port): return "gpsd://" + authority(host, port)
        case .nmeaSerial(let path, let baud): return "nmea:\(path)?baud=\(baud)"
        case .nmeaTCP(let host, let port): return "nmea+tcp://" + authority(host, port)
        case .nmeaFile(let path, let replay): return "nmea-file:" + path + query(replay)
        case .nmeaStandardInput: return "-"
        case .gpx(let path, let replay): return "gpx:" + path + query(replay)
        }
    }

    /// Builds the reader for this spec; `nil` for ``simulator``, which the feeder drives itself.
    /// - Parameters:
    ///   - counters: updated by the source with fixes, skipped input and connections.
    ///   - clock: paces file and GPX replays.
    ///   - logger: connection events and summaries.
    public func makeSource(
        counters: SourceCounters = SourceCounters(), clock: any PlaybackClock = SystemPlaybackClock(),
        logger: Logger = .silent
    ) -> (any GPSFixSource)? {
        switch self {
        case .simulator:
            return nil
        case .gpsd(let host, let port):
            return GpsdClient(host: host, port: port, counters: counters, logger: logger)
        case .nmeaSerial(let path, let baud):
            return NMEAStreamSource(input: .serial(path: path, baud: baud), counters: counters, logger: logger)
        case .nmeaTCP(let host, let port):
            return NMEAStreamSource(input: .tcp(host: host, port: port), counters: counters, logger: logger)
        case .nmeaStandardInput:
            return NMEAStreamSource(input: .standardInput, counters: counters, logger: logger)
        case .nmeaFile(let path, let replay):
            return NMEAFileReplay(path: path, replayer: FixReplayer(options: replay, clock: clock), counters: counters, logger: logger)
        case .gpx(let path, let replay):
            return GPXReplay(path: path, replayer: FixReplayer(options: replay, clock: clock), counters: counters, logger: logger)
        }
    }
}
