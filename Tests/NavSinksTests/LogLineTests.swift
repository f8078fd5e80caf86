import NavBus
import NavProtocol
import Testing

@testable import NavSinks

@Suite struct LogLineTests {
    let envelope = Array(
        #"{"specversion":"1.0","id":"r-7","source":"navbus://navigator/a","type":"navbus.nav.remaining_time.v1","time":"2026-11-29T10:00:00.500Z","subject":"car1","datacontenttype":"application/json","dataschema":"topics/nav.remaining_time.v1.schema.json","sequence":7,"data":{"seconds":1.50}}"#
            .utf8)

    func header(source: String = "navbus://navigator/a", sequence: UInt64, at seconds: Double = 0) -> EnvelopeHeader {
        EnvelopeHeader(
            id: "\(sequence)-\(seconds)", source: source, type: "navbus.nav.arrival.v1",
            time: Timestamp(secondsSince1970: 1_764_000_000 + seconds), subject: "default", sequence: sequence)
    }

    @Test func aMessageLineHoldsTheEnvelopeByteForByte() throws {
        let line = LogLine.message(topicName: "nav.remaining_time.v1", envelope: envelope)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.filter { $0 == UInt8(ascii: "\n") }.count == 1)
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix(#"{"topic":"nav.remaining_time.v1","envelope":{"specversion""#))
        #expect(text.contains(#""data":{"seconds":1.50}"#))
        let parsed = try JSONParser.parse(line.dropLast())
        #expect(parsed["envelope"]?["sequence"] == .integer(7))
    }

    @Test func replayReadsBackTheRecordedEnvelopeUnchanged() throws {
        let line = LogLine.message(topicName: "nav.remaining_time.v1", envelope: envelope)
        let message = try #require(try RecordedMessage.parse(line: line))
        #expect(message.topicName == "nav.remaining_time.v1")
        #expect(message.envelope == envelope)
        #expect(message.time == Timestamp(rfc3339: "2026-11-29T10:00:00.500Z"))
    }

    @Test func replayAcceptsLinesReformattedByOtherTools() throws {
        let line = Array(#"{ "envelope": {"time": "2026-11-29T10:00:00Z", "data": {}}, "topic": "nav.arrival.v1" }"#.utf8)
        let message = try #require(try RecordedMessage.parse(line: line))
        #expect(message.topicName == "nav.arrival.v1")
        #expect(String(decoding: message.envelope, as: UTF8.self) == #"{"time":"2026-11-29T10:00:00Z","data":{}}"#)
    }

    @Test func replaySkipsBlankLinesAndTheLoggersOwnRecords() throws {
        let gap = SequenceGap(
            source: "navbus://navigator/a", lastSequence: 3, sequence: 6, missed: 2,
            time: Timestamp(secondsSince1970: 1_764_000_000))
        #expect(try RecordedMessage.parse(line: LogLine.gap(gap, detectedAt: gap.time)) == nil)
        #expect(try RecordedMessage.parse(line: Array(" \r\n".utf8)) == nil)
    }

    @Test(arguments: [
        "not json", #"{"envelope":{}}"#, #"{"topic":"nav.arrival.v1"}"#,
        #"{"topic":"nav.arrival.v1","envelope":{"data":{}}}"#, #"{"topic":"nav.arrival.v1","envelope":[]}"#,
    ])
    func replayRejectsLinesThatAreNotRecordedMessages(_ line: String) {
        #expect(throws: RecordedMessageError.self) { try RecordedMessage.parse(line: Array(line.utf8)) }
    }

    @Test func restampingMovesOnlyTheTime() throws {
        let message = try #require(try RecordedMessage.parse(
            line: LogLine.message(topicName: "nav.remaining_time.v1", envelope: envelope)))
        let moved = try message.restamped(shiftingTimeBy: 3600)
        #expect(moved.time == Timestamp(rfc3339: "2026-11-29T11:00:00.500Z"))
        let before = try JSONParser.parse(message.envelope)
        let after = try JSONParser.parse(moved.envelope)
        #expect(after["time"] == .string("2026-11-29T11:00:00.500Z"))
        #expect(after["sequence"] == before["sequence"])
        #expect(after["data"] == before["data"])
        #expect(after["id"] == before["id"])
    }

    @Test func aGapIsReportedOnceWithTheMissingRange() throws {
        var detector = SequenceGapDetector()
        #expect(detector.observe(header(sequence: 1), topic: "nav.location.v1") == nil)
        #expect(detector.observe(header(sequence: 2), topic: "nav.location.v1") == nil)
        let observed = detector.observe(header(sequence: 5, at: 1), topic: "nav.location.v1")
        let gap = try #require(observed)
        #expect(gap.source == "navbus://navigator/a")
        #expect(gap.lastSequence == 2)
        #expect(gap.sequence == 5)
        #expect(gap.missed == 2)
        #expect(detector.observe(header(sequence: 6, at: 2), topic: "nav.location.v1") == nil)
    }

    @Test func sourcesAreFollowedSeparatelyAndRestartsAreNotGaps() {
        var detector = SequenceGapDetector()
        #expect(detector.observe(header(source: "navbus://feeder/x", sequence: 10), topic: "nav.location.v1") == nil)
        #expect(detector.observe(header(sequence: 1), topic: "nav.location.v1") == nil)
        #expect(detector.observe(header(source: "navbus://feeder/x", sequence: 11), topic: "nav.location.v1") == nil)
        #expect(detector.observe(header(sequence: 1, at: 60), topic: "nav.location.v1") == nil)
        #expect(detector.restarts == 1)
    }

    @Test func theCachesReplayAtConnectionIsNotMistakenForLoss() {
        var detector = SequenceGapDetector(warmUpEnds: 100)
        // Replayed from the proxy's cache while warming up: the latest message of two topics, far apart.
        #expect(detector.observe(header(sequence: 17), topic: "nav.location.v1", at: 99.2) == nil)
        #expect(detector.observe(header(sequence: 480), topic: "nav.location.v1", at: 99.3) == nil)
        // Live traffic after the warm-up is followed from its first message on.
        #expect(detector.observe(header(sequence: 901, at: 5), topic: "nav.location.v1", at: 130) == nil)
        #expect(detector.observe(header(sequence: 902, at: 6), topic: "nav.location.v1", at: 131) == nil)
        #expect(detector.observe(header(sequence: 904, at: 7), topic: "nav.location.v1", at: 132)?.missed == 1)
    }

    @Test func theGapRecordIsOneJSONLineWithEveryDetail() throws {
        let gap = SequenceGap(
            source: "navbus://navigator/a", lastSequence: 3, sequence: 6, missed: 2,
            time: Timestamp(rfc3339: "2026-11-29T10:00:00Z")!)
        let line = LogLine.gap(gap, detectedAt: Timestamp(rfc3339: "2026-11-29T10:00:00.002Z")!)
        #expect(line.last == UInt8(ascii: "\n"))
        let record = try JSONParser.parse(line.dropLast())
        #expect(record["topic"] == .string("navbus.logger.gap"))
        #expect(record["envelope"] == nil)
        #expect(record["gap"]?["source"] == .string("navbus://navigator/a"))
        #expect(record["gap"]?["lastSequence"] == .integer(3))
        #expect(record["gap"]?["sequence"] == .integer(6))
        #expect(record["gap"]?["missed"] == .integer(2))
        #expect(record["gap"]?["time"] == .string("2026-11-29T10:00:00.000Z"))
        #expect(record["gap"]?["detectedAt"] == .string("2026-11-29T10:00:00.002Z"))
    }
}
