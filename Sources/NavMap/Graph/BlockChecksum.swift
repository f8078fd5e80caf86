import Foundation

/// The checksum of the files beside the graph (``ChecksummedFile``): the payload is cut into 1 MiB blocks,
/// each block is hashed on its own, and the block digests are folded in order.
///
/// Independent blocks are what make it cheap at a million nodes, where a navigator checks well over a
/// gigabyte at every start: a reader hashes blocks on all cores at once, and a writer hashes each block as it
/// streams out, so neither needs the payload as one buffer. Within a block four independent lanes of 8-byte
/// words keep the multiplier busy. The rounds and constants are those of xxHash64 (Yann Collet); the layout of
/// blocks and the fold are navbus's own, so the value is not an xxHash of the file.
package enum BlockChecksum {
    package static let blockSize = 1 << 20

    static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always) private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        value << bits | value >> (64 - bits)
    }

    @inline(__always) private static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        h ^= h >> 32
        return h
    }

    /// The digest of one block (at most ``blockSize`` bytes; only the last block of a payload is shorter).
    package static func digest(of block: UnsafeRawBufferPointer) -> UInt64 {
        var lane1 = prime1 &+ prime2
        var lane2 = prime2
        var lane3: UInt64 = 0
        var lane4 = 0 &- prime1
        let stripes = block.count / 32
        for stripe in 0..<stripes {
            let base = stripe * 32
            lane1 = round(lane1, UInt64(littleEndian: block.loadUnaligned(fromByteOffset: base, as: UInt64.self)))
            lane2 = round(lane2, UInt64(littleEndian: block.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)))
            lane3 = round(lane3, UInt64(littleEndian: block.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)))
            lane4 = round(lane4, UInt64(littleEndian: block.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self)))
        }
        var h = rotate(lane1, 1) &+ rotate(lane2, 7) &+ rotate(lane3, 12) &+ rotate(lane4, 18)
        for lane in [lane1, lane2, lane3, lane4] { h = (h ^ round(0, lane)) &* prime1 &+ prime4 }
        h = h &+ UInt64(block.count)
        var offset = stripes * 32
        while offset + 8 <= block.count {
            let word = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            h = rotate(h ^ round(0, word), 27) &* prime1 &+ prime4
            offset += 8
        }
        while offset < block.count {
            h = rotate(h ^ UInt64(block[offset]) &* prime5, 11) &* prime1
            offset += 1
        }
        return avalanche(h)
    }

    /// Folds the digests of a payload's blocks, in order, with the payload's length.
    package static func combine(_ digests: some Sequence<UInt64>, length: Int) -> UInt64 {
        var h = prime5 &+ UInt64(length)
        for digest in digests { h = rotate(h ^ round(0, digest), 27) &* prime1 &+ prime4 }
        return avalanche(h)
    }

    /// The checksum of `payload`, its blocks hashed on every core.
    package static func checksum(of payload: UnsafeRawBufferPointer) -> UInt64 {
        let blocks = (payload.count + blockSize - 1) / blockSize
        guard blocks > 1 else { return combine(blocks == 1 ? [digest(of: payload)] : [], length: payload.count) }
        var digests = [UInt64](repeating: 0, count: blocks)
        let workers = min(blocks, max(1, ProcessInfo.processInfo.activeProcessorCount))
        digests.withUnsafeMutableBufferPointer { digests in
            let output = DigestSlots(slots: digests)
            let input = SharedBytes(bytes: payload)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                // Each worker takes a contiguous run of blocks and writes only its own slots.
                for block in (blocks * worker / workers)..<(blocks * (worker + 1) / workers) {
                    let start = block * blockSize
                    let end = min(input.bytes.count, start + blockSize)
                    output.slots[block] = digest(of: UnsafeRawBufferPointer(rebasing: input.bytes[start..<end]))
                }
            }
        }
        return combine(digests, length: payload.count)
    }

    /// The digest slots the workers fill; each index is written by exactly one worker.
    private struct DigestSlots: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<UInt64>
    }

    /// The payload the workers read; it is not written while they run.
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }
}
