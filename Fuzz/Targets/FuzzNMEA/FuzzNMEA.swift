import FuzzSupport
import NavProtocol
import NavSources

/// The decoder set-ups the sources use: a file replay (strict checksums), a restamped replay of an old
/// receiver's log (no checksums, undated fixes kept on a placeholder day) and a live stream dated by a clock.
private let setUps: [(parser: NMEAParser, fallback: (@Sendable () -> Timestamp)?, placeholderDay: Int?)] = [
    (NMEAParser(), nil, nil),
    (NMEAParser(acceptsMissingChecksum: true), nil, 0),
    (NMEAParser(), { Timestamp(secondsSince1970: 1_800_000_000) }, nil),
]

/// Feeds arbitrary bytes to the NMEA 0183 decoder, as a serial port or a log file would.
///
/// Besides "never trap": every fix is a real place on Earth within the bounds of `gps.fix.v1`, and the result
/// does not depend on how the bytes were split into reads (whole, or in chunks whose size the first byte picks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEA(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(start, count)
    for setUp in setUps {
        let makeDecoder = { NMEADecoder(parser: setUp.parser, assembler: NMEAFixAssembler(dateFallback: setUp.fallback)) }
        var whole = makeDecoder()
        let fixes = whole.decode(bytes) + whole.finish(placeholderDay: setUp.placeholderDay)
        for fix in fixes {
            require(fix.latitude.isFinite && abs(fix.latitude) <= 90, "latitude \(fix.latitude) off the Earth")
            require(fix.longitude.isFinite && abs(fix.longitude) <= 180, "longitude \(fix.longitude) off the Earth")
            require(fix.timestamp.secondsSince1970.isFinite, "a fix without a finite time")
            require(fix.speed.map { $0.isFinite && $0 >= 0 } ?? true, "speed \(fix.speed ?? 0) is not a speed")
            require(fix.course.map { $0 >= 0 && $0 < 360 } ?? true, "course \(fix.course ?? 0) is not a course")
            require(fix.horizontalAccuracy.map { $0.isFinite && $0 >= 0 } ?? true, "accuracy below 0")
            require(fix.altitude.map(\.isFinite) ?? true, "altitude not finite")
            require(fix.timestamp.rfc3339.utf8.count <= 24, "timestamp \(fix.timestamp.rfc3339) outside years 0–9999")
        }
        let chunk = 1 + Int(bytes.first ?? 0) % 17
        var pieces = makeDecoder()
        var chunked = [GPSFix]()
        var offset = 0
        while offset < bytes.count {
            chunked += pieces.decode(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
        }
        chunked += pieces.finish(placeholderDay: setUp.placeholderDay)
        require(chunked == fixes, "fixes depend on how the bytes were split into reads")
        require(pieces.statistics == whole.statistics, "counters depend on how the bytes were split into reads")
    }
    return 0
}
