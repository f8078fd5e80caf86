import NavProtocol
import NavSinks
import Testing

@Suite("The speaker's prompt queue")
struct PromptQueueTests {
    static let start = 1_795_968_000.0

    static func prompt(_ kind: VoicePromptKind, step: Int, at time: Double, valid: Double = 10) -> VoicePrompt {
        VoicePrompt(
            text: "\(kind.rawValue) \(step)", kind: kind, routeLegIndex: 0, stepIndex: step, distanceMeters: 100,
            language: .english, units: .metric, volumeLevel: .normal, time: Timestamp(secondsSince1970: start + time),
            validUntil: Timestamp(secondsSince1970: start + time + valid))
    }

    @Test("prompts come out in order while they are fresh")
    func freshInOrder() {
        var queue = PromptQueue()
        queue.push(Self.prompt(.preTransition, step: 1, at: 0), vehicle: "a", now: 100)
        queue.push(Self.prompt(.postTransition, step: 2, at: 1), vehicle: "a", now: 101)
        #expect(queue.next(now: 102)?.prompt.text == "preTransition 1")
        #expect(queue.next(now: 103)?.prompt.text == "postTransition 2")
        #expect(queue.next(now: 104) == nil)
        #expect(queue.dropped == 0)
    }

    @Test("a prompt whose time ran out while others were spoken is dropped and counted")
    func staleIsDropped() {
        var queue = PromptQueue()
        queue.push(Self.prompt(.preTransition, step: 1, at: 0, valid: 3), vehicle: "a", now: 100)
        queue.push(Self.prompt(.speedAlert, step: 0, at: 0, valid: 30), vehicle: "a", now: 100)
        // Five seconds of speech later the vehicle's clock is past the first prompt's validity.
        #expect(queue.next(now: 105)?.prompt.kind == .speedAlert)
        #expect(queue.dropped == 1)
    }

    @Test("a transition replaces the waiting pre-transition of the same maneuver; a reroute replaces all")
    func supersededIsDropped() {
        var queue = PromptQueue()
        queue.push(Self.prompt(.preTransition, step: 3, at: 0), vehicle: "a", now: 100)
        queue.push(Self.prompt(.preTransition, step: 3, at: 0), vehicle: "b", now: 100)
        queue.push(Self.prompt(.transition, step: 3, at: 2), vehicle: "a", now: 102)
        #expect(queue.entries.map(\.prompt.kind) == [.preTransition, .transition])
        #expect(queue.entries.map(\.vehicle) == ["b", "a"])
        queue.push(Self.prompt(.reroute, step: 5, at: 3), vehicle: "a", now: 103)
        #expect(queue.entries.map(\.prompt.kind) == [.preTransition, .reroute])
        #expect(queue.dropped == 2)
    }

    @Test("the vehicle's clock follows its newest prompt and the time since")
    func vehicleClock() {
        var queue = PromptQueue(capacity: 2)
        queue.push(Self.prompt(.departure, step: 0, at: 10), vehicle: "a", now: 50)
        #expect(queue.vehicleTime("a", now: 52) == Self.start + 12)
        queue.push(Self.prompt(.preTransition, step: 1, at: 11), vehicle: "a", now: 51)
        queue.push(Self.prompt(.postTransition, step: 2, at: 12), vehicle: "a", now: 52)
        #expect(queue.entries.count == 2)
        #expect(queue.dropped == 1)
    }
}
