import NavCore

/// Decides what to say and when, from the vehicle's progress and speed: a pure function of its state and
/// an input, like ``GuidanceEngine``; time comes only from fixes.
///
/// Each maneuver gets up to three stages, each at most once and never after the maneuver is passed: a
/// pre-transition prompt about 300 m before (further at speed, so it always leaves some 20 s), the
/// transition prompt about ten seconds before, and a post-transition prompt after it when the next step
/// is long. Maneuvers less than about twelve seconds apart are chained into one transition prompt
/// ("Turn right onto Kaivokatu, then turn left onto Mikonkatu."). A new route opens with a departure or
/// reroute prompt that already names the next maneuver; arrival says which side the destination is on.
/// Speed alerts are spoken when speeding starts or gets worse, at most once a minute at one severity.
public struct VoicePromptMonitor: Sendable {
    /// The transition prompt comes this long before the maneuver.
    static let transitionLead = 10.0
    /// It is never later than this distance, however slow the vehicle is.
    static let shortestTransitionDistance = 30.0
    /// The pre-transition distance at town speed.
    static let preTransitionDistance = 300.0
    /// From this speed (m/s, 54 km/h) the pre-transition distance grows with speed.
    static let preTransitionScalingSpeed = 15.0
    /// Maneuvers closer in time than this are announced together.
    static let chainingGap = 12.0
    /// At most this many maneuvers in one prompt, not counting those that follow the one before them within
    /// ``oneMoveGap``.
    static let longestChain = 3
    /// A maneuver this close (seconds) behind the one before is heard with it as one move ("turn right onto
    /// Unioninkatu, then keep left" 10 m on): it does not count towards ``longestChain``, so a quick run of
    /// turns still reaches the maneuver after it. At 100 km/h fixes a second apart pass both at once, and the
    /// next prompt would come too late for what follows.
    static let oneMoveGap = 2.0
    /// Speeds below this (m/s) are taken as this for timing, so a stopped vehicle still gets prompts.
    static let slowestTimingSpeed = 4.0
    /// A chained maneuver closer than this (seconds) gets no prompt of its own: it was just named.
    static let chainedRepeatGap = 4.0
    /// The post-transition prompt waits until the vehicle has moved at least this fast (m/s) for
    /// ``postTransitionMovingTime``: standing at a light just short of a corner, GPS noise can put the tracked
    /// position round it, and "Continue for …" would come while the turn is still to be made.
    static let postTransitionSpeed = 3.0
    static let postTransitionMovingTime = 4.0
    /// Seconds before the same speed limit is said again. Drivers hover around a limit (slowing for each corner,
    /// or 13 % over it, which is major at once), and a limit said every few seconds is noise, not an alert;
    /// the alert events still report every change of severity.
    static let speedAlertInterval = 60.0

    /// Creates a monitor.
    public init() {}

    /// Applies one input.
    /// - Parameters:
    ///   - input: Progress, a route change, an alert or new settings.
    ///   - state: The monitor's state, updated by the input.
    /// - Returns: The prompts to speak, in order, already filtered by the settings' guidance mode.
    public func apply(_ input: VoiceInput, to state: inout VoiceGuidanceState) -> [VoicePrompt] {
        var prompts: [VoicePrompt] = []
        switch input {
        case .configure(let settings):
            state.settings = settings
        case .route(let route, let reason):
            state.legs = route.legs.enumerated().map { VoiceLeg($1, isFinal: $0 == route.legs.count - 1) }
            let opening: VoiceGuidanceState.Opening?
            switch reason {
            case .newDestinations, .nextDestination: opening = .departure
            case .offRoute: opening = .reroute
            case .fasterRoute: opening = .fasterRoute
            case .cleared: opening = nil
            }
            state.startLeg(0, opening: opening)
        case .startLeg(let index):
            state.startLeg(index, opening: .departure)
        case .clear:
            state.legs = []
            state.startLeg(0, opening: nil)
        case .progress(let progress):
            state.lastTime = progress.time
            follow(progress, state: &state, into: &prompts)
        case .arrival(let legIndex, let time):
            state.lastTime = time
            // Said already, on its own or chained to a turn just before it ("Turn left, then your destination
            // is on the right"): the arrival itself adds nothing.
            guard legIndex == state.legIndex, let leg = state.currentLeg, let last = leg.maneuvers.indices.last,
                state.stages[last].isDisjoint(with: [.transition, .chained])
            else { break }
            state.stages[last].insert(.transition)
            state.nextManeuver = leg.maneuvers.count
            prompts.append(
                prompt(
                    clause(leg.maneuvers[last], state), kind: .arrival, stepIndex: leg.maneuvers[last].stepIndex,
                    distance: 0, time: time, valid: 5, state))
        case .speeding(let severity, let limit, let time):
            state.lastTime = time
            if let alert = speedAlert(severity, limit: limit, time: time, state: &state) { prompts.append(alert) }
        }
        return prompts.filter { state.settings.guidance.speaks($0.kind) }
    }

