import Foundation
import NavBus
import NavProtocol
import Testing

@testable import NavSinks

@Suite struct LogWriterTests {
    func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navsinks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func line(_ number: Int) -> [UInt8] {
        Array("{\"topic\":\"t\",\"n\":\(String(format: "%05d", number))}\n".utf8)
    }

    func files(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func rotatingFilesSplitLinesBySizeAndKeepEveryOne() throws {
        let directory = try temporaryDirectory()
        let size = line(0).count
        var output = try RotatingLogFiles(directory: directory, maximumBytes: size * 4)
        let now = Timestamp(rfc3339: "2026-11-29T10:00:00Z")!
        for number in 0..<10 { try output.append(line(number), at: now) }
        output.close()
        let names = try files(in: directory)
        #expect(names == ["navbus-2026-11-29-001.jsonl", "navbus-2026-11-29-002.jsonl", "navbus-2026-11-29-003.jsonl"])
        var all = ""
        for name in names {
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            #expect(text.utf8.count <= size * 4)
            all += text
        }
        #expect(all == (0..<10).map { String(decoding: line($0), as: UTF8.self) }.joined())
        #expect(output.openedFiles == names)
    }

    @Test func aRestartedLoggerNeverAppendsToAnOldFile() throws {
        let directory = try temporaryDirectory()
        let now = Timestamp(rfc3339: "2026-11-29T10:00:00Z")!
        for _ in 0..<2 {
            var output = try RotatingLogFiles(directory: directory, maximumBytes: 1 << 20)
            try output.append(line(1), at: now)
            output.close()
        }
        #expect(try files(in: directory) == ["navbus-2026-11-29-001.jsonl", "navbus-2026-11-29-002.jsonl"])
    }

    @Test func aNewUTCDayStartsANewFile() throws {
        let directory = try temporaryDirectory()
        var output = try RotatingLogFiles(directory: directory, maximumBytes: 1 << 20)
        try output.append(line(1), at: Timestamp(rfc3339: "2026-11-29T23:59:59Z")!)
        try output.append(line(2), at: Timestamp(rfc3339: "2026-11-30T00:00:01Z")!)
        output.close()
        #expect(try files(in: directory) == ["navbus-2026-11-29-001.jsonl", "navbus-2026-11-30-001.jsonl"])
    }

    @Test func aFileThatCannotBeOpenedLosesOnlyItsLineAndIsRetried() throws {
        let directory = try temporaryDirectory()
        var output = try RotatingLogFiles(directory: directory, maximumBytes: 1 << 20)
        try FileManager.default.removeItem(atPath: directory)
        #expect(throws: LogOutputError.self) { try output.append(line(1), at: .now()) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try output.append(line(2), at: .now())
        output.close()
        let names = try files(in: directory)
        #expect(names.count == 1)
        let text = try String(contentsOfFile: directory + "/" + names[0], encoding: .utf8)
        #expect(text == String(decoding: line(2), as: UTF8.self))
    }

    @Test func theDirectoryIsCreatedWhenMissing() throws {
        let directory = try temporaryDirectory() + "/nested/logs"
        var output = try RotatingLogFiles(directory: directory, maximumBytes: 100)
        try output.append(line(1), at: .now())
        output.close()
        #expect(try files(in: directory).count == 1)
    }

    @Test func theWriterThreadWritesEverythingQueuedBeforeItFinishes() throws {
        let directory = try temporaryDirectory()
        let queue = BoundedQueue<[UInt8]>(capacity: 10_000)
        let counters = BusCounters()
        let output = try RotatingLogFiles(directory: directory, maximumBytes: 1 << 20)
        let writer = LogWriter(queue: queue, output: output, counters: counters) { _ in }
        let thread = writer.start()
        for number in 0..<5000 { queue.offer(line(number)) }
        #expect(thread.finish(timeout: 10))
        let names = try files(in: directory)
        let text = try names.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }.joined()
        #expect(text.split(separator: "\n").count == 5000)
        #expect(counters.value("written") == 5000)
        #expect(counters.value("writeErrors") == 0)
    }

    @Test func linesReachTheFileWithinASecondWhileTheLoggerRuns() throws {
        let directory = try temporaryDirectory()
        let queue = BoundedQueue<[UInt8]>(capacity: 100)
        let output = try RotatingLogFiles(directory: directory, maximumBytes: 1 << 20)
        let thread = LogWriter(queue: queue, output: output, counters: BusCounters()) { _ in }.start()
        defer { thread.finish(timeout: 5) }
        queue.offer(line(1))
        let deadline = Date().addingTimeInterval(1)
        var written = ""
        while Date() < deadline, written.isEmpty {
            if let name = try files(in: directory).first {
                written = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            }
            usleep(10_000)
        }
        #expect(written == String(decoding: line(1), as: UTF8.self))
    }
}
