import NavProtocol
import Testing

@testable import NavSinks

@Suite struct TimingTests {
    let start = Timestamp(rfc3339: "2026-11-29T15:00:00Z")!

    @Test func replayKeepsTheRecordedSpacingDividedByTheRate() {
        var pacing = ReplayPacing(rate: 4)
        let offsets = [0.0, 1, 2, 10].map { pacing.offset(for: start.adding(seconds: 100 + $0)) }
        #expect(offsets == [0, 0.25, 0.5, 2.5])
    }

    @Test func aMessageStampedBeforeTheFirstIsDueAtOnce() {
        var pacing = ReplayPacing(rate: 1)
        _ = pacing.offset(for: start)
        #expect(pacing.offset(for: start.adding(seconds: -5)) == 0)
    }

    @Test func eachLoopPassStartsAtItsFirstMessage() {
        var pacing = ReplayPacing(rate: 1)
        _ = pacing.offset(for: start)
        #expect(pacing.offset(for: start.adding(seconds: 3)) == 3)
        pacing.restart()
        #expect(pacing.offset(for: start.adding(seconds: 3)) == 0)
    }

    @Test func messageTimeAdvancesWithTheMonotonicClockBetweenMessages() {
        var clock = MessageClock()
        #expect(clock.now(vehicle: "car1", monotonic: 5) == nil)
        clock.observe(vehicle: "car1", time: start, monotonic: 1000)
        clock.observe(vehicle: "car2", time: start.adding(seconds: -3600), monotonic: 1000)
        #expect(clock.now(vehicle: "car1", monotonic: 1002.5) == start.adding(seconds: 2.5))
        #expect(clock.now(vehicle: "car2", monotonic: 1002.5) == start.adding(seconds: -3597.5))
        #expect(Set(clock.vehicles) == ["car1", "car2"])
    }
}
