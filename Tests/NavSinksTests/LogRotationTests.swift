import NavProtocol
import Testing

@testable import NavSinks

@Suite struct LogRotationTests {
    let start = Timestamp(rfc3339: "2026-11-29T10:00:00Z")!

    func newFileName(_ placement: LogRotation.Placement) -> String? {
        if case .newFile(let name) = placement { return name.description }
        return nil
    }

    @Test func theFirstLineOpensTheDaysFirstFile() {
        var rotation = LogRotation(maximumBytes: 1000)
        #expect(newFileName(rotation.place(byteCount: 100, at: start)) == "navbus-2026-11-29-001.jsonl")
        #expect(rotation.place(byteCount: 100, at: start) == .current)
        #expect(rotation.currentBytes == 200)
    }

    @Test func rotatesBeforeAFileWouldPassTheSizeLimit() {
        var rotation = LogRotation(maximumBytes: 250)
        var files: [String] = []
        for _ in 0..<7 {
            if let name = newFileName(rotation.place(byteCount: 100, at: start)) { files.append(name) }
        }
        // Two 100-byte lines fit in 250 bytes, the third starts a new file.
        #expect(files == ["navbus-2026-11-29-001.jsonl", "navbus-2026-11-29-002.jsonl", "navbus-2026-11-29-003.jsonl",
            "navbus-2026-11-29-004.jsonl"])
    }

    @Test func aLineLongerThanTheLimitGetsAFileOfItsOwn() {
        var rotation = LogRotation(maximumBytes: 100)
        #expect(newFileName(rotation.place(byteCount: 10, at: start)) == "navbus-2026-11-29-001.jsonl")
        #expect(newFileName(rotation.place(byteCount: 500, at: start)) == "navbus-2026-11-29-002.jsonl")
        #expect(newFileName(rotation.place(byteCount: 10, at: start)) == "navbus-2026-11-29-003.jsonl")
    }

    @Test func rotatesAtUTCMidnightAndRestartsTheIndex() {
        var rotation = LogRotation(maximumBytes: 150)
        _ = rotation.place(byteCount: 100, at: start)
        _ = rotation.place(byteCount: 100, at: start)
        let beforeMidnight = Timestamp(rfc3339: "2026-11-29T23:59:59.999Z")!
        #expect(rotation.place(byteCount: 10, at: beforeMidnight) == .current)
        let afterMidnight = Timestamp(rfc3339: "2026-11-30T00:00:00.001Z")!
        #expect(newFileName(rotation.place(byteCount: 10, at: afterMidnight)) == "navbus-2026-11-30-001.jsonl")
    }

    @Test func continuesAfterFilesAlreadyInTheDirectory() {
        var rotation = LogRotation(
            maximumBytes: 1000,
            existingFileNames: ["navbus-2026-11-29-001.jsonl", "navbus-2026-11-29-007.jsonl",
                "navbus-2026-11-28-012.jsonl", "README.txt"])
        #expect(newFileName(rotation.place(byteCount: 10, at: start)) == "navbus-2026-11-29-008.jsonl")
    }

    @Test func anotherPrefixKeepsItsOwnNumbering() {
        var rotation = LogRotation(
            maximumBytes: 1000, prefix: "fleet", existingFileNames: ["navbus-2026-11-29-005.jsonl"])
        #expect(newFileName(rotation.place(byteCount: 10, at: start)) == "fleet-2026-11-29-001.jsonl")
    }
}
