import Foundation
import NavBus
import NavProtocol
import NavTesting
import Testing

@testable import NavSinks

/// The sink executables on a real proxy (build them first: `swift build`).
@Suite struct SinkProcessTests {
    let endpoints = TestEndpoints()

    func startProxy() throws -> TestProcess {
        try TestProcess("navbus-proxy", [], environment: endpoints.environment)
    }

    /// Waits for the heartbeat of `process`, which means it is connected and its warm-up is over.
    func waitForHeartbeat(of process: String, subscriber: Subscriber) throws -> Bool {
        try eventually(timeout: 10) {
            while let message = try subscriber.receive(dontWait: true) {
                if message.topic == .heartbeat, message.data["process"]?.stringValue == process { return true }
            }
            return false
        }
    }

    @Test func theLoggerRotatesItsFilesAndRecordsEveryMessageAndTheGap() throws {
        let proxy = try startProxy()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navsinks-e2e-\(UUID())").path
        let logger = try TestProcess(
            "navbus-logger", ["--dir", directory, "--max-bytes", "2K"], environment: endpoints.environment)
        let context = ZMQContext()
        let heartbeats = try Subscriber(
            context: context, endpoint: endpoints.subscriber, prefixes: ["sys.heartbeat."], counters: BusCounters())
        #expect(try waitForHeartbeat(of: "navbus-logger", subscriber: heartbeats), "\(logger.standardError)")
        let publisher = try Publisher(
            context: context, endpoint: endpoints.publisher, identity: SourceIdentity(role: "test"),
            counters: BusCounters())
        #expect(publisher.waitUntilConnected(timeoutMilliseconds: 5000))
        let codec = EnvelopeCodec()
        let sequences = Array(1...10) + Array(12...21)
        for sequence in sequences {
            let header = EnvelopeHeader(
                id: "gappy-\(sequence)", source: "navbus://test/gappy", type: Topic.navRemainingTime.eventType,
                time: .now(), subject: "car1", dataschema: Topic.navRemainingTime.dataSchema,
                sequence: UInt64(sequence))
            let envelope = try codec.encode(header: header, payload: RemainingTime(seconds: Double(600 - sequence)))
            try publisher.publishRaw(topicName: Topic.navRemainingTime.rawValue, envelope: envelope)
        }
        var lines: [String] = []
        var files: [String] = []
        let complete = try eventually(timeout: 5) {
            files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            lines = try files.flatMap { name in
                try String(contentsOfFile: directory + "/" + name, encoding: .utf8).split(separator: "\n").map(String.init)
            }
            return lines.filter { $0.contains("gappy-") }.count == sequences.count
                && lines.contains { $0.contains("navbus.logger.gap") }
        }
        #expect(complete, "\(logger.standardError)")
        #expect(files.count >= 3, "2 KiB files should have rotated: \(files)")
        #expect(files.allSatisfy { LogFileName(parsing: $0) != nil })
        let gap = try #require(lines.first { $0.contains("navbus.logger.gap") })
        #expect(gap.contains(#""source":"navbus://test/gappy","lastSequence":10,"sequence":12,"missed":1"#))
        #expect(logger.stop(signal: SIGTERM) == 0)
        #expect(proxy.stop() == 0)
    }

    @Test func theAlerterRaisesAndClearsOnceForASpeedThatSettles() throws {
        let proxy = try startProxy()
        let alerter = try TestProcess(
            "navbus-speeding-alerter", ["--min-duration", "1"], environment: endpoints.environment)
        let context = ZMQContext()
        let subscriber = try Subscriber(
            context: context, endpoint: endpoints.subscriber, prefixes: ["sys.heartbeat.", "alert.speeding."],
            counters: BusCounters())
        #expect(try waitForHeartbeat(of: "navbus-speeding-alerter", subscriber: subscriber), "\(alerter.standardError)")
        let publisher = try Publisher(
            context: context, endpoint: endpoints.publisher, identity: SourceIdentity(role: "test"),
            counters: BusCounters())
        #expect(publisher.waitUntilConnected(timeoutMilliseconds: 5000))
        let start = Timestamp.now().adding(seconds: -60)
        let pattern: [Double] = [0, 9, 9, 9, 4.5, 5.5, 4.5, 5.5, 0, 0, 0, 0]
        for (index, percentage) in pattern.enumerated() {
            let update = SpeedingUpdate(
                percentageAboveLimit: percentage, severity: percentage >= 5 ? .minor : .notSpeeding,
                speed: 13.9 * (1 + percentage / 100), speedLimit: 13.9)
            try publisher.publish(
                .navSpeeding, subject: "car1", payload: update, time: start.adding(seconds: Double(index) * 0.5))
        }
        var alerts: [SpeedAlert] = []
        _ = try eventually(timeout: 5) {
            while let message = try subscriber.receive(dontWait: true) {
                guard message.topic == .alertSpeeding else { continue }
                #expect(message.header.subject == "car1")
                alerts.append(try message.decode(SpeedAlert.self))
            }
            return alerts.count >= 2
        }
        #expect(alerts.map(\.severity) == [.minor, .noAlert], "\(alerter.standardError)")
        #expect(alerts.map(\.raised) == [true, false])
        #expect(alerts.first?.since.rfc3339 == start.adding(seconds: 0.5).rfc3339)
        #expect(alerter.standardError.contains("speed alert RAISED for car1: MINOR"))
        #expect(alerter.stop(signal: SIGINT) == 0)
        #expect(proxy.stop() == 0)
    }
}
