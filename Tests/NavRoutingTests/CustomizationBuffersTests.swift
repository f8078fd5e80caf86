import Foundation
import NavCore
import NavMap
@testable import NavRouting
import Testing

/// The arrays a retired metric leaves for the next customization: reused in place, with results identical to a
/// customization into new memory, and never more kept than the pool's limit.
@Suite struct CustomizationBuffersTests {
    static func address(_ array: [UInt32]) -> Int { array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }

    static func address(_ array: ReadOnlyArray<UInt32>) -> Int {
        array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }

    @Test func aRetiredMetricsArraysAreWhereTheNextCustomizationWrites() {
        let hierarchy = PrunedQueryGraphTests.hierarchy
        let buffers = CustomizationBuffers(limitBytes: 1 << 30)
        let first = PrunedQueryGraphTests.metric(1)
        let turns = HierarchyTurns(hierarchy: hierarchy, search: first)
        var retired: Set<Int> = []
        do {
            let metric = HierarchyMetric(hierarchy: hierarchy, search: first, turns: turns, buffers: buffers)
            // The pruning's two working copies are back already; the metric's own four come back when it goes.
            #expect(buffers.keptCount == 2)
            retired = Set([metric.up, metric.down, metric.upMiddle, metric.downMiddle].map(Self.address))
        }
        #expect(buffers.keptCount == 6)
        let second = PrunedQueryGraphTests.metric(2)
        let reused = HierarchyMetric(hierarchy: hierarchy, search: second, turns: turns, buffers: buffers)
        let fresh = HierarchyMetric(hierarchy: hierarchy, search: second, turns: turns)
        for array in [reused.up, reused.down, reused.upMiddle, reused.downMiddle] {
            #expect(retired.contains(Self.address(array)))
        }
        #expect(reused.up == fresh.up && reused.down == fresh.down)
        #expect(reused.upMiddle == fresh.upMiddle && reused.downMiddle == fresh.downMiddle)
        #expect(reused.queryGraph?.forwardArcs.map(\.edge) == fresh.queryGraph?.forwardArcs.map(\.edge))
        #expect(reused.queryGraph?.backwardArcs.map(\.edge) == fresh.queryGraph?.backwardArcs.map(\.edge))
        #expect(reused.queryGraph?.forwardOffsets == fresh.queryGraph?.forwardOffsets)
    }

    @Test func takenArraysAreFilledOrCopiedWhateverTheyHeldBefore() {
        let buffers = CustomizationBuffers(limitBytes: 1 << 20)
        let oldAddress: Int
        do {
            // Given away: the pool holds the only reference once this scope ends.
            let old = [UInt32](repeating: 7, count: 100)
            oldAddress = Self.address(old)
            buffers.give(old)
        }
        let filled = buffers.take(count: 100, filledWith: 3)
        #expect(filled == [UInt32](repeating: 3, count: 100))
        #expect(Self.address(filled) == oldAddress)
        #expect(buffers.keptCount == 0)
        buffers.give(filled)
        let source = (0..<100).map { UInt32($0 * 3) }
        let copied = source.withUnsafeBufferPointer { buffers.take(copying: $0) }
        #expect(copied == source)
        // No kept array of another size is used.
        #expect(buffers.take(count: 50, filledWith: 1) == [UInt32](repeating: 1, count: 50))
    }

    @Test func thePoolKeepsNoMoreThanItsLimit() {
        let buffers = CustomizationBuffers(limitBytes: 1_000 * 4)
        buffers.give([UInt32](repeating: 0, count: 600))
        buffers.give([UInt32](repeating: 0, count: 600))
        #expect(buffers.keptCount == 1)
        #expect(buffers.keptBytes == 2_400)
        // Four more arrays of 400 would pass the limit: none is made.
        buffers.reserve(count: 400, arrays: 4)
        #expect(buffers.keptCount == 1)
        buffers.reserve(count: 400, arrays: 1)
        #expect(buffers.keptCount == 2)
        #expect(buffers.keptBytes == 4_000)
        // Reserving what is already kept makes nothing new.
        buffers.reserve(count: 400, arrays: 1)
        #expect(buffers.keptCount == 2)
    }
}
