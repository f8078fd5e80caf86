import NavCore
import Foundation
import NavProtocol
import NavWeb
import Testing

@Suite struct EventStreamTests {
    func text(_ bytes: [UInt8]?) -> String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "<end>" }

    @Test func eventsAreFramedLineByLine() {
        #expect(text(ServerSentEvent.encode(name: "view", data: Array("{\"a\":1}".utf8))) == "event: view\ndata: {\"a\":1}\n\n")
        #expect(text(ServerSentEvent.encode(name: "x", data: Array("one\r\ntwo".utf8))) == "event: x\ndata: one\ndata: two\n\n")
    }

    @Test func aNewStreamStartsWithTheVehiclesStateThenFollowsIt() throws {
        let fleet = LiveFleet()
        fleet.apply(Samples.route(.newDestinations, [Samples.kamppi]), vehicle: "v", at: Samples.time(0))
        let client = try #require(fleet.connect(.vehicle("v")))
        let snapshot = text(client.nextChunk(maxBytes: 1 << 20))
        #expect(snapshot.contains("event: route\n"))
        #expect(snapshot.contains("event: view\n"))
        #expect(snapshot.contains("\"Kamppi\""))
        fleet.apply(Samples.speeding(60, limit: 50, severity: .minor), vehicle: "v", at: Samples.time(1))
        fleet.apply(Samples.speeding(60, limit: 50, severity: .minor), vehicle: "other", at: Samples.time(1))
        let update = text(client.nextChunk(maxBytes: 1 << 20))
        #expect(update.hasPrefix("event: view\n"))
        #expect(update.contains("\"level\":\"minor\""))
        #expect(client.queued == 0)
    }

    @Test func aSlowBrowserIsResynchronisedNotWaitedFor() throws {
        let fleet = LiveFleet(limits: LiveFleet.Limits(queuedEventsPerClient: 4))
        let client = try #require(fleet.connect(.vehicle("v")))
        _ = client.nextChunk(maxBytes: 1 << 20)
        for i in 0..<10 {
            fleet.apply(Samples.speeding(50 + Double(i), limit: 50, severity: .notSpeeding), vehicle: "v", at: Samples.time(Double(i)))
        }
        #expect(client.dropped == 5)
        #expect(fleet.counters.value("eventsDropped") == 1)
        // After the overflow the browser gets the state as it is now, then the events after it.
        let resync = text(client.nextChunk(maxBytes: 1 << 20))
        #expect(resync.contains("retry:"))
        #expect(resync.contains("\"speed\":\(59 / 3.6)"))
        fleet.apply(Samples.speeding(70, limit: 50, severity: .major), vehicle: "v", at: Samples.time(20))
        #expect(text(client.nextChunk(maxBytes: 1 << 20)).contains("\"level\":\"major\""))
    }

    @Test func theFleetGetsOneBatchPerFlushWithTheVehiclesThatMoved() throws {
        let fleet = LiveFleet()
        let client = try #require(fleet.connect(.fleet))
        _ = client.nextChunk(maxBytes: 1 << 20)
        for id in ["a", "b", "c"] {
            fleet.apply(Samples.location(60.17, 24.94, at: Samples.time(0)), vehicle: id, at: Samples.time(0))
        }
        fleet.flushFleet()
        fleet.flushFleet()
        #expect(client.queued == 1)
        let batch = text(client.nextChunk(maxBytes: 1 << 20))
        #expect(batch.hasPrefix("event: fleet\n"))
        #expect(batch.contains("\"id\":\"a\"") && batch.contains("\"id\":\"c\""))
        fleet.apply(Samples.location(60.18, 24.94, at: Samples.time(1)), vehicle: "b", at: Samples.time(1))
        fleet.flushFleet()
        let next = text(client.nextChunk(maxBytes: 1 << 20))
        #expect(next.contains("\"id\":\"b\"") && !next.contains("\"id\":\"a\""))
    }

    @Test func streamsAreBoundedAndClosedStreamsEnd() throws {
        let fleet = LiveFleet(limits: LiveFleet.Limits(clients: 2))
        let first = try #require(fleet.connect(.fleet))
        let second = try #require(fleet.connect(.vehicle("v")))
        #expect(fleet.connect(.fleet) == nil)
        #expect(fleet.counters.value("clientsRefused") == 1)
        first.connectionClosed()
        #expect(fleet.clientCount == 1)
        #expect(fleet.connect(.fleet) != nil)
        fleet.closeAll()
        #expect(second.nextChunk(maxBytes: 1024) == nil)
    }

    @Test func anIdleStreamSendsKeepAlives() throws {
        let fleet = LiveFleet(limits: LiveFleet.Limits(keepAliveSeconds: 0.05))
        let client = try #require(fleet.connect(.fleet))
        _ = client.nextChunk(maxBytes: 1024)
        #expect(client.nextChunk(maxBytes: 1024) == ServerSentEvent.keepAlive)
    }
}
