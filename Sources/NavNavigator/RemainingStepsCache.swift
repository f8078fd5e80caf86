import NavBus
import NavProtocol

/// The encoded steps of one vehicle, kept until it passes a step or its route changes.
struct RemainingStepsCache {
    /// The current step and the remaining ones, as JSON.
    struct Steps: Sendable {
        var current: EncodedJSON
        var remaining: EncodedJSON
    }

    private var key: (generation: Int, leg: Int, upcoming: Int)?
    private var steps: Steps?

    /// The steps' JSON for this position on this route, encoding them only when it moved.
    mutating func json(generation: Int, leg: Int, current: NavStep, remaining: [NavStep]) -> Steps? {
        if let key, key == (generation, leg, current.stepNumber) { return steps }
        guard let currentJSON = try? EncodedJSON(encoding: current),
            let remainingJSON = try? EncodedJSON(encoding: remaining)
        else { return nil }
        key = (generation, leg, current.stepNumber)
        steps = Steps(current: currentJSON, remaining: remainingJSON)
        return steps
    }
}
