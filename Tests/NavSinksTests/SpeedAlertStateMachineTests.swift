import NavProtocol
import Testing

@testable import NavSinks

/// Default policy: minor from 5 %, major from 15 %, clear 2 points lower, changes after 2 s.
@Suite struct SpeedAlertStateMachineTests {
    struct Step {
        let seconds: Double
        let percentage: Double
        var limit: Double? = 13.9
    }

    /// What a published alert says, with `since` relative to the start.
    struct Outcome: Equatable, CustomStringConvertible {
        let severity: SpeedAlertSeverity
        let raised: Bool
        let since: Double

        var description: String { "\(severity.rawValue)\(raised ? "↑" : "↓")@\(since)" }
    }

    static let start = Timestamp(rfc3339: "2026-11-29T16:00:00Z")!

    static func update(_ percentage: Double, limit: Double? = 13.9) -> SpeedingUpdate {
        let limitValue = limit ?? 0
        return SpeedingUpdate(
            percentageAboveLimit: percentage, severity: limit == nil ? .unknown : .notSpeeding,
            speed: limitValue * (1 + percentage / 100), speedLimit: limit)
    }

    /// Samples every half second: `segments` of (percentage, duration in seconds).
    static func steps(_ segments: [(Double, Double)]) -> [Step] {
        var steps: [Step] = []
        var clock = 0.0
        for (percentage, duration) in segments {
            let end = clock + duration
            while clock < end - 1e-9 {
                steps.append(Step(seconds: clock, percentage: percentage))
                clock += 0.5
            }
        }
        return steps
    }

    /// Alternates between two percentages every half second for `duration` seconds.
    static func hovering(_ low: Double, _ high: Double, for duration: Double, from offset: Double = 0) -> [Step] {
        stride(from: 0.0, to: duration, by: 0.5).enumerated().map { index, seconds in
            Step(seconds: offset + seconds, percentage: index % 2 == 0 ? low : high)
        }
    }

    static func run(_ steps: [Step], policy: SpeedAlertPolicy = SpeedAlertPolicy()) -> [Outcome] {
        var machine = SpeedAlertStateMachine(policy: policy)
        return steps.compactMap { step in
            machine.observe(update(step.percentage, limit: step.limit), at: start.adding(seconds: step.seconds))
                .map { Outcome(severity: $0.severity, raised: $0.raised, since: $0.since.seconds(since: start)) }
        }
    }

    @Test func aSustainedMinorSpeedingRaisesOnlyAfterTheMinimumDuration() {
        #expect(Self.run(Self.steps([(8, 1.5)])) == [])
        #expect(Self.run(Self.steps([(8, 2.5)])) == [Outcome(severity: .minor, raised: true, since: 0)])
    }