    // MARK: Timing

    private func follow(_ progress: VoiceProgress, state: inout VoiceGuidanceState, into prompts: inout [VoicePrompt]) {
        guard progress.legIndex == state.legIndex, let leg = state.currentLeg else { return }
        let position = progress.distanceAlong
        let speed = max(progress.speed.isFinite ? progress.speed : 0, Self.slowestTimingSpeed)
        if !(progress.speed >= Self.postTransitionSpeed) { state.lastStandstill = progress.time }
        while state.nextManeuver < leg.maneuvers.count, leg.maneuvers[state.nextManeuver].distanceAlong <= position {
            state.nextManeuver += 1
        }
        let transitionDistance = max(speed * Self.transitionLead, Self.shortestTransitionDistance)
        let preDistance = Self.preTransitionDistance * max(1, progress.speed / Self.preTransitionScalingSpeed)

        if let opening = state.opening {
            state.opening = nil
            prompts.append(
                openingPrompt(
                    opening, leg: leg, position: position, speed: speed, transitionDistance: transitionDistance,
                    preDistance: preDistance, time: progress.time, state: &state))
            return
        }
        let index = state.nextManeuver
        guard index < leg.maneuvers.count else { return }
        let maneuver = leg.maneuvers[index]
        let distance = maneuver.distanceAlong - position
        if !state.stages[index].contains(.transition), distance <= transitionDistance {
            state.stages[index].insert([.transition, .preTransition])
            // Just named at the end of the previous maneuver's prompt and only seconds away: saying it again
            // would crowd the driver, but the maneuver after it may need naming now ("Then turn left …").
            if state.stages[index].contains(.chained) && distance < speed * Self.chainedRepeatGap {
                // Only worth saying when it names something new.
                // Counted as before, one-move followers included: a new one entering the window here must not
                // bring the run already named round again.
                var followers = chainIndices(after: index, leg: leg, speed: speed, oneMovesFree: false)
                guard followers.contains(where: { state.stages[$0].isDisjoint(with: [.chained, .transition]) }) else {
                    return
                }
                // The run is said from its first maneuver not yet named: those before it were just heard.
                followers.removeFirst(
                    followers.prefix { !state.stages[$0].isDisjoint(with: [.chained, .transition]) }.count)
                for follower in followers { state.stages[follower].insert([.chained, .preTransition]) }
                guard let next = followers.first.map({ leg.maneuvers[$0] }) else { return }
                let rest = followers.dropFirst().map { leg.maneuvers[$0] }
                let book = Self.phrasebook(state)
                let text = rest.reduce(book.then(clause(next, state))) {
                    book.chain($0, then: clause($1, state))
                }
                prompts.append(
                    prompt(
                        text, kind: .preTransition, stepIndex: next.stepIndex, distance: next.distanceAlong - position,
                        time: progress.time, valid: (next.distanceAlong - position) / speed, state))
                return
            }
            prompts.append(
                transitionPrompt(
                    index, leg: leg, distance: distance, speed: speed, time: progress.time, state: &state))
        } else if !state.stages[index].contains(.preTransition), distance <= preDistance,
            distance > transitionDistance + speed * 5
        {
            state.stages[index].insert(.preTransition)
            let text = Self.phrasebook(state).clause(
                clause(maneuver, state), in: SpokenDistance(meters: distance, units: state.settings.units))
            prompts.append(
                prompt(
                    text, kind: .preTransition, stepIndex: maneuver.stepIndex, distance: distance,
                    time: progress.time, valid: (distance - transitionDistance) / speed, state))
        } else if index > 0, !state.stages[index - 1].contains(.postTransition) {
            // After the maneuver is done, on a step long enough that the next prompt is far off.
            let previous = leg.maneuvers[index - 1]
            guard position - previous.distanceAlong >= 20,
                progress.time - (state.lastStandstill ?? -.infinity) >= Self.postTransitionMovingTime
            else { return }
            state.stages[index - 1].insert(.postTransition)
            // On board a ferry there is nothing to drive: the next prompt is about leaving it.
            guard distance >= preDistance + speed * 15, previous.spoken.action != .boardFerry else { return }
            prompts.append(
                prompt(
                    Self.phrasebook(state).continueFor(SpokenDistance(meters: distance, units: state.settings.units)),
                    kind: .postTransition, stepIndex: previous.stepIndex, distance: distance, time: progress.time,
                    valid: 10, state))
        }
    }

