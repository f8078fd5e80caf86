import NavCore
import NavGuidance
import Testing

@Suite("Speeding")
struct SpeedingTests {
    private struct Report: Equatable {
        var time: Double
        var severity: SpeedingSeverity
        var percentage: Double
    }

    /// Drives the straight street at one fix a second with the given speeds, collecting speeding events.
    private func reports(speeds: [Double], limit: Double? = 50 / 3.6, options: SpeedAlertOptions = SpeedAlertOptions())
        -> [Report]
    {
        var session = Session(
            route: GuidanceRoute(legs: [Streets.leg([(0, 0), (2_000, 0)], limit: limit)]),
            options: GuidanceOptions(speedAlertOptions: options))
        var result: [Report] = []
        for (i, speed) in speeds.enumerated() {
            let point = Streets.point(Double(i) * 14, 0)
            let time = 1_000 + Double(i)
            for event in session.send(
                .fix(Fix(latitude: point.latitude, longitude: point.longitude, course: 90, speed: speed, time: time)))
            {
                if case .speeding(let percentage, let severity, let reportedSpeed, let reportedLimit) = event {
                    #expect(reportedSpeed == speed)
                    #expect(reportedLimit == limit)
                    result.append(Report(time: time - 1_000, severity: severity, percentage: percentage))
                }
            }
        }
        return result
    }

    @Test("minor speeding becomes major after the upgrade duration and is repeated every second")
    func upgradeTiming() {
        let limit = 50 / 3.6
        let speeds =
            Array(repeating: limit * 1.03, count: 3) + Array(repeating: limit * 1.07, count: 8)
            + Array(repeating: limit * 0.9, count: 3)
        let got = reports(speeds: speeds)
        #expect(got.map(\.time) == [0, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(
            got.map(\.severity) == [.notSpeeding] + Array(repeating: .minor, count: 5) + [
                .major, .major, .major, .notSpeeding,
            ])
        #expect(abs(got[1].percentage - 7) < 1e-6)
        #expect(abs(got[0].percentage - 3) < 1e-6, "3 % above the limit is below the minor threshold")
    }

    @Test("every snapped location carries the speed limit of its road, known or not")
    func locationsCarryTheLimit() {
        for limit in [50 / 3.6, nil] as [Double?] {
            var session = Session(
                route: GuidanceRoute(legs: [Streets.leg([(0, 0), (2_000, 0)], limit: limit)]), options: GuidanceOptions())
            var limits: [Double?] = []
            for i in 0..<5 {
                let point = Streets.point(Double(i) * 14, 0)
                for event in session.send(
                    .fix(Fix(latitude: point.latitude, longitude: point.longitude, course: 90, speed: 10, time: Double(i))))
                {
                    if case .location(let location) = event { limits.append(location.speedLimit) }
                }
            }
            #expect(limits == Array(repeating: limit, count: 5))
        }
    }

    @Test("a sustained upgrade duration is configurable")
    func configurableUpgrade() {
        let limit = 50 / 3.6
        let got = reports(
            speeds: Array(repeating: limit * 1.07, count: 6),
            options: SpeedAlertOptions(minorPercentage: 5, majorPercentage: 20, severityUpgradeDurationSeconds: 2))
        #expect(got.map(\.severity) == [.minor, .minor, .major, .major, .major, .major])
    }

    @Test("far above the limit is major at once")
    func majorAtOnce() {
        let got = reports(speeds: [20, 20])
        #expect(got.map(\.severity) == [.major, .major])
        #expect(abs(got[0].percentage - 44) < 1e-6)
    }

    @Test("an unknown limit gives severity unknown, once")
    func unknownLimit() {
        let got = reports(speeds: [20, 20, 20], limit: nil)
        #expect(got == [Report(time: 0, severity: .unknown, percentage: 0)])
    }
}
