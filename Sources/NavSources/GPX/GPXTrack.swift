import NavCore
public import Foundation
public import NavProtocol

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The timed points of a GPX 1.0 or 1.1 file as fixes with source `gpx`.
///
/// Reads `trkpt` elements (or `rtept` when the file has no track) with `lat`/`lon`, `ele`, `time`, `hdop`,
/// `sat`, GPX 1.0's `speed` and `course`, and the same names inside `extensions` (Garmin's
/// TrackPointExtension). Points without a `time` cannot be replayed and are skipped. Where speed or course
/// is missing it is derived from the neighbouring points: distance over time, and the bearing of travel
/// (left empty while standing still).
public struct GPXTrack: Sendable, Equatable {
    /// The usable points, in file order.
    public var fixes: [GPSFix]
    /// Points skipped for a missing time or bad coordinates.
    public var skippedPoints: Int

    /// Horizontal accuracy per unit of HDOP, as for NMEA.
    public static let metersPerHDOP = 5.0

    /// - Throws: ``SourceError`` `.parse` when the data is not XML or holds no timed point.
    public init(data: Data) throws {
        let collector = PointCollector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"
            throw SourceError(.parse, "GPX is not well-formed XML (line \(parser.lineNumber)): \(reason)")
        }
        let points = collector.trackPoints.isEmpty ? collector.routePoints : collector.trackPoints
        var fixes = [GPSFix]()
        var skipped = 0
        for point in points {
            guard let latitude = point.latitude, let longitude = point.longitude, abs(latitude) <= 90, abs(longitude) <= 180,
                let time = point.time.flatMap(Timestamp.init(rfc3339:))
            else {
                skipped += 1
                continue
            }
            fixes.append(
                GPSFix(
                    latitude: latitude, longitude: longitude, altitude: point.elevation, course: point.course,
                    speed: point.speed, horizontalAccuracy: point.hdop.map { $0 * Self.metersPerHDOP }, timestamp: time,
                    source: "gpx", satellites: point.satellites))
        }
        guard !fixes.isEmpty else {
            throw SourceError(.parse, "GPX has no track point with coordinates and a <time> (\(points.count) points seen)")
        }
        Self.deriveMotion(&fixes)
        self.fixes = fixes
        self.skippedPoints = skipped
    }

    /// Reads and parses a GPX file.
    /// - Throws: ``SourceError`` `.io` when unreadable, `.parse` as ``init(data:)``.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(.io, "cannot read GPX file \(path)")
        }
        try self.init(data: data)
    }

    static func deriveMotion(_ fixes: inout [GPSFix]) {
        guard fixes.count > 1 else { return }
        for index in fixes.indices {
            // The segment arriving at a point describes its motion; the first point uses the one leaving it.
            let from = index == 0 ? 0 : index - 1
            let to = index == 0 ? 1 : index
            let a = fixes[from]
            let b = fixes[to]
            let distance = Geodesy.distance(a.latitude, a.longitude, b.latitude, b.longitude)
            let seconds = b.timestamp.seconds(since: a.timestamp)
            if fixes[index].speed == nil, seconds > 0 {
                fixes[index].speed = distance / seconds
            }
            if fixes[index].course == nil, distance > 0.5 {
                fixes[index].course = Geodesy.bearing(a.latitude, a.longitude, b.latitude, b.longitude)
            }
        }
    }
}

/// One point's fields as they are found.
private struct RawPoint {
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var time: String?
    var speed: Double?
    var course: Double?
    var hdop: Double?
    var satellites: Int?
}

/// XMLParser delegate collecting points; element names are matched without their namespace prefix.
private final class PointCollector: NSObject, XMLParserDelegate {
    var trackPoints: [RawPoint] = []
    var routePoints: [RawPoint] = []
    private var current: RawPoint?
    private var currentKind = ""
    private var text = ""

    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        if name == "trkpt" || name == "rtept" {
            current = RawPoint(latitude: attributes["lat"].flatMap(Double.init), longitude: attributes["lon"].flatMap(Double.init))
            currentKind = name
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let name = Self.localName(elementName)
        guard var point = current else { return }
        let value = text.trimmingASCIIWhitespace()
        switch name {
        case "ele": point.elevation = Double(value)
        case "time": point.time = value
        case "speed": point.speed = Double(value)
        case "course": point.course = Double(value)
        case "hdop": point.hdop = Double(value)
        case "sat": point.satellites = Int(value)
        case "trkpt", "rtept":
            if currentKind == "trkpt" { trackPoints.append(point) } else { routePoints.append(point) }
            current = nil
            return
        default: break
        }
        current = point
    }
}
