import NavCore

/// Processing of one fix: snapping, deviation, arrival and the guidance events that follow from them.
extension GuidanceEngine {
    /// Travel on a leg required before its destination can be reached, so that continuing from a
    /// destination can never announce it again at the start of the next leg (capped at half the leg for
    /// very short legs).
    static let minimumLegProgress = 20.0

    /// A position on the active route.
    private struct RouteSnap {
        var coordinate: Coordinate
        var course: Double
        var roadName: String
        var speedLimit: Double?
    }

    func process(_ fix: Fix, state: inout GuidanceState, events: inout [GuidanceEvent]) {
        guard fix.latitude.isFinite, fix.longitude.isFinite, fix.time.isFinite else { return }
        // Fixes arriving out of order would move time backwards; the engine keeps its clock monotone.
        if let last = state.lastFixTime, fix.time < last { return }
        state.lastFixTime = fix.time
        guard state.isUpdatingLocation || state.isGuidanceActive else { return }
        // A fix makes up to about six events; one allocation instead of growing the array step by step.
        events.reserveCapacity(6)

        let options = state.options
        var snap: RouteSnap?
        var observation: RouteObservation?
        var verdict = DeviationDetector.Verdict.unusable
        let previousMatchTime = state.tracker.lastMatchTime
        if let leg = state.currentLeg {
            observation = state.tracker.observe(fix, on: leg)
            verdict = state.deviation.assess(
                observation, fix: fix, progress: state.tracker.distanceAlong, options: options.deviation)
            let accept: Bool
            switch verdict {
            case .following, .rejoined:
                accept = true
            case .unusable:
                accept =
                    !state.deviation.isOffRoute
                    && (observation?.crossTrack ?? .infinity) <= options.deviation.offRouteDistance
            case .straying, .departed, .away:
                accept = false
            }
            if accept, let observation {
                state.tracker.accept(observation, fix: fix, on: leg)
                snap = routeSnap(at: state.tracker.distanceAlong, on: leg, near: state.tracker.segment)
            } else if verdict == .straying || verdict == .unusable, !state.deviation.isOffRoute,
                state.tracker.hasMatched
            {
                // Until a departure is confirmed the vehicle is taken to be on its route, where the speed
                // says it has got to; a single wild fix must not throw the shown position off the road.
                let elapsed = fix.time - (state.tracker.lastMatchTime ?? fix.time)
                let reckoned = min(state.tracker.distanceAlong + (fix.speed ?? 0) * elapsed, leg.length)
                snap = routeSnap(at: reckoned, on: leg, near: state.tracker.segment)
            }
            if verdict == .departed || verdict == .away, state.isGuidanceActive, !state.hasArrivedAtCurrentLeg,
                state.deviation.mayRequestReroute
            {
                state.deviation.recordRequest(at: fix.time)
                events.append(.rerouteRequested(from: fix.coordinate, heading: fix.course))
            }
        }

        let road = snap == nil ? roadMatch(for: fix, options: options) : nil
        if state.isUpdatingLocation {
            events.append(.location(location(fix, snap: snap, road: road)))
        }
        guard state.isGuidanceActive, let leg = state.currentLeg else { return }

        if !state.hasArrivedAtCurrentLeg,
            hasArrived(
                fix, observation: observation, verdict: verdict, previousMatchTime: previousMatchTime,
                leg: leg, state: state)
        {
            state.lastArrivedWaypointIndex = state.currentWaypointIndex
            events.append(
                .arrival(
                    waypoint: leg.leg.destination, waypointIndex: state.currentWaypointIndex,
                    isFinalDestination: state.currentLegIndex == state.legs.count - 1))
            if options.stopGuidanceAtArrival {
                state.isGuidanceActive = false
                events.append(.navInfo(navInfo(state)))
                return
            }
        }

        if !state.deviation.isOffRoute {
            state.reporter.report(
                remainingTime: state.remainingTimeToNextDestination ?? 0,
                remainingDistance: state.remainingDistanceToNextDestination ?? 0,
                delay: state.delayCategoryToNextDestination, options: options, into: &events)
        }
        if let speed = fix.speed, speed >= 0 {
            let limit = snap.map(\.speedLimit) ?? road?.speedLimit
            if let event = state.speeding.observe(
                speed: speed, limit: limit, time: fix.time, options: options.speedAlertOptions)
            {
                events.append(event)
            }
        }
        if let event = state.lighting.observe(
            latitude: fix.latitude, longitude: fix.longitude, time: fix.time, interval: options.lightingInterval)
        {
            events.append(event)
        }
        if state.reporter.navInfoDue(at: fix.time, interval: options.navInfoInterval) {
            events.append(.navInfo(navInfo(state)))
        }
    }

    private func routeSnap(at distance: Double, on leg: PreparedLeg, near hint: Int) -> RouteSnap {
        let s = leg.segmentIndex(at: distance, near: hint)
        return RouteSnap(
            coordinate: leg.coordinate(at: distance, segment: s), course: leg.segmentBearings[s],
            roadName: leg.leg.roadNames[s], speedLimit: leg.leg.speedLimits[s])
    }

