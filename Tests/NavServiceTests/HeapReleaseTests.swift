import Testing
import NavService

@Suite("Heap release after a burst")
struct HeapReleaseTests {
    @Test("releases once a burst of enough messages is over and nothing is queued, not before, not twice")
    func releasesAfterTheBurst() {
        let heap = HeapRelease(messagesPerRelease: 1_000)
        heap.note(handled: 999)
        #expect(!heap.releaseIfDue(backlog: 0), "fewer messages than a release is worth")
        heap.note(handled: 500)
        #expect(!heap.releaseIfDue(backlog: 0), "500 messages since the previous check: the burst goes on")
        heap.note(handled: 5)
        #expect(!heap.releaseIfDue(backlog: 3), "the writer still holds lines")
        heap.note(handled: 9)
        #expect(heap.releaseIfDue(backlog: 0), "a trickle of heartbeats after the burst")
        #expect(!heap.releaseIfDue(backlog: 0), "nothing handled since the release")
    }

    @Test("a steady trickle never pays for a walk of the heap")
    func trickle() {
        let heap = HeapRelease(messagesPerRelease: 1_000)
        var released = 0
        for _ in 0..<99 {
            heap.note(handled: 9)
            if heap.releaseIfDue(backlog: 0) { released += 1 }
        }
        #expect(released == 0)
        heap.note(handled: 120)
        #expect(!heap.releaseIfDue(backlog: 0), "a burst just seen")
        #expect(heap.releaseIfDue(backlog: 0))
    }
}
