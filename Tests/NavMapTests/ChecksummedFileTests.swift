import Foundation
import NavCore
@testable import NavMap
import Testing

/// The container of the files beside the graph: what is streamed out comes back unchanged across block
/// boundaries, and any change to the bytes — in any block, or two words trading places — is refused.
@Suite struct ChecksummedFileTests {
    static let magic = Array("NAVTEST\u{0}".utf8)

    /// Sections of odd sizes, so that blocks end in the middle of arrays and of their counts.
    struct Sections: Equatable {
        var large: [UInt32]
        var marker: UInt16
        var small: [UInt8]
        var doubles: [Double]
        var tail: [UInt32]

        init(seed: UInt64) {
            var random = SeededGenerator(seed: seed)
            large = (0..<700_001).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            marker = UInt16(truncatingIfNeeded: random.next())
            small = (0..<13).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            doubles = (0..<3).map { _ in random.nextUnit() }
            tail = (0..<5).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        }

        init(reading reader: inout BinaryReader) throws {
            large = try reader.array()
            marker = try reader.scalar()
            small = try reader.array()
            doubles = try reader.array()
            tail = try reader.array()
        }

        func write(to path: String) throws {
            try ChecksummedFile.write(magic: ChecksummedFileTests.magic, version: 3, kind: "test", to: path) { writer in
                writer.append(large)
                writer.appendScalar(marker)
                writer.append(small)
                writer.append(doubles)
                writer.append(tail)
            }
        }
    }

    static func read(_ path: String) throws -> Sections {
        try ChecksummedFile.read(path: path, magic: magic, version: 3, kind: "test") { try Sections(reading: &$0) }
    }

    static func code(of path: String) -> MapError.Code? {
        do {
            _ = try read(path)
            return nil
        } catch let error as MapError {
            return error.code
        } catch {
            return nil
        }
    }

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "navbus-container-\(getpid())-\(name)"
    }

    @Test func streamedSectionsComeBackAcrossBlocks() throws {
        let path = Self.temporaryPath("roundtrip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sections = Sections(seed: 1)
        try sections.write(to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 2 * BlockChecksum.blockSize + ChecksummedFile.headerSize)
        #expect(try Self.read(path) == sections)
        // The checksum the writer made block by block is the one the reader computes on all cores at once.
        let stored = bytes[24..<32].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let payload = Array(bytes[ChecksummedFile.headerSize...])
        #expect(payload.withUnsafeBytes { BlockChecksum.checksum(of: $0) } == UInt64(littleEndian: stored))
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp-\(getpid())"))
    }

    @Test(arguments: [0.1, 0.5, 0.999])
    func aChangedByteInAnyBlockIsRefused(_ position: Double) throws {
        let path = Self.temporaryPath("flipped-\(position)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Sections(seed: 2).write(to: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let index = ChecksummedFile.headerSize + Int(Double(bytes.count - ChecksummedFile.headerSize) * position)
        bytes[index] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .corrupt)
    }

    @Test func wordsTradingPlacesAreRefused() throws {
        let path = Self.temporaryPath("swapped")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Sections(seed: 3).write(to: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Two 8-byte words of one block, then two whole blocks, trade places.
        let a = ChecksummedFile.headerSize + 4_096
        let first = bytes[a..<(a + 8)]
        bytes.replaceSubrange(a..<(a + 8), with: bytes[(a + 64)..<(a + 72)])
        bytes.replaceSubrange((a + 64)..<(a + 72), with: first)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .corrupt)

        try Sections(seed: 3).write(to: path)
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let block = BlockChecksum.blockSize
        let start = ChecksummedFile.headerSize
        let firstBlock = bytes[start..<(start + block)]
        bytes.replaceSubrange(start..<(start + block), with: bytes[(start + block)..<(start + 2 * block)])
        bytes.replaceSubrange((start + block)..<(start + 2 * block), with: firstBlock)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .corrupt)
    }

    @Test func shortEmptyMissingAndForeignFilesAreRefused() throws {
        let path = Self.temporaryPath("short")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Sections(seed: 4).write(to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .truncated)
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .truncated)
        var foreign = bytes
        foreign[0] = UInt8(ascii: "X")
        try foreign.write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .corrupt)
        var newer = bytes
        newer[8] = 4
        try newer.write(to: URL(fileURLWithPath: path))
        #expect(Self.code(of: path) == .versionMismatch)
        #expect(Self.code(of: Self.temporaryPath("missing")) == .fileNotFound)
    }

    /// Aligned sections, after a scalar of an odd size, come back used in place in the mapped file, keep it mapped
    /// after the file is gone, and equal what an in-memory payload copies out.
    @Test func alignedSectionsAreUsedInPlaceAndOutliveTheirFile() throws {
        let path = NSTemporaryDirectory() + "navbus-aligned-\(getpid()).bin"
        defer { unlink(path) }
        var random = SeededGenerator(seed: 41)
        let words = ReadOnlyArray((0..<300_001).map { _ in UInt32(truncatingIfNeeded: random.next()) })
        let doubles = ReadOnlyArray((0..<77).map { Double($0) * 0.5 })
        func write(_ writer: inout some PayloadWriter) {
            writer.appendScalar(UInt8(7))
            writer.appendAligned(words)
            writer.appendScalar(UInt16(9))
            writer.appendAligned(doubles)
        }
        try ChecksummedFile.write(magic: Self.magic, version: 3, kind: "test", to: path) { write(&$0) }
        let (readWords, readDoubles): (ReadOnlyArray<UInt32>, ReadOnlyArray<Double>) = try ChecksummedFile.read(
            path: path, magic: Self.magic, version: 3, kind: "test"
        ) { reader in
            #expect(try reader.scalar() as UInt8 == 7)
            let first: ReadOnlyArray<UInt32> = try reader.alignedArray()
            #expect(try reader.scalar() as UInt16 == 9)
            return (first, try reader.alignedArray())
        }
        unlink(path)
        #expect(readWords.isMapped && readDoubles.isMapped)
        #expect(readWords == words && readDoubles == doubles)
        #expect(readWords[300_000] == words[300_000])

        // The same payload in memory (no mapping): the sections are copied, with the same contents.
        var memory = BinaryWriter()
        write(&memory)
        let copied: ReadOnlyArray<UInt32> = try memory.bytes.withUnsafeBufferPointer { bytes in
            var reader = BinaryReader(bytes: bytes, path: "memory")
            _ = try reader.scalar() as UInt8
            return try reader.alignedArray()
        }
        #expect(!copied.isMapped && copied == words)

        // Padding that is not zero is a damaged file, not a shifted array.
        var damaged = memory.bytes
        damaged[3] = 1
        #expect(throws: MapError.self) {
            try damaged.withUnsafeBufferPointer { bytes in
                var reader = BinaryReader(bytes: bytes, path: "memory")
                _ = try reader.scalar() as UInt8
                let _: ReadOnlyArray<UInt32> = try reader.alignedArray()
            }
        }
    }

    @Test func aFailedWriteLeavesNoFileBehind() {
        let path = NSTemporaryDirectory() + "navbus-no-such-directory-\(getpid())/file"
        #expect(throws: MapError.self) { try Sections(seed: 5).write(to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
