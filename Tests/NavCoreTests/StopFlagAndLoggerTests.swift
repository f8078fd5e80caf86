import Foundation
import NavCore
import Synchronization
import Testing

@Suite("Stop flag and logger")
struct StopFlagAndLoggerTests {
    @Test("a wait ends when the time runs out, and at once when the flag is raised from another thread")
    func waits() {
        let flag = StopFlag()
        let start = MonotonicClock.seconds()
        #expect(flag.wait(seconds: 0.05) == false)
        #expect(MonotonicClock.seconds() - start >= 0.05)
        let raiser = Thread { flag.requestStop() }
        let before = MonotonicClock.seconds()
        raiser.start()
        #expect(flag.wait(seconds: 30) == true)
        #expect(MonotonicClock.seconds() - before < 5)
        #expect(flag.isStopRequested)
    }

    final class CapturedLines: LogSink {
        let lines = Mutex<[String]>([])
        func write(level: LogLevel, label: String, message: String) {
            lines.withLock { $0.append("\(level.name) \(label): \(message)") }
        }
    }

    @Test("lines below the level are neither written nor formatted")
    func levels() {
        let sink = CapturedLines()
        let logger = Logger(label: "test", level: .warning, sink: sink)
        var formatted = 0
        func message() -> String {
            formatted += 1
            return "detail"
        }
        logger.info(message())
        logger.warning("careful")
        logger.labelled("part").error("broken")
        #expect(formatted == 0)
        #expect(sink.lines.withLock { $0 } == ["warning test: careful", "error part: broken"])
        #expect(LogLevel(name: "DEBUG") == .debug)
        #expect(LogLevel(name: "loud") == nil)
    }
}