    /// The departure or reroute prompt, naming the next maneuver as far as it is due.
    private func openingPrompt(
        _ opening: VoiceGuidanceState.Opening, leg: VoiceLeg, position: Double, speed: Double,
        transitionDistance: Double, preDistance: Double, time: Double, state: inout VoiceGuidanceState
    ) -> VoicePrompt {
        let book = Self.phrasebook(state)
        let index = state.nextManeuver
        let next = leg.maneuvers.indices.contains(index) ? leg.maneuvers[index] : nil
        let distance = next.map { $0.distanceAlong - position } ?? 0
        let kind: VoicePromptKind
        var text: String
        switch opening {
        case .departure:
            kind = .departure
            text = clause(leg.departure, state)
            if let next, distance / speed < Self.chainingGap, state.stages.indices.contains(index) {
                text = book.chain(text, then: clause(next, state))
                state.stages[index].insert([.chained, .preTransition])
                text = chain(after: index, leg: leg, speed: speed, state: &state, within: distance).reduce(text) {
                    book.chain($0, then: clause($1, state))
                }
            }
            return prompt(
                Self.sentence(text), kind: kind, stepIndex: max(0, (next?.stepIndex ?? 1) - 1), distance: distance,
                time: time, valid: 10, state, alreadySentence: true)
        case .reroute, .fasterRoute:
            kind = .reroute
            text = Self.sentence(opening == .reroute ? book.rerouted : book.fasterRoute)
        }
        // Alerts-only drivers hear that the route changed, not where to turn.
        guard let next, state.settings.guidance == .alertsAndGuidance else {
            return prompt(text, kind: kind, stepIndex: next?.stepIndex ?? 0, distance: distance, time: time,
                valid: 10, state, alreadySentence: true)
        }
        if distance <= transitionDistance {
            // The maneuvers right after it are named too, as a transition prompt would: the new route may start
            // with a quick run of turns, and their own prompts would come too late.
            state.stages[index].insert([.transition, .preTransition])
            let followers = chain(after: index, leg: leg, speed: speed, state: &state, within: distance)
            text += " " + Self.sentence(followers.reduce(clause(next, state)) { book.chain($0, then: clause($1, state)) })
        } else if distance <= preDistance {
            state.stages[index].insert(.preTransition)
            text += " " + Self.sentence(
                book.clause(clause(next, state), in: SpokenDistance(meters: distance, units: state.settings.units)))
        } else {
            text += " " + Self.sentence(book.continueFor(SpokenDistance(meters: distance, units: state.settings.units)))
        }
        return prompt(text, kind: kind, stepIndex: next.stepIndex, distance: distance, time: time, valid: 10, state,
            alreadySentence: true)
    }

    /// The final prompt for maneuver `index`, chained with those that follow within the gap.
    private func transitionPrompt(
        _ index: Int, leg: VoiceLeg, distance: Double, speed: Double, time: Double, state: inout VoiceGuidanceState
    ) -> VoicePrompt {
        let maneuver = leg.maneuvers[index]
        let book = Self.phrasebook(state)
        let text = chain(after: index, leg: leg, speed: speed, state: &state).reduce(clause(maneuver, state)) {
            book.chain($0, then: clause($1, state))
        }
        let isArrival = index == leg.maneuvers.count - 1
        return prompt(
            text, kind: isArrival ? .arrival : .transition, stepIndex: maneuver.stepIndex, distance: distance,
            time: time, valid: max(1, distance / speed), state)
    }

