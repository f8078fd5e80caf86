import NavBus
public import NavProtocol

/// A `nav.nav_info.v1` payload whose steps may come already encoded.
///
/// The current and remaining steps are most of a nav-info message and change only when a step is
/// passed, while the message goes out every second for every vehicle; encoding them once per step
/// instead of once per message is what keeps a fleet's nav info affordable. The JSON is the same
/// either way.
public struct NavInfoMessage: Encodable, Sendable {
    /// The payload.
    public var info: NavInfo
    /// `info.currentStep` and `info.remainingSteps` as JSON, when already encoded.
    var encodedSteps: RemainingStepsCache.Steps?

    /// Wraps a payload to be encoded in full.
    public init(_ info: NavInfo) {
        self.info = info
    }

    init(_ info: NavInfo, encodedSteps: RemainingStepsCache.Steps?) {
        self.info = info
        self.encodedSteps = encodedSteps
    }

    public func encode(to encoder: any Encoder) throws {
        guard let encodedSteps else {
            try info.encode(to: encoder)
            return
        }
        try NavInfoEncoding(info, currentStep: encodedSteps.current, remainingSteps: encodedSteps.remaining)
            .encode(to: encoder)
    }
}
