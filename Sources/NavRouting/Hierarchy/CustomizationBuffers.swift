import Foundation
import Synchronization

/// Weight arrays of a hierarchy's size, kept between customizations so that a traffic update writes into memory
/// the process already has instead of fresh pages.
///
/// A customization fills four arrays of one entry per hierarchy edge (a gigabyte at a million nodes) and the pruning
/// after it two more. Fresh memory is the dearest part of that on a virtual machine that hands freed pages back
/// to its host: every 4 KiB is a fault into the host and a page zeroed (at 1M nodes `perf` put 3.3 of a
/// customization's 7.1 CPU s in zeroing the new arrays; reusing them took a city-wide update's median from 9.3
/// to 7.4 s, see BENCHMARKS round nine). A metric that is retired (a newer traffic state replaced it and the last query
/// using it has finished) gives its arrays back here, and the next customization takes them; ``reserve(count:arrays:)``
/// fills the pool ahead of the first update, in the background, while the navigator is idle.
///
/// What is kept is bounded (``limitBytes``): the pool holds at most what an update needs at its peak anyway
/// (the retired metric's arrays live until its replacement lands), and never more than an eighth of the machine's
/// memory.
final class CustomizationBuffers: Sendable {
    /// The most the pool keeps, in bytes.
    let limitBytes: Int
    private let spare = Mutex<[[UInt32]]>([])

    /// - Parameter limitBytes: the most the pool keeps; an eighth of the machine's memory by default.
    init(limitBytes: Int = Int(min(ProcessInfo.processInfo.physicalMemory / 8, UInt64(Int.max)))) {
        self.limitBytes = limitBytes
    }

    /// Bytes of the arrays kept now.
    var keptBytes: Int { spare.withLock { Self.bytes(of: $0) } }

    /// Arrays kept now.
    var keptCount: Int { spare.withLock { $0.count } }

    /// An array of `count` elements, all `value`: a kept one when there is one of that size, else a new one.
    func take(count: Int, filledWith value: UInt32) -> [UInt32] {
        guard var array = takeKept(count: count) else { return [UInt32](repeating: value, count: count) }
        array.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        return array
    }

    /// A copy of `source`, in a kept array when there is one of its size.
    func take(copying source: UnsafeBufferPointer<UInt32>) -> [UInt32] {
        guard var array = takeKept(count: source.count) else { return Array(source) }
        array.withUnsafeMutableBufferPointer { destination in
            guard let from = source.baseAddress, let to = destination.baseAddress else { return }
            to.update(from: from, count: source.count)
        }
        return array
    }

    /// Keeps `array` for a later ``take(count:filledWith:)`` unless the pool would pass ``limitBytes``. Its
    /// contents do not matter: a taker overwrites all of them.
    func give(_ array: [UInt32]) {
        guard !array.isEmpty else { return }
        spare.withLock { spare in
            guard Self.bytes(of: spare) + Self.bytes(of: array) <= limitBytes else { return }
            spare.append(array)
        }
    }

    /// Makes sure `arrays` arrays of `count` elements are kept, their pages touched now: for a large map, before
    /// its first traffic update. Nothing is made when that would pass ``limitBytes``.
    func reserve(count: Int, arrays: Int) {
        let have = spare.withLock { spare in spare.count(where: { $0.count == count }) }
        guard have < arrays,
            (arrays - have) * count * MemoryLayout<UInt32>.stride + keptBytes <= limitBytes
        else { return }
        for _ in have..<arrays { give([UInt32](repeating: 0, count: count)) }
    }

    private func takeKept(count: Int) -> [UInt32]? {
        spare.withLock { spare in
            guard let index = spare.lastIndex(where: { $0.count == count }) else { return nil }
            return spare.remove(at: index)
        }
    }

    private static func bytes(of arrays: [[UInt32]]) -> Int { arrays.reduce(0) { $0 + bytes(of: $1) } }
    private static func bytes(of array: [UInt32]) -> Int { array.count * MemoryLayout<UInt32>.stride }
}