    @Test func aTripThroughEveryLevelRaisesEscalatesLowersAndClears() {
        let outcomes = Self.run(Self.steps([(0, 1), (10, 3), (20, 3), (10, 3), (0, 3)]))
        #expect(
            outcomes == [
                Outcome(severity: .minor, raised: true, since: 1),
                Outcome(severity: .major, raised: true, since: 4),
                Outcome(severity: .minor, raised: false, since: 7),
                Outcome(severity: .noAlert, raised: false, since: 10),
            ])
    }

    @Test func aSuddenStopClearsAMajorAlertInOneStep() {
        let outcomes = Self.run(Self.steps([(25, 3), (0, 3)]))
        #expect(
            outcomes == [
                Outcome(severity: .major, raised: true, since: 0),
                Outcome(severity: .noAlert, raised: false, since: 3),
            ])
    }

    /// Patterns that hover around a threshold: each must produce exactly the listed alerts, however long it lasts.
    static let hoveringPatterns: [(String, [Step], [Outcome])] = [
        ("around the minor threshold", hovering(4.8, 5.2, for: 30), []),
        ("a short spike far above major", steps([(0, 2), (30, 1.5), (0, 10)]), []),
        (
            "around the major threshold: minor holds, major never comes", hovering(14.5, 15.5, for: 30),
            [Outcome(severity: .minor, raised: true, since: 0)]
        ),
        (
            "around the minor threshold while minor: hysteresis holds it",
            steps([(8, 3)]) + hovering(4.5, 5.5, for: 30, from: 3), [Outcome(severity: .minor, raised: true, since: 0)]
        ),
        (
            "around the clear threshold while minor: no clear until it stays below",
            steps([(8, 3)]) + hovering(2.8, 3.2, for: 30, from: 3), [Outcome(severity: .minor, raised: true, since: 0)]
        ),
        (
            "around the major clear threshold while major", steps([(20, 3)]) + hovering(12.8, 13.2, for: 30, from: 3),
            [Outcome(severity: .major, raised: true, since: 0)]
        ),
    ]

    @Test(arguments: hoveringPatterns.indices)
    func aSpeedHoveringAtAThresholdDoesNotFlap(_ index: Int) {
        let (name, steps, expected) = Self.hoveringPatterns[index]
        #expect(Self.run(steps) == expected, "\(name)")
    }

    @Test func withoutAMinimumDurationHysteresisStillPreventsFlapping() {
        let policy = SpeedAlertPolicy(minimumDuration: 0)
        let outcomes = Self.run(Self.steps([(6, 0.5)]) + Self.hovering(4.5, 5.5, for: 10, from: 0.5), policy: policy)
        #expect(outcomes == [Outcome(severity: .minor, raised: true, since: 0)])
        let cleared = Self.run(Self.steps([(6, 0.5), (2.9, 0.5)]), policy: policy)
        #expect(cleared.last == Outcome(severity: .noAlert, raised: false, since: 0.5))
    }

    @Test func anUnknownSpeedLimitClearsAStandingAlert() {
        var steps = Self.steps([(20, 3)])
        steps += stride(from: 3.0, to: 6.0, by: 0.5).map { Step(seconds: $0, percentage: 0, limit: nil) }
        #expect(Self.run(steps).map(\.severity) == [.major, .noAlert])
    }

    @Test func messageTimePassingWithoutUpdatesCompletesTheMinimumDuration() throws {
        var machine = SpeedAlertStateMachine(policy: SpeedAlertPolicy())
        #expect(machine.observe(Self.update(12), at: Self.start) == nil)
        #expect(machine.advance(to: Self.start.adding(seconds: 1.9)) == nil)
        let raised = machine.advance(to: Self.start.adding(seconds: 2))
        let alert = try #require(raised)
        #expect(alert.severity == .minor)
        #expect(alert.raised)
        #expect(alert.since == Self.start)
        #expect(alert.percentageAboveLimit == 12)
        #expect(alert.speedLimit == 13.9)
        #expect(machine.advance(to: Self.start.adding(seconds: 10)) == nil)
    }

    @Test func timeGoingBackwardsRestartsThePersistenceClock() {
        var machine = SpeedAlertStateMachine(policy: SpeedAlertPolicy())
        _ = machine.observe(Self.update(10), at: Self.start.adding(seconds: 100))
        // A replay starts over: the earlier time must not count as two minutes of speeding.
        #expect(machine.observe(Self.update(10), at: Self.start) == nil)
        #expect(machine.observe(Self.update(10), at: Self.start.adding(seconds: 2))?.severity == .minor)
    }

    @Test(arguments: [
        SpeedAlertPolicy(minorPercentage: 0), SpeedAlertPolicy(minorPercentage: 10, majorPercentage: 10),
        SpeedAlertPolicy(clearMargin: 5), SpeedAlertPolicy(clearMargin: -1), SpeedAlertPolicy(minimumDuration: -1),
    ])
    func nonsensicalThresholdsAreReported(_ policy: SpeedAlertPolicy) {
        #expect(policy.problem != nil)
    }

    @Test func theDefaultThresholdsAreUsable() {
        #expect(SpeedAlertPolicy().problem == nil)
    }
}
