import Foundation
import NavBus
import Testing

@testable import NavSinks

@Suite struct HookRunnerTests {
    func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("navsinks-hook-\(UUID().uuidString)").path
    }

    @Test func theHookSeesTheEventInItsEnvironment() throws {
        let file = temporaryFile()
        let counters = BusCounters()
        let hooks = HookRunner(
            command: "echo \"$NAVBUS_VEHICLE $NAVBUS_SEVERITY $NAVBUS_RAISED\" > '\(file)'", counters: counters
        ) { _ in }
        #expect(hooks.run(variables: ["NAVBUS_VEHICLE": "car 7", "NAVBUS_SEVERITY": "major", "NAVBUS_RAISED": "true"]))
        hooks.waitForRunning(timeout: 5)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "car 7 major true\n")
        #expect(counters.value("hooksStarted") == 1)
        #expect(counters.value("hooksFailed") == 0)
    }

    @Test func runningAHookDoesNotWaitForIt() {
        let hooks = HookRunner(command: "sleep 0.5", counters: BusCounters()) { _ in }
        let started = Date()
        hooks.run(variables: [:])
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(hooks.runningCount == 1)
        hooks.waitForRunning(timeout: 5)
        #expect(hooks.runningCount == 0)
    }

    @Test func aFailingHookIsCountedAndReported() {
        let counters = BusCounters()
        nonisolated(unsafe) var reports: [String] = []
        let hooks = HookRunner(command: "exit 3", counters: counters) { reports.append($0) }
        hooks.run(variables: [:])
        hooks.waitForRunning(timeout: 5)
        #expect(counters.value("hooksFailed") == 1)
        #expect(reports == ["hook exited with status 3"])
    }

    @Test func hooksBeyondTheLimitAreSkippedNotQueued() {
        let counters = BusCounters()
        let hooks = HookRunner(command: "sleep 0.3", maximumRunning: 2, counters: counters) { _ in }
        #expect(hooks.run(variables: [:]))
        #expect(hooks.run(variables: [:]))
        #expect(!hooks.run(variables: [:]))
        #expect(counters.value("hooksSkipped") == 1)
        hooks.waitForRunning(timeout: 5)
    }
}
