import Foundation
public import NavProtocol

/// Reads gpsd's JSON protocol: one report object per line, of which `TPV` (time-position-velocity) carries
/// the fix.
public enum GpsdReport {
    /// What one line of gpsd output means to a position consumer.
    public enum Line: Sendable, Equatable {
        /// A TPV report with at least a 2D fix.
        case fix(GPSFix)
        /// A TPV report without a fix (mode 0/1, or no coordinates).
        case noFix
        /// Any other class (VERSION, DEVICES, WATCH, SKY, …).
        case otherClass(String)
    }

    private struct Report: Decodable {
        var `class`: String
        var mode: Int?
        var time: String?
        var lat: Double?
        var lon: Double?
        var altMSL: Double?
        var alt: Double?
        var altHAE: Double?
        var track: Double?
        var speed: Double?
        var eph: Double?
        var epx: Double?
        var epy: Double?
    }

    /// Interprets one line.
    ///
    /// Altitude is `altMSL`, else the older `alt`, else `altHAE` (height above the ellipsoid, up to ±100 m off
    /// sea level, but better than none). `horizontalAccuracy` is `eph`, else √(epx² + epy²); gpsd states
    /// no confidence level for them, so they are passed on as they are.
    /// - Parameters:
    ///   - line: one JSON object.
    ///   - receivedAt: the time used when a fix carries no `time` (a receiver without a date).
    /// - Throws: ``SourceError`` `.parse` when the line is not a JSON object with a `class`.
    public static func parse(line: some StringProtocol, receivedAt: @autoclosure () -> Timestamp) throws -> Line {
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: Data(line.utf8))
        } catch {
            throw SourceError(.parse, "gpsd line is not a report object: \(line.prefix(80))")
        }
        guard report.class == "TPV" else { return .otherClass(report.class) }
        guard let mode = report.mode, mode >= 2, let latitude = report.lat, let longitude = report.lon,
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return .noFix }
        let timestamp = report.time.flatMap(Timestamp.init(rfc3339:)) ?? receivedAt()
        let accuracy = report.eph ?? report.epx.flatMap { x in report.epy.map { y in (x * x + y * y).squareRoot() } }
        return .fix(
            GPSFix(
                latitude: latitude, longitude: longitude, altitude: report.altMSL ?? report.alt ?? report.altHAE,
                course: report.track, speed: report.speed, horizontalAccuracy: accuracy, timestamp: timestamp,
                source: "gpsd"))
    }
}
