import NavCore

/// Following the guidance engine: the voice inputs that one engine input and its events amount to.
extension VoicePromptMonitor {
    /// Feeds the monitor what one engine input did, reading the engine's state after it.
    ///
    /// Routes come from `setRoute` and `replaceRoute`, leg changes from `continueToNextDestination`,
    /// progress from each fix while guidance is active and the vehicle is on its route, and arrival and
    /// speeding from the engine's events.
    /// - Parameters:
    ///   - input: The input the engine was given.
    ///   - events: The events it produced.
    ///   - guidance: The engine's state after the input.
    ///   - state: The monitor's state, updated.
    /// - Returns: The prompts to speak, in order.
    public func follow(
        _ input: GuidanceInput, events: [GuidanceEvent], guidance: GuidanceState, state: inout VoiceGuidanceState
    ) -> [VoicePrompt] {
        var prompts: [VoicePrompt] = []
        switch input {
        case .setRoute(let route):
            prompts += apply(.route(route, reason: .newDestinations), to: &state)
        case .replaceRoute(let route, let reason):
            prompts += apply(.route(route, reason: reason), to: &state)
        case .continueToNextDestination:
            if events.contains(where: { if case .routeChanged = $0 { true } else { false } }) {
                prompts += apply(.startLeg(guidance.currentLegIndex), to: &state)
            }
        case .clearDestinations:
            prompts += apply(.clear, to: &state)
        case .fix(let fix):
            // The fix that arrives may also end guidance; it still counts as progress up to the arrival.
            let arrived = events.contains { if case .arrival = $0 { true } else { false } }
            if guidance.isGuidanceActive || arrived, guidance.deviation.isOffRoute == false,
                guidance.tracker.hasMatched
            {
                let progress = VoiceProgress(
                    time: fix.time, legIndex: guidance.currentLegIndex, distanceAlong: guidance.tracker.distanceAlong,
                    speed: fix.speed ?? 0)
                prompts += apply(.progress(progress), to: &state)
            }
            for event in events {
                switch event {
                case .arrival:
                    prompts += apply(.arrival(legIndex: guidance.currentLegIndex, time: fix.time), to: &state)
                case .speeding(_, let severity, _, let limit):
                    prompts += apply(.speeding(severity, limit: limit, time: fix.time), to: &state)
                default:
                    break
                }
            }
        case .rerouteFailed, .startUpdatingLocation, .stopUpdatingLocation, .setGuidanceActive, .configure,
            .applyTraffic:
            break
        }
        return prompts
    }
}