    /// The maneuvers after `index` that come within the chaining gap of it (at most ``longestChain`` - 1),
    /// marked as named. One already named is named again: in a quick run of turns the driver needs the
    /// whole run in one prompt.
    /// `within` is how far the vehicle still is from maneuver `index`, when the chain starts before it.
    private func chain(
        after index: Int, leg: VoiceLeg, speed: Double, state: inout VoiceGuidanceState, within: Double = 0
    ) -> [VoiceLeg.Maneuver] {
        let followers = chainIndices(after: index, leg: leg, speed: speed, within: within)
        for follower in followers { state.stages[follower].insert([.chained, .preTransition]) }
        return followers.map { leg.maneuvers[$0] }
    }

    /// Indices of the maneuvers after `index` within the chaining gap, at most ``longestChain`` - 1 besides those
    /// within ``oneMoveGap`` of the one before (when `oneMovesFree`), and the arrival besides when it ends such a
    /// run: "…, then turn right, then your destination is ahead" tells the driver in time where the run of turns
    /// ends.
    private func chainIndices(
        after index: Int, leg: VoiceLeg, speed: Double, within: Double = 0, oneMovesFree: Bool = true
    ) -> [Int] {
        var followers: [Int] = []
        var counted = 0
        var next = index + 1
        while next < leg.maneuvers.count,
            (leg.maneuvers[next].distanceAlong - leg.maneuvers[index].distanceAlong + within) / speed
                < Self.chainingGap
        {
            let oneMove =
                oneMovesFree
                && (leg.maneuvers[next].distanceAlong - leg.maneuvers[next - 1].distanceAlong) / speed < Self.oneMoveGap
            guard counted + 1 < Self.longestChain || next == leg.maneuvers.count - 1 || oneMove else { break }
            if !oneMove { counted += 1 }
            followers.append(next)
            next += 1
        }
        return followers
    }

    // MARK: Speed alerts

    private func speedAlert(
        _ severity: SpeedingSeverity, limit: Double?, time: Double, state: inout VoiceGuidanceState
    ) -> VoicePrompt? {
        func rank(_ severity: SpeedingSeverity) -> Int {
            switch severity {
            case .notSpeeding, .unknown: 0
            case .minor: 1
            case .major: 2
            }
        }
        let previous = state.speedingSeverity
        state.speedingSeverity = severity
        guard rank(severity) > rank(previous), let limit, limit > 0 else { return nil }
        if let last = state.lastSpeedAlertTime, time - last < Self.speedAlertInterval,
            let lastLimit = state.lastSpeedAlertLimit, abs(lastLimit - limit) < 0.5
        {
            return nil
        }
        state.lastSpeedAlertTime = time
        state.lastSpeedAlertLimit = limit
        let perHour = state.settings.units == .metric ? limit * 3.6 : limit * 3600 / SpokenDistance.metersPerMile
        let text = Self.phrasebook(state).speedLimit(Int((perHour / 5).rounded()) * 5, units: state.settings.units)
        return prompt(text, kind: .speedAlert, stepIndex: 0, distance: 0, time: time, valid: 5, state)
    }

    // MARK: Phrasing

    private static func phrasebook(_ state: VoiceGuidanceState) -> any Phrasebook {
        state.settings.language.phrasebook
    }

    private static func sentence(_ clause: String) -> String {
        EnglishPhrasebook.sentence(clause)
    }

    private func clause(_ maneuver: VoiceLeg.Maneuver, _ state: VoiceGuidanceState) -> String {
        clause(maneuver.spoken, state)
    }

    private func clause(_ maneuver: SpokenManeuver, _ state: VoiceGuidanceState) -> String {
        Self.phrasebook(state).clause(maneuver)
    }

    private func prompt(
        _ text: String, kind: VoicePromptKind, stepIndex: Int, distance: Double, time: Double, valid: Double,
        _ state: VoiceGuidanceState, alreadySentence: Bool = false
    ) -> VoicePrompt {
        VoicePrompt(
            text: alreadySentence ? text : Self.sentence(text), kind: kind, legIndex: state.legIndex,
            stepIndex: stepIndex, distanceMeters: max(0, distance), time: time, validSeconds: max(1, valid),
            language: state.settings.language, units: state.settings.units, volume: state.settings.volume)
    }
}

extension VoiceGuidanceState {
    var currentLeg: VoiceLeg? {
        legs.indices.contains(legIndex) ? legs[legIndex] : nil
    }
}
