import Testing

@testable import NavBus

/// The publisher's side of issue #12 items 6 and 7: fixes sent while the proxy restarts were lost (13 of 13) and
/// not counted, and the new proxy's cache was empty.
@Suite struct OutageBufferTests {
    let proxy: [UInt8] = [1]
    let navigator: [UInt8] = [1] + Array("gps.fix.v1".utf8)
    let navigatorGone: [UInt8] = [0] + Array("gps.fix.v1".utf8)

    /// A proxy connection with its own subscription and, optionally, the navigator's forwarded one.
    func connect(_ buffer: inout OutageBuffer, now: Double, withNavigator: Bool = true) {
        buffer.linkUp(now: now)
        buffer.observeSubscription(proxy, now: now)
        if withNavigator { buffer.observeSubscription(navigator, now: now) }
    }

    func message(_ serial: UInt64, topic: String = "gps.fix.v1") -> OutageBuffer.Message {
        OutageBuffer.Message(topic: topic, envelope: Array("fix-\(serial)".utf8), serial: serial)
    }

    @Test func messagesDuringAnOutageWaitUntilTheSubscribersAreBack() {
        var buffer = OutageBuffer()
        var outcome = OutageBuffer.Outcome()
        connect(&buffer, now: 0)
        let sentFirst = buffer.admit(message(1), subject: "car", retains: true, now: 0.1, outcome: &outcome)
        // kill -9 of the proxy: both subscriptions go at once; fix 2 went into the dying proxy.
        let sentSecond = buffer.admit(message(2), subject: "car", retains: true, now: 5, outcome: &outcome)
        #expect(sentFirst && sentSecond)
        buffer.linkDown(now: 5.2)
        for serial in 3...12 {
            let sent = buffer.admit(
                message(UInt64(serial)), subject: "car", retains: true, now: 5.3 + Double(serial), outcome: &outcome)
            #expect(!sent)
        }
        #expect(outcome.backlogged == 10)
        buffer.linkUp(now: 16)
        buffer.observeSubscription(proxy, now: 16)
        // The new proxy is there, the navigator not yet: sending now would lose the fixes in the proxy.
        #expect(buffer.takeDue(now: 16.1).isEmpty)
        let sentWhileSettling = buffer.admit(message(13), subject: "car", retains: true, now: 16.5, outcome: &outcome)
        #expect(!sentWhileSettling)
        buffer.observeSubscription(navigator, now: 17)
        let due = buffer.takeDue(now: 17)
        // Fix 1 is re-announced state (the latest of an older stream is fix 13, so nothing older is repeated);
        // fix 2 was in flight when the proxy died; 3...13 waited.
        #expect(due.map(\.serial) == Array(2...13))
        #expect(outcome.overflowed == 0)
        #expect(buffer.isLinked)
    }

    @Test func theLatestStateOfEveryStreamIsReannouncedAfterAnOutage() {
        var buffer = OutageBuffer()
        var outcome = OutageBuffer.Outcome()
        connect(&buffer, now: 0, withNavigator: false)
        _ = buffer.admit(message(1, topic: "nav.route_changed.v1"), subject: "car", retains: true, now: 0, outcome: &outcome)
        _ = buffer.admit(message(2, topic: "nav.location.v1"), subject: "car", retains: true, now: 0, outcome: &outcome)
        _ = buffer.admit(message(3, topic: "nav.location.v1"), subject: "car", retains: true, now: 0, outcome: &outcome)
        buffer.linkDown(now: 60)
        connect(&buffer, now: 70, withNavigator: false)
        #expect(buffer.takeDue(now: 70).map(\.serial) == [1, 3])
    }

    @Test func anOverflowingBacklogDropsTheOldestAndCountsThem() {
        var buffer = OutageBuffer(limits: .init(backlogMessages: 5))
        var outcome = OutageBuffer.Outcome()
        for serial in 1...8 {
            _ = buffer.admit(message(UInt64(serial)), subject: "car", retains: false, now: 0, outcome: &outcome)
        }
        #expect(outcome.backlogged == 8)
        #expect(outcome.overflowed == 3)
        // The first connection ever sends what waited at once.
        connect(&buffer, now: 1, withNavigator: false)
        #expect(buffer.takeDue(now: 1).map(\.serial) == [4, 5, 6, 7, 8])
    }

    @Test func aSubscriberThatDoesNotComeBackDelaysTheResendOnlyUntilTheSettleTime() {
        var buffer = OutageBuffer(limits: .init(settleSeconds: 5))
        var outcome = OutageBuffer.Outcome()
        connect(&buffer, now: 0)
        buffer.linkDown(now: 10)
        _ = buffer.admit(message(1), subject: "car", retains: false, now: 11, outcome: &outcome)
        connect(&buffer, now: 12, withNavigator: false)
        #expect(buffer.takeDue(now: 14).isEmpty)
        #expect(buffer.takeDue(now: 17).map(\.serial) == [1])
    }
}
