public import NavProtocol

/// Writes fixes as NMEA 0183 RMC + GGA sentence pairs with checksums and CRLF endings, e.g. to make logs
/// that `gpsfake` replays as a real gpsd.
///
/// Coordinates get six decimals of minutes (about 2 mm), so a write-parse round trip keeps positions to
/// better than 1e-6°. GGA quality is 1 (GPS fix); HDOP is `horizontalAccuracy / metersPerHDOP`, the inverse
/// of ``NMEAFixAssembler``; unknown values are left empty, as NMEA allows.
public struct NMEAWriter: Sendable {
    /// Talker of the written sentences.
    public var talker: String
    /// Metres of horizontal accuracy per unit of HDOP.
    public var metersPerHDOP: Double

    public init(talker: String = "GP", metersPerHDOP: Double = 5) {
        self.talker = talker
        self.metersPerHDOP = metersPerHDOP
    }

    /// The RMC and GGA sentences of one fix, each ending in CRLF.
    public func sentences(for fix: GPSFix) -> String {
        // Round the time to the centiseconds NMEA carries before splitting it into fields.
        let centiseconds = (fix.timestamp.secondsSince1970 * 100).rounded()
        let iso = Array(Timestamp(secondsSince1970: centiseconds / 100).rfc3339.utf8)
        let text = { (range: Range<Int>) in String(decoding: iso[range], as: UTF8.self) }
        let time = text(11..<13) + text(14..<16) + text(17..<19) + "." + text(20..<22)
        let date = text(8..<10) + text(5..<7) + text(2..<4)
        let latitude = Self.coordinate(fix.latitude, degreeDigits: 2, positive: "N", negative: "S")
        let longitude = Self.coordinate(fix.longitude, degreeDigits: 3, positive: "E", negative: "W")
        let knots = fix.speed.map { Self.fixed($0 / NMEAParser.metersPerSecondPerKnot, decimals: 3) } ?? ""
        let course = fix.course.map { Self.fixed($0, decimals: 2) } ?? ""
        let rmc = "\(talker)RMC,\(time),A,\(latitude),\(longitude),\(knots),\(course),\(date),,,A"
        let satellites = fix.satellites.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? ""
        let hdop = fix.horizontalAccuracy.map { Self.fixed($0 / metersPerHDOP, decimals: 2) } ?? ""
        let altitude = fix.altitude.map { Self.fixed($0, decimals: 1) } ?? ""
        let gga = "\(talker)GGA,\(time),\(latitude),\(longitude),1,\(satellites),\(hdop),\(altitude),M,,M,,"
        return Self.frame(rmc) + Self.frame(gga)
    }

    /// A whole log: the sentences of every fix in order.
    public func log(for fixes: [GPSFix]) -> String {
        fixes.map(sentences(for:)).joined()
    }

    /// `$body*hh\r\n`.
    public static func frame(_ body: String) -> String {
        "$" + body + "*" + NMEAParser.checksum(of: body) + "\r\n"
    }

    static func coordinate(_ value: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let microMinutes = Int64((abs(value) * 60_000_000).rounded())
        let degrees = microMinutes / 60_000_000
        let minutes = microMinutes % 60_000_000
        var degreeText = String(degrees)
        while degreeText.count < degreeDigits { degreeText = "0" + degreeText }
        var minuteText = String(minutes / 1_000_000)
        if minuteText.count < 2 { minuteText = "0" + minuteText }
        var fraction = String(minutes % 1_000_000)
        while fraction.count < 6 { fraction = "0" + fraction }
        return degreeText + minuteText + "." + fraction + "," + (value < 0 ? negative : positive)
    }

    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        var fraction = String(scaled % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + String(scaled / scale) + (decimals > 0 ? "." + fraction : "")
    }
}
