import Foundation
import NavBus
import NavProtocol
import NavTesting
import Testing

/// `navbus-speaker` on a real proxy, writing WAV files that `sox` measures (build first: `swift build`).
@Suite struct SpeakerProcessTests {
    let endpoints = TestEndpoints()

    /// `sox FILE -n stat`: length in seconds and RMS amplitude (0…1).
    static func measure(_ path: String) throws -> (seconds: Double, rms: Double) {
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = [path, "-n", "stat"]
        let output = Pipe()
        sox.standardError = output
        sox.standardOutput = output
        try sox.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sox.waitUntilExit()
        func value(_ label: String) throws -> Double {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }),
                let number = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
            else { throw TestSupportError("sox printed no '\(label)' for \(path): \(text)") }
            return number
        }
        return (try value("Length (seconds)"), try value("RMS     amplitude"))
    }

    @Test("prompts become WAV files in their volume; a stale prompt is dropped and counted; the hook runs")
    func speakerWritesWAVFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-speaker-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let hookLog = directory.appendingPathComponent("hook.log").path
        let proxy = try TestProcess("navbus-proxy", [], environment: endpoints.environment)
        let speaker = try TestProcess(
            "navbus-speaker",
            ["--wav-dir", directory.path, "--vehicle", "car-1", "--exec", "echo \"$NAVBUS_PROMPT_KIND\" >> \(hookLog)"],
            environment: endpoints.environment)
        let context = ZMQContext()
        let heartbeats = try Subscriber(
            context: context, endpoint: endpoints.subscriber, prefixes: ["sys.heartbeat."], counters: BusCounters())
        var lastHeartbeat: JSONValue?
        func heartbeatCounter(_ name: String) throws -> Int64? {
            while let message = try heartbeats.receive(dontWait: true) {
                if message.data["process"]?.stringValue == "navbus-speaker" { lastHeartbeat = message.data["counters"] }
            }
            return lastHeartbeat?[name]?.int64Value
        }
        #expect(try eventually(timeout: 10) { try heartbeatCounter("sent") != nil }, "\(speaker.standardError)")
        let publisher = try Publisher(
            context: context, endpoint: endpoints.publisher, identity: SourceIdentity(role: "navigator"),
            counters: BusCounters())
        #expect(publisher.waitUntilConnected(timeoutMilliseconds: 5000))

        let now = Timestamp.now()
        func prompt(_ text: String, _ kind: VoicePromptKind, step: Int, volume: VoiceVolumeLevel, valid: Double)
            -> VoicePrompt
        {
            VoicePrompt(
                text: text, kind: kind, routeLegIndex: 0, stepIndex: step, distanceMeters: 300, language: .english,
                units: .metric, volumeLevel: volume, time: now, validUntil: now.adding(seconds: valid))
        }
        let sentence = "In 300 meters, turn right onto Mannerheimintie."
        try publisher.publish(
            .navVoicePrompt, subject: "car-1", payload: prompt(sentence, .preTransition, step: 1, volume: .low, valid: 30))
        try publisher.publish(
            .navVoicePrompt, subject: "car-1", payload: prompt(sentence, .postTransition, step: 2, volume: .high, valid: 30))
        // Another vehicle's prompt is not this speaker's business.
        try publisher.publish(
            .navVoicePrompt, subject: "car-2", payload: prompt(sentence, .preTransition, step: 1, volume: .high, valid: 30))
        // Already out of date when it arrives: dropped, never written.
        try publisher.publish(
            .navVoicePrompt, subject: "car-1",
            payload: VoicePrompt(
                text: "Turn left onto Kaivokatu.", kind: .transition, routeLegIndex: 0, stepIndex: 4,
                distanceMeters: 80, language: .english, units: .metric, volumeLevel: .normal,
                time: now.adding(seconds: -20), validUntil: now.adding(seconds: -15)))

        var files: [String] = []
        let written = try eventually(timeout: 15) {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".wav") }.sorted()
            let dropped = try heartbeatCounter("promptsDropped") ?? 0
            return files.count >= 2 && dropped >= 1
        }
        #expect(written, "\(files) \(speaker.standardError)")
        #expect(files == ["car-1-000001-preTransition.wav", "car-1-000002-postTransition.wav"])
        let low = try Self.measure(directory.appendingPathComponent(files[0]).path)
        let high = try Self.measure(directory.appendingPathComponent(files[1]).path)
        #expect(low.seconds > 1.5 && low.seconds < 6, "\(low)")
        #expect(abs(low.seconds - high.seconds) < 0.05, "the same sentence, the same length")
        #expect(high.rms > 2 * low.rms, "high \(high.rms) against low \(low.rms)")
        let counted = try eventually(timeout: 5) { try heartbeatCounter("promptsWritten") == 2 }
        #expect(counted)
        // Hooks run side by side (HookRunner never waits for one), so they may finish in either order.
        let hooked = eventually(timeout: 15) {
            let lines = (try? String(contentsOfFile: hookLog, encoding: .utf8))?.split(separator: "\n").sorted()
            return lines == ["postTransition", "preTransition"]
        }
        #expect(hooked, "hook log: \((try? String(contentsOfFile: hookLog, encoding: .utf8)) ?? "none")")
        #expect(speaker.stop() == 0)
        #expect(proxy.stop() == 0)
    }
}
