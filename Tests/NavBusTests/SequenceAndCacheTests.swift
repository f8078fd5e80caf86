import NavProtocol
import Testing

@testable import NavBus

@Suite struct SequenceTrackerTests {
    let t0 = Timestamp(secondsSince1970: 1000)

    @Test func countsGapsAndDropsReplays() {
        var tracker = SequenceTracker()
        #expect(tracker.observe(source: "a", sequence: 1, time: t0) == .inOrder)
        #expect(tracker.observe(source: "a", sequence: 2, time: t0.adding(seconds: 1)) == .inOrder)
        #expect(tracker.observe(source: "a", sequence: 5, time: t0.adding(seconds: 2)) == .gap(missed: 2))
        #expect(tracker.observe(source: "a", sequence: 5, time: t0.adding(seconds: 2)) == .duplicate)
        #expect(tracker.observe(source: "b", sequence: 9, time: t0) == .inOrder)
    }

    @Test func recognisesARestartedPublisher() {
        var tracker = SequenceTracker()
        _ = tracker.observe(source: "a", sequence: 500, time: t0)
        #expect(tracker.observe(source: "a", sequence: 1, time: t0.adding(seconds: 10)) == .restarted)
        #expect(tracker.observe(source: "a", sequence: 2, time: t0.adding(seconds: 11)) == .inOrder)
    }
}

@Suite struct LastValueCacheTests {
    @Test func keepsTheLatestMessagePerTopicAndSubject() {
        var cache = LastValueCache(capacity: 10)
        cache.store(topic: "nav.location.v1", subject: "car1", envelope: [1])
        cache.store(topic: "nav.location.v1", subject: "car1", envelope: [2])
        cache.store(topic: "nav.location.v1", subject: "car2", envelope: [3])
        cache.store(topic: "nav.speeding.v1", subject: "car1", envelope: [4])
        #expect(cache.count == 3)
        let locations = cache.messages(matching: Array("nav.location.".utf8))
        #expect(locations.map(\.envelope) == [[2], [3]])
        #expect(cache.messages(matching: []).count == 3)
        #expect(cache.messages(matching: Array("nav.speeding.".utf8)).map(\.envelope) == [[4]])
    }

    @Test func evictsTheLeastRecentlyUpdated() {
        var cache = LastValueCache(capacity: 10)
        for index in 0..<11 { cache.store(topic: "t", subject: "v\(index)", envelope: [UInt8(index)]) }
        #expect(cache.count == 9)
        #expect(!cache.messages(matching: []).contains { $0.envelope == [0] })
        #expect(cache.messages(matching: []).contains { $0.envelope == [10] })
    }
}
