import NavBus
public import NavProtocol

/// A `nav.nav_info.v1` payload whose remaining steps may come already encoded.
///
/// The list of remaining steps is most of a nav-info message and changes only when a step is passed,
/// while the message goes out every second for every vehicle; encoding it once per step instead of once
/// per message is what keeps a fleet's nav info affordable. The JSON is the same either way.
public struct NavInfoMessage: Encodable, Sendable {
    /// The payload.
    public var info: NavInfo
    /// `info.remainingSteps` as JSON, when already encoded.
    var encodedRemainingSteps: JSONValue?

    /// Wraps a payload to be encoded in full.
    public init(_ info: NavInfo) {
        self.info = info
    }

    init(_ info: NavInfo, encodedRemainingSteps: JSONValue?) {
        self.info = info
        self.encodedRemainingSteps = encodedRemainingSteps
    }

    private enum CodingKeys: String, CodingKey {
        case navState, currentStep, remainingSteps, distanceToCurrentStepMeters, timeToCurrentStepSeconds
        case distanceToNextDestinationMeters, timeToNextDestinationSeconds, distanceToFinalDestinationMeters
        case timeToFinalDestinationSeconds
    }

    public func encode(to encoder: any Encoder) throws {
        guard let encodedRemainingSteps else {
            try info.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(info.navState, forKey: .navState)
        try container.encodeIfPresent(info.currentStep, forKey: .currentStep)
        try container.encode(encodedRemainingSteps, forKey: .remainingSteps)
        try container.encodeIfPresent(info.distanceToCurrentStepMeters, forKey: .distanceToCurrentStepMeters)
        try container.encodeIfPresent(info.timeToCurrentStepSeconds, forKey: .timeToCurrentStepSeconds)
        try container.encodeIfPresent(info.distanceToNextDestinationMeters, forKey: .distanceToNextDestinationMeters)
        try container.encodeIfPresent(info.timeToNextDestinationSeconds, forKey: .timeToNextDestinationSeconds)
        try container.encodeIfPresent(info.distanceToFinalDestinationMeters, forKey: .distanceToFinalDestinationMeters)
        try container.encodeIfPresent(info.timeToFinalDestinationSeconds, forKey: .timeToFinalDestinationSeconds)
    }
}

/// The encoded remaining steps of one vehicle, kept until it passes a step or its route changes.
struct RemainingStepsCache {
    private var key: (generation: Int, leg: Int, upcoming: Int)?
    private var json: JSONValue = .array([])

    /// The steps' JSON for this position on this route, encoding them only when it moved.
    mutating func json(generation: Int, leg: Int, upcoming: Int, steps: [NavStep]) -> JSONValue? {
        if let key, key == (generation, leg, upcoming) { return json }
        guard let bytes = try? StreamingJSONEncoder().encode(steps), let parsed = try? JSONParser.parse(bytes) else {
            return nil
        }
        key = (generation, leg, upcoming)
        json = parsed
        return parsed
    }
}
