import Foundation
import Testing

@testable import NavSinks

@Suite struct BoundedQueueTests {
    @Test func dropsAndCountsWhatDoesNotFit() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let accepted = (1...5).map { queue.offer($0) }
        #expect(accepted == [true, true, true, false, false])
        #expect(queue.dropped == 2)
        #expect(queue.takeAll(timeout: 0) == [1, 2, 3])
        #expect(queue.offer(6))
        #expect(queue.takeAll(timeout: 0) == [6])
    }

    @Test func heavyElementsFillTheQueueBeforeItsCountDoes() {
        let queue = BoundedQueue<[UInt8]>(capacity: 100, weightLimit: 1000) { $0.count }
        #expect(queue.offer([UInt8](repeating: 0, count: 600)))
        #expect(!queue.offer([UInt8](repeating: 0, count: 600)))
        #expect(queue.offer([UInt8](repeating: 0, count: 400)))
        #expect(queue.dropped == 1)
        #expect(queue.takeAll(timeout: 0).map(\.count) == [600, 400])
        // An element heavier than the limit still passes through an empty queue, so no line is unloggable.
        #expect(queue.offer([UInt8](repeating: 0, count: 5000)))
    }

    @Test func takeAllWaitsNoLongerThanTheTimeout() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let started = Date()
        #expect(queue.takeAll(timeout: 0.05).isEmpty)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func aClosedQueueRefusesNewElementsButHandsOverTheRest() {
        let queue = BoundedQueue<Int>(capacity: 3)
        queue.offer(1)
        queue.close()
        #expect(!queue.offer(2))
        #expect(!queue.isFinished)
        #expect(queue.takeAll(timeout: 1) == [1])
        #expect(queue.isFinished)
    }

    @Test func aConsumerThreadReceivesEverythingInOrder() async {
        let queue = BoundedQueue<Int>(capacity: 100_000)
        let consumer = Task.detached { () -> [Int] in
            var received: [Int] = []
            while !queue.isFinished { received += queue.takeAll(timeout: 0.1) }
            return received
        }
        for value in 0..<20_000 { queue.offer(value) }
        queue.close()
        #expect(await consumer.value == Array(0..<20_000))
        #expect(queue.dropped == 0)
    }
}
