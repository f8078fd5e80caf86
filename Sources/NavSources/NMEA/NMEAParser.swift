import NavProtocol

/// Parses single NMEA 0183 lines into ``NMEASentence`` values.
///
/// Any talker is accepted (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `QZ`, `IN`, `EC`, …); RMC, GGA, GNS, GLL, VTG
/// and ZDA are read, other sentence types are reported as ``NMEAError/Code/unsupportedSentence``. Garbage before the last
/// `$` of a line is ignored, so a sentence that follows line noise or a truncated fragment still parses.
///
/// Checksums: a present `*hh` must match the XOR of the bytes between `$` and `*` (hex digits of either
/// case). Sentences without a checksum are rejected by default, because a line cut short by a serial
/// buffer overrun looks exactly like one and would otherwise yield a wrong coordinate; set
/// ``acceptsMissingChecksum`` for old receivers that never send one.
public struct NMEAParser: Sendable {
    /// Whether sentences without `*hh` are parsed (true) or rejected as ``NMEAError/Code/missingChecksum``.
    public var acceptsMissingChecksum: Bool

    public init(acceptsMissingChecksum: Bool = false) {
        self.acceptsMissingChecksum = acceptsMissingChecksum
    }

    /// Knots to metres per second.
    public static let metersPerSecondPerKnot = 0.514444

    /// Parses one line (with or without its CR/LF).
    /// - Throws: ``NMEAError`` with the reason the line was skipped.
    public func parse(_ line: some StringProtocol) throws(NMEAError) -> NMEASentence {
        try parse(bytes: Array(line.utf8)[...])
    }

    /// Parses one line given as bytes.
    /// - Throws: ``NMEAError`` with the reason the line was skipped.
    public func parse(bytes line: ArraySlice<UInt8>) throws(NMEAError) -> NMEASentence {
        guard let dollar = line.lastIndex(of: UInt8(ascii: "$")) else {
            throw NMEAError(.noSentenceStart, "no '$' in the line")
        }
        var end = line.endIndex
        while end > dollar, [0x0A, 0x0D, 0x20, 0x09].contains(line[end - 1]) { end -= 1 }
        let star = line[dollar..<end].firstIndex(of: UInt8(ascii: "*"))
        let bodyEnd = star ?? end
        let body = line[(dollar + 1)..<bodyEnd]
        guard body.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else {
            throw NMEAError(.invalidCharacters, "bytes outside printable ASCII in the sentence")
        }
        if let star {
            let digits = line[(star + 1)..<end]
            guard digits.count == 2, let high = Self.hexValue(digits[digits.startIndex]),
                let low = Self.hexValue(digits[digits.startIndex + 1])
            else {
                throw NMEAError(.badChecksum, "checksum is not two hex digits")
            }
            let computed = body.reduce(UInt8(0), ^)
            guard computed == high << 4 | low else {
                throw NMEAError(.badChecksum, "checksum \(String(decoding: digits, as: UTF8.self)) does not match computed \(Self.hex(computed))")
            }
        } else if !acceptsMissingChecksum {
            throw NMEAError(.missingChecksum, "no *hh checksum")
        }
        let fields = String(decoding: body, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
        let address = fields[0]
        guard address.utf8.count == 5, !address.hasPrefix("P") else {
            throw NMEAError(.unsupportedSentence, "sentence \(address) is not a standard talker sentence")
        }
        let talker = String(address.prefix(2))
        guard talker.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }) else {
            throw NMEAError(.malformedField, "talker \(talker) is not two upper-case letters or digits")
        }
        var reader = FieldReader(fields: fields, type: String(address.suffix(3)))
        switch reader.type {
        case "RMC": return .rmc(try reader.rmc(talker: talker))
        case "GGA": return .gga(try reader.gga(talker: talker))
        case "VTG": return .vtg(try reader.vtg(talker: talker))
        case "GLL": return .gll(try reader.gll(talker: talker))
        case "GNS": return .gns(try reader.gns(talker: talker))
        case "ZDA": return .zda(try reader.zda(talker: talker))
        default: throw NMEAError(.unsupportedSentence, "\(reader.type) sentences are not read")
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    static func hex(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
    }

    /// The checksum to append after `*` for a sentence body (the text between `$` and `*`).
    public static func checksum(of body: some StringProtocol) -> String {
        hex(body.utf8.reduce(UInt8(0), ^))
    }
}

/// Typed access to the comma-separated fields of one sentence, with errors that name the field.
private struct FieldReader {
    let fields: [Substring]
    let type: String

    private func text(_ index: Int) -> Substring? {
        index < fields.count && !fields[index].isEmpty ? fields[index] : nil
    }

    func requireFields(_ count: Int) throws(NMEAError) {
        guard fields.count - 1 >= count else {
            throw NMEAError(.tooFewFields, "\(type) needs \(count) fields, got \(fields.count - 1)")
        }
    }

