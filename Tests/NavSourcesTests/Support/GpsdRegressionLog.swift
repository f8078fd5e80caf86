import Foundation
import NavProtocol

/// One receiver log of gpsd's regression suite with gpsd's own decoding of it: the `.log` (sentences as the
/// receiver sent them) and the `.log.chk` (the sentences again, each followed by the JSON reports gpsd made).
struct GpsdRegressionLog {
    /// An epoch: its time of day, and how many times that time of day began an epoch before (a receiver
    /// whose clock jumps back reports a time of day twice).
    struct EpochKey: Hashable, Comparable {
        var timeOfDay: Int
        var occurrence: Int

        static func < (lhs: EpochKey, rhs: EpochKey) -> Bool {
            (lhs.timeOfDay, lhs.occurrence) < (rhs.timeOfDay, rhs.occurrence)
        }
    }

    /// Numbers epochs as their times of day come, in stream order.
    struct EpochCounter {
        private var seen: [Int: Int] = [:]
        private var current: Int?

        mutating func key(for time: Int) -> EpochKey {
            if time != current {
                seen[time, default: -1] += 1
                current = time
            }
            return EpochKey(timeOfDay: time, occurrence: seen[time, default: 0])
        }
    }

    /// One position report of gpsd (`"class":"TPV"` with mode 2 or 3 and a position).
    struct Report {
        /// Milliseconds since midnight UTC: from the report's time, or for a report gpsd could not date
        /// (no RMC or ZDA date yet), from the sentence it followed.
        var timeOfDay: Int
        /// Days since 1970-01-01 of gpsd's date, which gpsd shifts by GPS week rollovers for old receivers;
        /// `nil` when gpsd reported the position without a time.
        var day: Int?
        /// Every position gpsd reported for this time of day, in order: gpsd reports again after later
        /// sentences of the epoch, which may refine the position.
        var positions: [(latitude: Double, longitude: Double)]
        /// Altitude above mean sea level (`altMSL`, older gpsd `alt`) of the last report.
        var altitude: Double?
    }

    let name: String
    /// The receiver's log.
    let path: String
    /// gpsd's position reports of each epoch, by epoch.
    let reports: [EpochKey: Report]
    /// Epochs gpsd reported as "no fix" (mode 1) and never with a position.
    let noFixEpochs: Set<EpochKey>

    static let fixtures = Bundle.module.url(forResource: "gpsd-regression", withExtension: nil)

    /// Every log of the fixture directory, by name without `.log`.
    static func names() throws -> [String] {
        guard let fixtures else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
            .filter { $0.hasSuffix(".log") }.map { String($0.dropLast(4)) }.sorted()
    }

    init(name: String) throws {
        guard let directory = Self.fixtures else { throw CocoaError(.fileNoSuchFile) }
        self.name = name
        path = directory.appendingPathComponent(name + ".log").path
        let check = try Data(contentsOf: directory.appendingPathComponent(name + ".log.chk"))
        var reports: [EpochKey: Report] = [:]
        var noFix = Set<EpochKey>()
        var epochs = EpochCounter()
        var sentenceTime: Int?
        // Some logs hold binary packets between sentences: split bytes on line feeds, not text on lines.
        for line in check.split(separator: UInt8(ascii: "\n")) {
            if line.first == UInt8(ascii: "$") {
                sentenceTime = Self.timeOfDay(sentence: String(decoding: line, as: UTF8.self)) ?? sentenceTime
                continue
            }
            guard line.first == UInt8(ascii: "{"),
                let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                object["class"] as? String == "TPV", let mode = object["mode"] as? Int
            else { continue }
            let stamp = (object["time"] as? String).flatMap { Timestamp(rfc3339: $0) }
            let milliseconds = stamp.map { Int(($0.secondsSince1970 * 1000).rounded()) }
            let day = milliseconds.map { $0.floorDivided(by: 86_400_000) }
            guard let time = milliseconds.map({ $0 - $0.floorDivided(by: 86_400_000) * 86_400_000 }) ?? sentenceTime
            else { continue }
            let epoch = epochs.key(for: time)
            if mode >= 2, let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double {
                var report = reports[epoch] ?? Report(timeOfDay: time, day: day, positions: [])
                if !report.positions.contains(where: { $0 == (latitude, longitude) }) {
                    report.positions.append((latitude, longitude))
                }
                report.altitude = (object["altMSL"] ?? object["alt"]) as? Double
                reports[epoch] = report
            } else if mode == 1, stamp != nil {
                noFix.insert(epoch)
            }
        }
        self.reports = reports
        noFixEpochs = noFix.subtracting(reports.keys)
    }

