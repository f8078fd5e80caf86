import Foundation
import NavProtocol
import Testing

@testable import NavSources

/// Our NMEA replay against gpsd's own decoding of real receiver logs from gpsd's regression suite
/// (`Fixtures/gpsd-regression`, BSD-2-Clause). Every log goes through ``NMEAFileReplay`` exactly as the
/// feeder replays one, with a wall clock years away from every log's date.
@Suite("NMEA from real receivers against gpsd")
struct GpsdRegressionTests {
    /// Share of epochs (reported by gpsd, by us, or both) where both report the same time of day and
    /// position: the issue's goal.
    static let requiredAgreement = 0.995

    @Test("the logs agree with gpsd's positions and times of day in ≥ 99.5 % of epochs, none dated from a clock")
    func agreement() throws {
        let names = try GpsdRegressionLog.names()
        try #require(names.count >= 30, "the fixture directory holds the gpsd regression logs")
        var table = [
            "| log | gpsd epochs | our fixes | agree | other position | missing | gpsd: no fix | gpsd: no report "
                + "| undated by both | same altitude | agreement |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        var total = GpsdAgreementTotal()
        for name in names {
            let (log, fixes, _, agreement) = try Self.compare(name)
            total.add(agreement, reports: log.reports.count, fixes: fixes.count)
            #expect(agreement.foreignDates == 0, "\(name): fixes dated other than the log says")
            if !agreement.examples.isEmpty {
                print("gpsd regression \(name): \(agreement.examples.joined(separator: "; "))")
            }
            table.append(
                "| \(name) | \(log.reports.count) | \(fixes.count) | \(agreement.matching) | \(agreement.displaced) | "
                    + "\(agreement.missing) | \(agreement.contradicted) | \(agreement.unreported) | "
                    + "\(agreement.undatedByBoth) | \(agreement.sameAltitude) | "
                    + "\(Self.percent(agreement.matching, of: agreement.compared)) |")
        }
        table.append(
            "| **all** | \(total.reports) | \(total.fixes) | \(total.matching) | \(total.displaced) | \(total.missing) | "
                + "\(total.contradicted) | \(total.unreported) | \(total.undatedByBoth) | \(total.sameAltitude) | "
                + "**\(Self.percent(total.matching, of: total.compared))** |")
        print(table.joined(separator: "\n"))
        #expect(Double(total.matching) >= Self.requiredAgreement * Double(total.compared))
    }

    @Test(
        "binary packets between the sentences (Ashtech MCA in ac12_binary, UBX in ublox-8) are skipped as noise",
        arguments: ["ac12_binary", "ublox-8"])
    func binaryPacketsAreNoise(name: String) throws {
        let (_, fixes, counters, agreement) = try Self.compare(name)
        #expect(!fixes.isEmpty && agreement.matching == agreement.compared)
        #expect(counters.skippedByReason.values.reduce(0, +) > 0)
    }

    @Test("a log that never states a date (a depth sounder's GLL) delivers no fix and counts every one it drops")
    func neverDatedLog() throws {
        let (log, fixes, counters, agreement) = try Self.compare("sounder")
        #expect(fixes.isEmpty)
        #expect(agreement.undatedByBoth == log.reports.count && log.reports.count > 100)
        #expect(counters.skippedByReason[NMEAFileReplay.fixWithoutDate, default: 0] >= log.reports.count)
    }

    static func compare(_ name: String) throws
        -> (log: GpsdRegressionLog, fixes: [GPSFix], counters: SourceCounters.Snapshot, agreement: GpsdAgreement)
    {
        let log = try GpsdRegressionLog(name: name)
        let (fixes, counters) = try NMEALogReplay.replay(path: log.path)
        return (log, fixes, counters, GpsdAgreement(fixes: fixes, log: log))
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        whole == 0 ? "–" : String(format: "%.1f %%", 100 * Double(part) / Double(whole))
    }
}

/// Sums of ``GpsdAgreement`` over logs.
struct GpsdAgreementTotal {
    var reports = 0, fixes = 0, matching = 0, displaced = 0, missing = 0, contradicted = 0, unreported = 0
    var undatedByBoth = 0, sameAltitude = 0

    var compared: Int { matching + displaced + missing + contradicted }

    mutating func add(_ agreement: GpsdAgreement, reports: Int, fixes: Int) {
        self.reports += reports
        self.fixes += fixes
        matching += agreement.matching
        displaced += agreement.displaced
        missing += agreement.missing
        contradicted += agreement.contradicted
        unreported += agreement.unreported
        undatedByBoth += agreement.undatedByBoth
        sameAltitude += agreement.sameAltitude
    }
}