    func number(_ index: Int, _ name: String) throws(NMEAError) -> Double? {
        guard let text = text(index) else { return nil }
        guard let value = Double(text), value.isFinite, text.first != "+" else {
            throw NMEAError(.malformedField, "\(type) \(name) \"\(text)\" is not a number")
        }
        return value
    }

    /// A number that cannot be negative: a speed, a dilution of precision.
    func magnitude(_ index: Int, _ name: String) throws(NMEAError) -> Double? {
        guard let value = try number(index, name) else { return nil }
        guard value >= 0 else { throw NMEAError(.malformedField, "\(type) \(name) \(value) is negative") }
        return value
    }

    /// Degrees clockwise from true north, from 0 up to 360; 360 itself is north and read as 0.
    func course(_ index: Int) throws(NMEAError) -> Double? {
        guard let value = try number(index, "course") else { return nil }
        guard (0...360).contains(value) else {
            throw NMEAError(.malformedField, "\(type) course \(value) is not between 0 and 360 degrees")
        }
        return value == 360 ? 0 : value
    }

    func integer(_ index: Int, _ name: String) throws(NMEAError) -> Int? {
        guard let text = text(index) else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw NMEAError(.malformedField, "\(type) \(name) \"\(text)\" is not a whole number")
        }
        return value
    }

    func flag(_ index: Int, _ name: String, allowed: String) throws(NMEAError) -> Character? {
        guard let text = text(index) else { return nil }
        guard text.count == 1, let character = text.first, allowed.contains(character) else {
            throw NMEAError(.malformedField, "\(type) \(name) \"\(text)\" is not one of \(allowed)")
        }
        return character
    }