    /// The time of day of an RMC, GGA, GNS, ZDA or GLL sentence (any talker), read independently of the
    /// parser under test.
    private static func timeOfDay(sentence: String) -> Int? {
        let fields = sentence.split(separator: ",", omittingEmptySubsequences: false)
        guard let address = fields.first, address.count == 6 else { return nil }
        let index: Int
        switch address.suffix(3) {
        case "RMC", "GGA", "GNS", "ZDA": index = 1
        case "GLL": index = 5
        default: return nil
        }
        guard index < fields.count, fields[index].count >= 6, let seconds = Double(fields[index].prefix(2 + 2 + 2)),
            let fraction = Double("0" + fields[index].dropFirst(6).prefix { $0 != "*" })
        else { return nil }
        let whole = Int(seconds)
        return ((whole / 10_000 * 60 + whole / 100 % 100) * 60 + whole % 100) * 1000 + Int((fraction * 1000).rounded())
    }
}

/// How our fixes of a log compare with gpsd's reports of it, epoch by epoch (keyed by time of day).
struct GpsdAgreement {
    /// Positions agree within this many degrees (gpsd prints 9 decimals; 1e-6° is about 0.1 m).
    static let degreeTolerance = 1e-6
    /// GPS week rollovers are 1024 weeks; gpsd moves old receivers' dates by multiples of it.
    static let rolloverDays = 7 * 1024

    /// Epochs both report at the same time of day and position.
    var matching = 0
    /// Epochs both report at the same time of day, but at different positions.
    var displaced = 0
    /// Epochs gpsd reports with a time and we do not.
    var missing = 0
    /// Epochs we report that gpsd reported as "no fix".
    var contradicted = 0
    /// Epochs we report and gpsd made no report of at all (gpsd reports at the sentence that usually ends a
    /// receiver's burst, so it skips epochs whose burst lacks it and a last epoch cut off by the end of the log).
    var unreported = 0
    /// Epochs gpsd reports without a time and we drop because the log never dates them: neither invents a date.
    var undatedByBoth = 0
    /// Matching epochs whose altitudes agree (both none, or within 1 cm).
    var sameAltitude = 0
    /// Our fixes whose date is not gpsd's date moved by whole GPS week rollovers: a date not from the log.
    var foreignDates = 0
    /// Descriptions of the first disagreements, for failure messages.
    var examples: [String] = []

    /// Epochs where gpsd's word and ours can be compared.
    var compared: Int { matching + displaced + missing + contradicted }

    init(fixes: [GPSFix], log: GpsdRegressionLog) {
        var ours: [GpsdRegressionLog.EpochKey: GPSFix] = [:]
        var epochs = GpsdRegressionLog.EpochCounter()
        for fix in fixes {
            let milliseconds = Int((fix.timestamp.secondsSince1970 * 1000).rounded())
            ours[epochs.key(for: milliseconds - milliseconds.floorDivided(by: 86_400_000) * 86_400_000)] = fix
        }
        for (epoch, fix) in ours.sorted(by: { $0.key < $1.key }) {
            let time = epoch.timeOfDay
            guard let report = log.reports[epoch] else {
                if log.noFixEpochs.contains(epoch) {
                    contradicted += 1
                    note("fix at \(Self.clock(time)) where gpsd says no fix")
                } else {
                    unreported += 1
                }
                continue
            }
            let day = Int((fix.timestamp.secondsSince1970 * 1000).rounded()).floorDivided(by: 86_400_000)
            if let gpsdDay = report.day, (day - gpsdDay) % Self.rolloverDays != 0 { foreignDates += 1 }
            let agrees = report.positions.contains {
                abs(fix.latitude - $0.latitude) <= Self.degreeTolerance
                    && abs(fix.longitude - $0.longitude) <= Self.degreeTolerance
            }
            guard agrees else {
                displaced += 1
                let theirs = report.positions.map { "\($0.latitude), \($0.longitude)" }.joined(separator: " / ")
                note("at \(Self.clock(time)) ours \(fix.latitude), \(fix.longitude), gpsd \(theirs)")
                continue
            }
            matching += 1
            switch (fix.altitude, report.altitude) {
            case (nil, nil): sameAltitude += 1
            case (let ours?, let theirs?) where abs(ours - theirs) < 0.01: sameAltitude += 1
            default:
                let theirs = report.altitude.map { "\($0)" } ?? "none"
                note("at \(Self.clock(time)) gpsd altitude \(theirs), ours \(fix.altitude.map { "\($0)" } ?? "none")")
            }
        }
        for (epoch, report) in log.reports.sorted(by: { $0.key < $1.key }) where ours[epoch] == nil {
            let time = epoch.timeOfDay
            if report.day == nil {
                undatedByBoth += 1
            } else {
                missing += 1
                note("missing fix at \(Self.clock(time))")
            }
        }
    }

    private mutating func note(_ example: String) {
        if examples.count < 50 { examples.append(example) }
    }

    private static func clock(_ time: Int) -> String {
        let seconds = Double(time) / 1000
        return "\(Int(seconds) / 3600):\(Int(seconds) / 60 % 60):\(seconds.truncatingRemainder(dividingBy: 60))"
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