    /// The road an off-route fix is shown on; walkers and cyclists keep their own position unless a road
    /// is close.
    private func roadMatch(for fix: Fix, options: GuidanceOptions) -> RoadMatch? {
        guard let matcher,
            let match = matcher.match(latitude: fix.latitude, longitude: fix.longitude, heading: fix.course)
        else { return nil }
        return options.travelMode.alwaysSnapsToRoads || match.distance <= options.pathSnapRadius ? match : nil
    }

    private func location(_ fix: Fix, snap: RouteSnap?, road: RoadMatch?) -> SnappedLocation {
        if let snap {
            return SnappedLocation(
                latitude: snap.coordinate.latitude, longitude: snap.coordinate.longitude, altitude: fix.altitude,
                course: snap.course, speed: fix.speed, timestamp: fix.time, onRoute: true, roadName: snap.roadName,
                speedLimit: snap.speedLimit)
        }
        if let road {
            return SnappedLocation(
                latitude: road.latitude, longitude: road.longitude, altitude: fix.altitude,
                course: road.course ?? fix.course, speed: fix.speed, timestamp: fix.time, onRoute: false,
                roadName: road.roadName, speedLimit: road.speedLimit)
        }
        return SnappedLocation(
            latitude: fix.latitude, longitude: fix.longitude, altitude: fix.altitude, course: fix.course,
            speed: fix.speed, timestamp: fix.time, onRoute: false, roadName: nil)
    }

    /// Whether this fix reaches the current leg's destination.
    ///
    /// On the route, the destination is reached once the tracked position is within the arrival radius
    /// of the leg's end and the fix itself is too (allowing for its accuracy), or once a fix lies beyond
    /// the end of the leg's last segment and close to its line, as happens when driving past at speed.
    /// Off the route, the fix itself must be within the arrival radius. Either way the vehicle must
    /// first have travelled on this leg (see ``minimumLegProgress``).
    private func hasArrived(
        _ fix: Fix, observation: RouteObservation?, verdict: DeviationDetector.Verdict, previousMatchTime: Double?,
        leg: PreparedLeg, state: GuidanceState
    ) -> Bool {
        guard verdict != .unusable else { return false }
        let radius = state.options.arrivalRadius
        let toEnd = fix.coordinate.distance(to: leg.end)
        if state.deviation.isOffRoute {
            return toEnd <= radius
        }
        guard state.tracker.hasMatched,
            state.tracker.progressOnLeg >= min(Self.minimumLegProgress, leg.length / 2)
        else { return false }
        let remaining = leg.length - state.tracker.distanceAlong
        let accuracy = min(fix.horizontalAccuracy ?? RouteTracker.defaultAccuracy, 25)
        if remaining <= radius && toEnd <= radius + accuracy { return true }
        guard let observation, observation.overshoot > 0,
            observation.offsetBeyondEnd <= state.options.deviation.offRouteDistance
        else { return false }
        let elapsed = previousMatchTime.map { max(0, fix.time - $0) } ?? 0
        return remaining <= radius + (fix.speed ?? 0) * elapsed
    }

    /// The turn-by-turn feed for the current state.
    func navInfo(_ state: GuidanceState) -> NavInfo {
        guard let leg = state.currentLeg else {
            return NavInfo(
                navState: state.navState, currentStep: nil, nextStep: nil, remainingSteps: 0,
                distanceToCurrentStepEnd: 0, timeToCurrentStepEnd: 0, distanceToFinalDestination: 0,
                timeToFinalDestination: 0)
        }
        let tracker = state.tracker
        let steps = leg.leg.steps
        let arrived = state.hasArrivedAtCurrentLeg
        let position = arrived ? leg.length : tracker.distanceAlong
        let stepIndex = arrived ? max(0, steps.count - 1) : tracker.step
        var current: StepInfo?
        var next: StepInfo?
        var stepEndIndex = leg.segmentCount
        if steps.indices.contains(stepIndex) {
            current = StepInfo(steps[stepIndex])
            stepEndIndex = steps[stepIndex].endIndex
            if stepIndex + 1 < steps.count {
                next = StepInfo(steps[stepIndex + 1])
            }
        }
        let laterSteps = state.legs[(state.currentLegIndex + 1)...].reduce(0) { $0 + $1.leg.steps.count }
        let segment = leg.segmentIndex(at: position, near: tracker.segment)
        return NavInfo(
            navState: state.navState, currentStep: current, nextStep: next,
            remainingSteps: max(0, steps.count - stepIndex - 1) + laterSteps,
            distanceToCurrentStepEnd: max(0, leg.cumulativeDistance[stepEndIndex] - position),
            timeToCurrentStepEnd: max(
                0, leg.trafficTime[stepEndIndex] - leg.trafficTime(at: position, segment: segment)),
            distanceToFinalDestination: state.remainingDistanceToFinalDestination ?? 0,
            timeToFinalDestination: state.remainingTimeToFinalDestination ?? 0)
    }
}