    /// `hhmmss` or `hhmmss.sss` to milliseconds since midnight.
    func timeOfDay(_ index: Int) throws(NMEAError) -> Int? {
        guard let text = text(index) else { return nil }
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard bytes.count >= 6, let hours = digits(0..<2), let minutes = digits(2..<4), let seconds = digits(4..<6),
            hours < 24, minutes < 60, seconds <= 60
        else {
            throw NMEAError(.malformedField, "\(type) time \"\(text)\" is not hhmmss[.sss]")
        }
        var milliseconds = 0
        if bytes.count > 6 {
            // Digits only: "0.5e31" would read as a number, and as milliseconds overflow.
            guard bytes[6] == 0x2E, bytes[7...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let fraction = Double("0" + text.dropFirst(6))
            else {
                throw NMEAError(.malformedField, "\(type) time \"\(text)\" is not hhmmss[.sss]")
            }
            milliseconds = Int((fraction * 1000).rounded())
        }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    }

    /// `ddmmyy` to days since 1970-01-01; two-digit years are 1980–2079, the GPS era.
    func date(_ index: Int) throws(NMEAError) -> Int? {
        guard let text = text(index) else { return nil }
        guard text.utf8.count == 6, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)), let shortYear = Int(text.suffix(2)),
            let days = Self.daysSince1970(year: shortYear < 80 ? 2000 + shortYear : 1900 + shortYear, month: month, day: day)
        else {
            throw NMEAError(.malformedField, "\(type) date \"\(text)\" is not ddmmyy")
        }
        return days
    }

    /// ZDA's separate day, month and four-digit year fields to days since 1970-01-01. Receivers without a
    /// date yet send empty fields or zeros; both mean "no date", not a malformed sentence.
    func date(day dayIndex: Int, month monthIndex: Int, year yearIndex: Int) throws(NMEAError) -> Int? {
        let day = try integer(dayIndex, "day")
        let month = try integer(monthIndex, "month")
        let year = try integer(yearIndex, "year")
        guard let day, let month, let year, day != 0 || month != 0 || year != 0 else { return nil }
        guard (1980...2200).contains(year), let days = Self.daysSince1970(year: year, month: month, day: day) else {
            throw NMEAError(.malformedField, "\(type) date \(day).\(month).\(year) is not a calendar date")
        }
        return days
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, `nil` when there is no such day.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        // Counting years from March puts the leap day last, so each month's offset is a fixed formula.
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` and a hemisphere letter to signed degrees; both fields empty is `nil`.
    func coordinate(_ index: Int, hemisphere: Int, isLatitude: Bool) throws(NMEAError) -> Double? {
        let name = isLatitude ? "latitude" : "longitude"
        let value = text(index)
        let side = text(hemisphere)
        guard let value else {
            if side == nil { return nil }
            throw NMEAError(.malformedField, "\(type) \(name) is empty but its hemisphere is not")
        }
        let allowedSides: String = isLatitude ? "NS" : "EW"
        guard let side, side.count == 1, let letter = side.first, allowedSides.contains(letter) else {
            throw NMEAError(.malformedField, "\(type) \(name) hemisphere \"\(side ?? "")\" is not one of \(allowedSides)")
        }
        guard value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }), let raw = Double(value) else {
            throw NMEAError(.malformedField, "\(type) \(name) \"\(value)\" is not ddmm.mmmm")
        }
        let degrees = (raw / 100).rounded(.down)
        let minutes = raw - degrees * 100
        let result = degrees + minutes / 60
        guard minutes < 60, result <= (isLatitude ? 90 : 180) else {
            throw NMEAError(.malformedField, "\(type) \(name) \"\(value)\" is out of range")
        }
        return letter == "S" || letter == "W" ? -result : result
    }

    /// Mode indicators that mean no usable position: `N` not valid, `M` manual input.
    private static let invalidModes: Set<Character> = ["N", "M"]
    private static let modes = "ADEFMNPRS"

    mutating func rmc(talker: String) throws(NMEAError) -> NMEASentence.RMC {
        try requireFields(9)
        let status = try flag(2, "status", allowed: "AV")
        let mode = try flag(12, "mode", allowed: Self.modes)
        let knots = try magnitude(7, "speed")
        return NMEASentence.RMC(
            talker: talker, timeOfDay: try timeOfDay(1),
            isValid: status == "A" && !(mode.map(Self.invalidModes.contains) ?? false),
            latitude: try coordinate(3, hemisphere: 4, isLatitude: true),
            longitude: try coordinate(5, hemisphere: 6, isLatitude: false),
            speed: knots.map { $0 * NMEAParser.metersPerSecondPerKnot }, course: try course(8),
            daysSince1970: try date(9), mode: mode)
    }

    mutating func gga(talker: String) throws(NMEAError) -> NMEASentence.GGA {
        try requireFields(9)
        return NMEASentence.GGA(
            talker: talker, timeOfDay: try timeOfDay(1), quality: try integer(6, "quality") ?? 0,
            latitude: try coordinate(2, hemisphere: 3, isLatitude: true),
            longitude: try coordinate(4, hemisphere: 5, isLatitude: false),
            satellites: try integer(7, "satellites"), hdop: try magnitude(8, "HDOP"), altitude: try number(9, "altitude"))
    }

    mutating func gns(talker: String) throws(NMEAError) -> NMEASentence.GNS {
        // time,lat,N,lon,E,modes,satellites,HDOP,altitude,geoid separation,age,station[,navigation status]
        try requireFields(9)
        let modes = text(6).map(String.init) ?? ""
        guard modes.allSatisfy({ Self.modes.contains($0) }) else {
            throw NMEAError(.malformedField, "\(type) modes \"\(modes)\" are not letters of \(Self.modes)")
        }
        return NMEASentence.GNS(
            talker: talker, timeOfDay: try timeOfDay(1), modes: modes,
            latitude: try coordinate(2, hemisphere: 3, isLatitude: true),
            longitude: try coordinate(4, hemisphere: 5, isLatitude: false),
            satellites: try integer(7, "satellites"), hdop: try magnitude(8, "HDOP"), altitude: try number(9, "altitude"),
            navigationStatus: try flag(13, "navigation status", allowed: "SCUV"))
    }

    mutating func zda(talker: String) throws(NMEAError) -> NMEASentence.ZDA {
        // time,day,month,year,local zone hours,local zone minutes; the time is UTC whatever the zone says.
        try requireFields(4)
        return NMEASentence.ZDA(
            talker: talker, timeOfDay: try timeOfDay(1), daysSince1970: try date(day: 2, month: 3, year: 4))
    }

    mutating func vtg(talker: String) throws(NMEAError) -> NMEASentence.VTG {
        // NMEA 2.x: course,T,course,M,knots,N,km/h,K[,mode]; NMEA 1.5 had no unit letters.
        if fields.count - 1 >= 8 {
            let mode = try flag(9, "mode", allowed: Self.modes)
            let knots = try magnitude(5, "speed in knots")
            let kmh = try magnitude(7, "speed in km/h")
            return NMEASentence.VTG(
                talker: talker, course: try course(1),
                speed: knots.map { $0 * NMEAParser.metersPerSecondPerKnot } ?? kmh.map { $0 / 3.6 }, mode: mode)
        }
        try requireFields(4)
        return NMEASentence.VTG(
            talker: talker, course: try course(1),
            speed: try magnitude(3, "speed in knots").map { $0 * NMEAParser.metersPerSecondPerKnot }, mode: nil)
    }

    mutating func gll(talker: String) throws(NMEAError) -> NMEASentence.GLL {
        try requireFields(4)
        let status = try flag(6, "status", allowed: "AV")
        let mode = try flag(7, "mode", allowed: Self.modes)
        // NMEA 1.5 GLL ended after the longitude; without a status a position is taken as valid.
        return NMEASentence.GLL(
            talker: talker, latitude: try coordinate(1, hemisphere: 2, isLatitude: true),
            longitude: try coordinate(3, hemisphere: 4, isLatitude: false), timeOfDay: try timeOfDay(5),
            isValid: status != "V" && !(mode.map(Self.invalidModes.contains) ?? false), mode: mode)
    }
}
