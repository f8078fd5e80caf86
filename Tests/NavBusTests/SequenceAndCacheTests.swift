import NavProtocol
import Testing

@testable import NavBus

@Suite struct SequenceTrackerTests {
    @Test func countsGapsPerStreamAndDropsRepeatedIDs() {
        var tracker = SequenceTracker()
        func see(_ id: String, _ sequence: UInt64, topic: String = "nav.location.v1", subject: String = "car")
            -> SequenceTracker.Verdict
        {
            tracker.observe(source: "a", id: id, topic: topic, subject: subject, sequence: sequence)
        }
        #expect(see("r-1", 1) == .inOrder)
        #expect(see("r-2", 2) == .inOrder)
        #expect(see("r-5", 5) == .gap(missed: 2))
        #expect(see("r-5", 5) == .duplicate)
        // Another topic of the same source has its own numbering: no gap for what this subscriber never asked for.
        #expect(see("r-6", 1, topic: "nav.arrival.v1") == .inOrder)
        #expect(see("r-7", 6) == .inOrder)
        #expect(tracker.observe(source: "b", id: "r-1", topic: "t", subject: "car", sequence: 9) == .inOrder)
    }

    /// Issue #12 item 2: one envelope with another process's source, sequence 2^62 and time 2099 silenced that
    /// source for every navbus subscriber.
    @Test func aPoisonedEnvelopeDoesNotSilenceItsSource() {
        var tracker = SequenceTracker()
        let source = "navbus://navigator/host-1"
        #expect(tracker.observe(source: source, id: "x-1", topic: "nav.route_changed.v1", subject: "default", sequence: 1) == .inOrder)
        #expect(
            tracker.observe(source: source, id: "evil", topic: "nav.route_changed.v1", subject: "default", sequence: 1 << 62)
                == .gap(missed: (1 << 62) - 2))
        let next = tracker.observe(source: source, id: "x-2", topic: "nav.route_changed.v1", subject: "default", sequence: 2)
        #expect(next == .restarted)
        #expect(next != .duplicate)
    }

    /// Issue #12 item 2: a pyzmq GPS bridge numbering per vehicle under one source was silently dropped.
    @Test func aForeignPublisherNumberingPerVehicleIsDelivered() {
        var tracker = SequenceTracker()
        var delivered = 0
        for step in 1...50 {
            for vehicle in ["bus-1", "bus-2", "bus-3"] {
                let verdict = tracker.observe(
                    source: "python://bridge", id: "\(vehicle)-\(step)", topic: "gps.fix.v1", subject: vehicle,
                    sequence: UInt64(step))
                if verdict != .duplicate { delivered += 1 }
                #expect(verdict == .inOrder)
            }
        }
        #expect(delivered == 150)
    }

    @Test func theLastIDOfAStreamIsRecognisedLongAfterTheRecentWindow() {
        var tracker = SequenceTracker()
        _ = tracker.observe(source: "nav", id: "route-1", topic: "nav.route_changed.v1", subject: "v", sequence: 1)
        for index in 0..<(SequenceTracker.recentIDsPerSource * 2) {
            _ = tracker.observe(source: "nav", id: "fix-\(index)", topic: "nav.location.v1", subject: "v", sequence: UInt64(index + 1))
        }
        // A publisher re-announcing its state after a proxy restart sends the same envelope again.
        #expect(tracker.observe(source: "nav", id: "route-1", topic: "nav.route_changed.v1", subject: "v", sequence: 1) == .duplicate)
        // Memory is bounded: an id far outside the window is no longer remembered.
        #expect(tracker.observe(source: "nav", id: "fix-0", topic: "nav.location.v1", subject: "v", sequence: 1) == .restarted)
    }

    @Test func snapshotAnswersAreCheckedForDuplicatesButDoNotMoveTheSequence() {
        var tracker = SequenceTracker()
        #expect(tracker.observe(source: "s", id: "1", topic: "t", subject: "v", sequence: 40, countsGaps: false) == .inOrder)
        #expect(tracker.observe(source: "s", id: "2", topic: "t", subject: "v", sequence: 90) == .inOrder)
        #expect(tracker.observe(source: "s", id: "1", topic: "t", subject: "v", sequence: 40, countsGaps: false) == .duplicate)
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
        #expect(cache.byteCount == 3)
    }

    @Test func evictsTheLeastRecentlyUpdated() {
        var cache = LastValueCache(capacity: 10)
        for index in 0..<11 { cache.store(topic: "t", subject: "v\(index)", envelope: [UInt8(index)]) }
        #expect(cache.count == 9)
        #expect(!cache.messages(matching: []).contains { $0.envelope == [0] })
        #expect(cache.messages(matching: []).contains { $0.envelope == [10] })
    }

    /// Issue #12 item 8: 300 subjects × 1 MB took the proxy from 26 to 328 MB; the entry cap allowed ~100 GB.
    @Test func isBoundedInBytes() {
        var cache = LastValueCache(capacity: 100_000, maximumBytes: 64 << 20)
        let megabyte = [UInt8](repeating: 0x41, count: 1 << 20)
        for subject in 0..<300 { cache.store(topic: "nav.location.v1", subject: "v\(subject)", envelope: megabyte) }
        #expect(cache.byteCount <= 64 << 20)
        #expect(cache.count <= 64)
        #expect(cache.evictions >= 236)
        #expect(cache.messages(matching: []).contains { _ in true })
        // The newest is always kept, whatever its size.
        var tiny = LastValueCache(capacity: 10, maximumBytes: 10)
        tiny.store(topic: "t", subject: "big", envelope: megabyte)
        #expect(tiny.count == 1)
    }
}

@Suite struct SnapshotRequestTests {
    @Test func roundTripsThroughTheSubscription() throws {
        let request = SnapshotRequest(nonce: "00112233aabbccdd", prefix: "nav.route_changed.")
        let parsed = try #require(SnapshotRequest(subscription: Array(request.subscription.utf8)))
        #expect(parsed == request)
        #expect(request.frame(for: "nav.route_changed.v1") == "@snapshot/00112233aabbccdd/nav.route_changed.v1")
        #expect(SnapshotRequest(subscription: Array("nav.".utf8)) == nil)
        #expect(SnapshotRequest(subscription: Array("@snapshot/short/nav.".utf8)) == nil)
        #expect(SnapshotRequest.makeNonce().count == 16)
    }
}
