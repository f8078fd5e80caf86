import NavCore

/// Processing of one fix: snapping, deviation, arrival and the guidance events that follow from them.
extension GuidanceEngine {
    /// Travel on a leg required before its destination can be reached, so that continuing from a
    /// destination can never announce it again at the start of the next leg (capped at half the leg for
    /// very short legs).
    static let minimumLegProgress = 20.0
    /// Metres between the route and the road the network matcher has the vehicle on beyond which that road
    /// is shown instead of the route (streets side by side are rarely closer).
    static let anotherRoadDistance = 10.0
    /// Metres between the route and the matched road beyond which driving past the route's end is not
    /// arriving: the vehicle passes on another road, and only stopping near the destination counts.
    static let passingRoadDistance = 7.0
    /// Metres from the route within which the network matcher's road is the route's own.
    static let sameRoadDistance = 3.0
    /// Consecutive fixes the network matcher must keep the vehicle beside the route before its road is
    /// shown while the vehicle is still taken to be on the route.
    static let besideRouteFixes = 2
    /// Log-odds by which the network matcher favours positions on the route while the vehicle follows it.
    static let onRouteBonus = 2.0
    /// Metres within which the road driven must pass the leg's end for driving through it to be arriving;
    /// streets beside the destination, and turns just before it, are farther.
    static let passageTolerance = 5.0
    /// Full network-matcher searches in a row that must put the vehicle on the route's road before searches
    /// may be skipped, and the most fixes skipped between two searches (see `isPlainlyOnRoute`).
    static let agreeingMatches = 3
    static let fullMatchInterval = 10
    /// Metres back along the route from a skipped fix's place on it at which the network matcher is placed. A fix
    /// projects onto the route up to several metres ahead of the vehicle; placed there, just past a fork the vehicle
    /// is taking, on a one-way road, the matcher could never reach the fork's other branch again and did not see the
    /// vehicle take it (Monaco, Rue de la Colle into its link to Boulevard Charles III: the route shown 13–18 m off
    /// until a departure was declared on the route). Placed farther back, every road position it can reach is that
    /// much farther, which changes no score against another.
    static let placementSetback = 10.0
    /// Metres before the leg's end from which the network matcher searches on every fix.
    static let nearEndDistance = 150.0
    /// Largest angle between the course and the route for a fix to count as plainly following it.
    static let plainHeading = 30.0
    /// Angle between the course and the route beyond which a fix on a road off the route going its way is
    /// a turn-off (see `hasTurnedOff`).
    static let turnOffHeading = 45.0
    /// Largest angle between the course and the route at the leg's end for driving through it to count,
    /// when there is no road network to tell.
    static let passageHeading = 45.0
    /// Metres along the route beyond the tracked position from which, and up to which, a vehicle that left the
    /// route is looked for on a later pass of it before a new route is asked for (nearer passes are the tracker's
    /// own window).
    static let laterPassAhead = 50.0
    static let laterPassReach = 3_000.0
    /// Metres past the leg's end within which a vehicle that drove through it is looked for on the next fixes
    /// (a second's drive at motorway speed).
    static let onwardReach = 40.0

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
        state.rerouteGate.observe(fix)
        var observation = state.currentLeg.flatMap { state.tracker.observe(fix, on: $0) }
        // The network matcher sees every fix, so that its history is there the moment the vehicle leaves
        // its route (or drives without one); only while the vehicle plainly follows its route may it skip
        // a few (see `isPlainlyOnRoute`), and its next search then spans the gap.
        var network: RoadMatch?
        // Whether the network matcher, from the fixes alone, has the vehicle on the route's own road running its
        // way (searched on this fix).
        var evidenceOnRoute = false
        if let matcher {
            if let leg = state.currentLeg, let observation,
                isPlainlyOnRoute(fix, observation: observation, leg: leg, state: state)
            {
                state.fixesSinceFullMatch += 1
                let behind = max(0, observation.distanceAlong - Self.placementSetback)
                let segment = leg.segmentIndex(at: behind, near: observation.segment)
                state.networkMatch.place(
                    fix, at: leg.coordinate(at: behind, segment: segment), course: leg.segmentBearings[segment])
            } else {
                network = state.networkMatch.update(fix, matcher: matcher, prior: onRoutePrior(fix: fix, state: state))
                state.fixesSinceFullMatch = 0
                if let leg = state.currentLeg {
                    let agrees = state.networkMatch.evidenceRoad.map {
                        isRouteRoad($0, fix: fix, leg: leg, state: state)
                    }
                    evidenceOnRoute = agrees == true
                    state.routeAgreementStreak = evidenceOnRoute ? state.routeAgreementStreak + 1 : 0
                }
            }
        }
        network = network.flatMap {
            options.travelMode.alwaysSnapsToRoads || $0.distance <= options.pathSnapRadius ? $0 : nil
        }
        var snap: RouteSnap?
        var verdict = DeviationDetector.Verdict.unusable
        let previousMatchTime = state.tracker.lastMatchTime
        var networkOffRoute = Double?.none
        if let leg = state.currentLeg {
            networkOffRoute = offRouteDistance(of: network, fix: fix, leg: leg, state: state)
            // Drift moves fixes sideways; driving does not move a car sideways off its road. A fix heading the
            // route's way while the road network, from the fixes alone, keeps the vehicle on the route's road is
            // no evidence of leaving however far off it lies.
            let drifting =
                evidenceOnRoute && (observation?.headingOffset).map { $0 <= Self.plainHeading } == true
            verdict = state.deviation.assess(
                observation, fix: fix, progress: state.tracker.distanceAlong, drifting: drifting,
                options: options.deviation)
            if verdict == .departed || verdict == .away, network != nil,
                let later = laterPassJoined(fix, leg: leg, state: state)
            {
                // Off the route where it was, on it further on: a loop or a block round cut short. Guidance goes on
                // from there; a new route would only lead back onto this one.
                state.deviation.rejoin()
                state.tracker.rejoin(at: later, fix: fix, on: leg)
                observation = later
                verdict = .rejoined
            }
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
            // A road the network matcher keeps the vehicle on this far from the route, fix after fix, is
            // another road (a parallel street, a slip road), even while the fixes are still within the
            // off-route distance; one fix on it is more likely the matcher's mistake.
            let beside = (networkOffRoute ?? 0) > Self.sameRoadDistance
            state.besideRouteStreak = beside ? state.besideRouteStreak + 1 : 0
            let persistent = state.besideRouteStreak >= Self.besideRouteFixes
            let onAnotherRoad = persistent && (networkOffRoute ?? 0) > Self.anotherRoadDistance
            if accept, let observation {
                state.tracker.accept(observation, fix: fix, on: leg)
                if !onAnotherRoad {
                    snap = routeSnap(at: state.tracker.distanceAlong, on: leg, near: state.tracker.segment)
                }
            } else if verdict == .straying || verdict == .unusable, !state.deviation.isOffRoute,
                state.tracker.hasMatched, !beside
            {
                // Until a departure is confirmed the vehicle is taken to be on its route, where the speed
                // says it has got to; a single wild fix must not throw the shown position off the road.
                // When the network matcher has it on another road, even one just beside the route, that
                // road is shown instead: its history keeps a wild fix on the road driven, and a real
                // turn-off shows at once rather than after the departure is sure.
                let elapsed = fix.time - (state.tracker.lastMatchTime ?? fix.time)
                let reckoned = min(state.tracker.distanceAlong + (fix.speed ?? 0) * elapsed, leg.length)
                snap = routeSnap(at: reckoned, on: leg, near: state.tracker.segment)
            }
            if verdict == .departed || verdict == .away, state.isGuidanceActive, !state.hasArrivedAtCurrentLeg,
                state.rerouteGate.mayRequest(at: fix.coordinate, time: fix.time, hasSpeed: fix.speed != nil)
            {
                state.rerouteGate.recordRequest(at: fix.coordinate, time: fix.time)
                // The new route should start on the road the vehicle is on, heading its way.
                let origin = network.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
                events.append(
                    .rerouteRequested(from: origin ?? fix.coordinate, heading: network?.course ?? fix.course))
            }
        }

        // The road the fixes alone put the vehicle on: whether it really is on the route is the question
        // for arrival and for a turn-off, which the route's prior must not answer.
        let evidence = network == nil ? nil : state.networkMatch.evidenceRoad
        var shown = network
        if let routeCourse = snap?.course, let leg = state.currentLeg, let evidence,
            hasTurnedOff(fix, routeCourse: routeCourse, evidence: evidence, leg: leg, state: state)
        {
            snap = nil
            shown = evidence
        }
        let road = snap == nil ? shown ?? nearestRoad(for: fix, options: options) : nil
        if state.isUpdatingLocation || state.isGuidanceActive {
            events.append(.location(location(fix, snap: snap, road: road)))
        }
        guard state.isGuidanceActive, let leg = state.currentLeg else { return }

        if verdict != .unusable {
            state.arrival.observe(fix, walking: !options.travelMode.alwaysSnapsToRoads)
        }
        if !state.hasArrivedAtCurrentLeg,
            hasArrived(
                fix, observation: observation, verdict: verdict, previousMatchTime: previousMatchTime,
                leg: leg, state: state, evidence: evidence)
        {
            announceArrival(state: &state, events: &events)
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

    /// Reports the current destination as reached, with remaining time and distance of zero.
    func announceArrival(state: inout GuidanceState, events: inout [GuidanceEvent]) {
        guard let leg = state.currentLeg else { return }
        state.lastArrivedWaypointIndex = state.currentWaypointIndex
        events.append(
            .arrival(
                waypoint: leg.leg.destination, waypointIndex: state.currentWaypointIndex,
                isFinalDestination: state.currentLegIndex == state.legs.count - 1))
        state.reporter.reportArrival(options: state.options, into: &events)
    }

    /// The network matcher's prior for a guided vehicle: road positions on the route, running its way,
    /// are ``onRouteBonus`` more likely (in log-odds) while the vehicle is not known to have left it.
    private func onRoutePrior(fix: Fix, state: GuidanceState) -> (RoadCandidate) -> Double {
        guard state.isGuidanceActive, let leg = state.currentLeg, !state.deviation.isOffRoute
        else { return { _ in 0 } }
        let tracker = state.tracker
        return { candidate in
            guard let onRoute = tracker.observe(Self.probe(fix, drivingAlong: candidate.road), on: leg),
                onRoute.crossTrack <= 3,
                (onRoute.headingOffset ?? 0) <= 45
            else { return 0 }
            return Self.onRouteBonus
        }
    }

    /// Whether the vehicle has left the route at a junction, before the deviation detector can be sure: the
    /// fix heads more than ``turnOffHeading`` away from the route where it is shown, and the network matcher,
    /// judged from the fixes alone, has it on a road off the route that runs the fix's way. For the one or
    /// two fixes after a turn the route would otherwise be shown running on in its own direction.
    private func hasTurnedOff(
        _ fix: Fix, routeCourse: Double, evidence: RoadMatch, leg: PreparedLeg, state: GuidanceState
    ) -> Bool {
        guard let course = fix.course, let speed = fix.speed, speed >= HiddenMarkovMatcher.headingSpeed,
            let roadCourse = evidence.course,
            Geodesy.angleBetween(course, routeCourse) > Self.turnOffHeading,
            Geodesy.angleBetween(course, roadCourse) <= Self.turnOffHeading
        else { return false }
        return (offRouteDistance(of: evidence, fix: fix, leg: leg, state: state) ?? 0) > Self.sameRoadDistance
    }

    /// Whether the vehicle so plainly follows its route that the network matcher may skip this fix: the
    /// matcher, from the fixes alone, put it on the route's road in its last ``agreeingMatches`` searches;
    /// this fix lies close to the route and heads its way; the vehicle is not near the leg's end (where
    /// arrival asks the matcher whether it passes through it); and the last search is fewer than
    /// ``fullMatchInterval`` fixes old. Any turn, drift or doubt brings the search back at once. Most fixes
    /// of a guided trip are like this, and the search (candidates from the spatial index, a bounded
    /// Dijkstra from every hypothesis) is by far the largest cost of a fix. The route stands for the road
    /// on a skipped fix: it is shown, and the matcher is placed on it
    /// (``HiddenMarkovMatcher/place(_:at:course:)``), so the next search starts from there.
    private func isPlainlyOnRoute(
        _ fix: Fix, observation: RouteObservation, leg: PreparedLeg, state: GuidanceState
    ) -> Bool {
        guard state.isGuidanceActive, !state.deviation.isOffRoute, state.tracker.hasMatched,
            state.routeAgreementStreak >= Self.agreeingMatches, state.fixesSinceFullMatch < Self.fullMatchInterval,
            leg.length - observation.distanceAlong > Self.nearEndDistance
        else { return false }
        let accuracy = min(max(fix.horizontalAccuracy ?? RouteTracker.defaultAccuracy, 5), 15)
        guard observation.crossTrack <= accuracy, observation.overshoot == 0 else { return false }
        if let speed = fix.speed, speed >= HiddenMarkovMatcher.headingSpeed, fix.course != nil {
            return (observation.headingOffset ?? 180) <= Self.plainHeading
        }
        return true
    }

    /// Whether a road position is on the route's own road and runs its way.
    private func isRouteRoad(_ road: RoadMatch, fix: Fix, leg: PreparedLeg, state: GuidanceState) -> Bool {
        guard let onRoute = state.tracker.observe(Self.probe(fix, drivingAlong: road), on: leg) else { return false }
        return onRoute.crossTrack <= Self.sameRoadDistance && (onRoute.headingOffset ?? 0) <= Self.plainHeading
    }

    /// The later pass of the leg the vehicle has joined, when the network matcher, from the fixes alone, has it
    /// moving on the route's own road there, running its way
    /// (see ``RouteTracker/laterPass(of:on:minimumAhead:reach:crossTrack:heading:)``).
    private func laterPassJoined(_ fix: Fix, leg: PreparedLeg, state: GuidanceState) -> RouteObservation? {
        guard let evidence = state.networkMatch.evidenceRoad, var course = evidence.course,
            (fix.speed ?? 0) >= ArrivalDetector.stoppedSpeed
        else { return nil }
        // The matcher's direction along a two-way road can lag a turn onto it by a fix; the fix's own course
        // says which way the vehicle goes along the road.
        if let heading = fix.course, Geodesy.angleBetween(course, heading) > 90 {
            course = (course + 180).truncatingRemainder(dividingBy: 360)
        }
        var probe = Self.probe(fix, at: Coordinate(latitude: evidence.latitude, longitude: evidence.longitude))
        probe.course = course
        return state.tracker.laterPass(
            of: probe, on: leg, minimumAhead: Self.laterPassAhead, reach: Self.laterPassReach,
            crossTrack: Self.sameRoadDistance, heading: Self.plainHeading)
    }

    /// How far from the route the network matcher places the vehicle, `nil` without a match.
    private func offRouteDistance(of network: RoadMatch?, fix: Fix, leg: PreparedLeg, state: GuidanceState) -> Double? {
        guard let network else { return nil }
        return routeDistance(
            of: Coordinate(latitude: network.latitude, longitude: network.longitude), fix: fix, leg: leg, state: state)
    }

    /// How far from the route a position lies, as the tracker matches it for this fix (infinite outside its window).
    private func routeDistance(of position: Coordinate, fix: Fix, leg: PreparedLeg, state: GuidanceState) -> Double {
        state.tracker.observe(Self.probe(fix, at: position), on: leg)?.crossTrack ?? .infinity
    }

    /// The fix moved to another position, keeping its time, speed and course: the tracker's question about that place.
    private static func probe(_ fix: Fix, at position: Coordinate) -> Fix {
        var probe = fix
        probe.latitude = position.latitude
        probe.longitude = position.longitude
        return probe
    }

    /// The fix moved to a road position as a vehicle driving along that road: the road's course, moving.
    private static func probe(_ fix: Fix, drivingAlong road: RoadMatch) -> Fix {
        var probe = probe(fix, at: Coordinate(latitude: road.latitude, longitude: road.longitude))
        probe.course = road.course
        probe.speed = max(fix.speed ?? 0, 2)
        return probe
    }

    private func routeSnap(at distance: Double, on leg: PreparedLeg, near hint: Int) -> RouteSnap {
        let s = leg.segmentIndex(at: distance, near: hint)
        return RouteSnap(
            coordinate: leg.coordinate(at: distance, segment: s), course: leg.segmentBearings[s],
            roadName: leg.leg.roadNames[s], speedLimit: leg.leg.speedLimits[s])
    }

    /// The nearest road, for a matcher whose filter found no candidate; walkers and cyclists keep their
    /// own position unless a road is close.
    private func nearestRoad(for fix: Fix, options: GuidanceOptions) -> RoadMatch? {
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

    /// Whether this fix reaches the current leg's destination (see ``ArrivalDetector`` for the rules).
    ///
    /// From any approach, on or off the route, stopping within the radius of the waypoint or of the leg's
    /// end is arriving; off the route, so is driving through the waypoint by a road of the driver's choosing
    /// (``drivenThroughWaypointOffRoute(_:waypoint:evidence:accuracy:leg:state:)``). Along the route, the tracked
    /// position must be within the arrival radius of the leg's end, measured along it, with the fix itself near the
    /// end too (allowing for its accuracy); or a fix lies beyond the end of the leg's last segment and close to its
    /// line. That needs travel on
    /// this leg first (see ``minimumLegProgress``), and the network matcher, when there is one, must not
    /// have the vehicle on another road beside the route (``passingRoadDistance``), judged from the fixes
    /// alone (``HiddenMarkovMatcher/evidenceRoad``) for a vehicle stopping, and for one driving by the rule
    /// below.
    ///
    /// Driving (faster than ``ArrivalDetector/stoppedSpeed``), without stopping, the vehicle must reach the
    /// end itself: the tracked position within half a second's drive of it (at least 5 m), the leg must
    /// end at the waypoint (not on a street beside it), and the road driven must pass through the end
    /// (``HiddenMarkovMatcher/trailPassage(through:within:matcher:)`` within ``passageTolerance``) and go on from it
    /// (``drivenThroughEnd(_:evidence:fix:accuracy:leg:state:)``). The tracked position alone cannot tell: it
    /// follows the route's line and runs on with the speed, so it reaches the end of a last short turn the vehicle
    /// never took, and one wild fix beside the end projects onto it. The fixes that confirm a passage come a
    /// second or two after it, so the fix may be as much farther from the end as the vehicle has driven since.
    /// Without a road network the fix must head the route's way (``passageHeading``) with the route close.
    private func hasArrived(
        _ fix: Fix, observation: RouteObservation?, verdict: DeviationDetector.Verdict, previousMatchTime: Double?,
        leg: PreparedLeg, state: GuidanceState, evidence: RoadMatch?
    ) -> Bool {
        guard verdict != .unusable else { return false }
        let radius = state.options.arrivalRadius
        let accuracy = min(fix.horizontalAccuracy ?? RouteTracker.defaultAccuracy, 25)
        let waypoint = Coordinate(latitude: leg.leg.destination.latitude, longitude: leg.leg.destination.longitude)
        if state.arrival.hasStopped(near: [waypoint, leg.end], radius: radius, accuracy: accuracy) { return true }
        if state.deviation.isOffRoute {
            return drivenThroughWaypointOffRoute(
                fix, waypoint: waypoint, evidence: evidence, accuracy: accuracy, leg: leg, state: state)
        }
        guard state.tracker.hasMatched,
            state.tracker.progressOnLeg >= min(Self.minimumLegProgress, leg.length / 2)
        else { return false }
        // Anything faster than stopping is driving past unless the end itself is reached; only a vehicle
        // that stops (or reports no speed) may arrive anywhere within the radius along the route.
        let speed = fix.speed ?? 0
        let moving = speed >= ArrivalDetector.stoppedSpeed
        // How far the vehicle has driven on since the road driven passed through the end: the fixes that confirm a
        // passage come a second or two after it, as far on (15 m/s through a turn on a corner).
        var drivenOn = 0.0
        if moving {
            // Driving through the end counts only when the end is the waypoint's own road; where the router
            // joined a waypoint beside another street to this one, only stopping there is arriving.
            guard waypoint.distance(to: leg.end) <= Self.passingRoadDistance else { return false }
            if let evidence {
                // The road driven, from the fixes alone, must come along the route through the end and go on from
                // it; the tracked position then says whether this is the route's last pass by that place (a route
                // can pass its own end before looping round a block to it).
                guard
                    let passage = state.networkMatch.trailPassage(
                        through: leg.end, within: Self.passageTolerance, matcher: matcher)
                else { return false }
                let through = drivenThroughEnd(
                    passage, evidence: evidence, fix: fix, accuracy: accuracy, leg: leg, state: state)
                switch through {
                case .yes: drivenOn = passage.drivenOn(by: fix)
                case .no: return false
                case .atTheEnd:
                    // The road position has not left the end yet (a junction's node holds it there): the fix itself
                    // must be as close.
                    guard fix.coordinate.distance(to: leg.end) <= Self.passageTolerance + accuracy else { return false }
                }
            } else {
                guard let observation, (observation.headingOffset ?? 0) <= Self.passageHeading,
                    observation.crossTrack <= accuracy + Self.passingRoadDistance
                else { return false }
            }
        } else if let evidence,
            (offRouteDistance(of: evidence, fix: fix, leg: leg, state: state) ?? 0) > Self.passingRoadDistance
        {
            return false
        }
        let remaining = leg.length - state.tracker.distanceAlong
        let toEnd = fix.coordinate.distance(to: leg.end)
        let reach = moving ? min(radius, max(5, speed / 2)) : radius
        if remaining <= reach && toEnd <= radius + accuracy + drivenOn { return true }
        guard let observation, observation.overshoot > 0,
            observation.offsetBeyondEnd <= state.options.deviation.offRouteDistance
        else { return false }
        let elapsed = previousMatchTime.map { max(0, fix.time - $0) } ?? 0
        return remaining <= radius + speed * elapsed
    }

    /// Whether the trail's passage by the leg's end is a vehicle driving through it, not one passing on a street
    /// beside the destination whose trail one or two noisy fixes put across the destination's street (Monaco's
    /// port, where Avenue John F. Kennedy runs 12 m from Quai Albert 1er). Three things must hold, judged from the
    /// fixes alone:
    /// - the trail came to the end along the route: its position before the end is within
    ///   ``passingRoadDistance`` of it;
    /// - the vehicle has left the end: its road position now is more than ``passageTolerance`` from it (until it
    ///   has, the answer is ``Passage/atTheEnd``);
    /// - it is where driving on from the end takes it: on the leg's way on past the end (within
    ///   ``passingRoadDistance`` of the line the leg's last segment runs on), or, by the road network from the end
    ///   as the route runs into it, no farther than the vehicle has driven since (a turn at a destination on a
    ///   corner). A street beside the destination's is reached from its end only the long way round.
    private func drivenThroughEnd(
        _ passage: HiddenMarkovMatcher.TrailPassage, evidence: RoadMatch, fix: Fix, accuracy: Double, leg: PreparedLeg,
        state: GuidanceState
    ) -> Passage {
        guard routeDistance(of: passage.approach.position, fix: fix, leg: leg, state: state) <= Self.passingRoadDistance
        else { return .no }
        let position = Coordinate(latitude: evidence.latitude, longitude: evidence.longitude)
        let fromEnd = position.distance(to: leg.end)
        guard fromEnd > Self.passageTolerance else { return .atTheEnd }
        if Self.liesOnward(position, of: leg) { return .yes }
        // Otherwise the road driven from the end, as the route runs into it, must lead there.
        guard let matcher, let bearing = Self.finalBearing(of: leg) else { return .no }
        let starts = matcher.candidates(near: leg.end, within: Self.passageTolerance, limit: 6).filter {
            $0.road.course.map { Geodesy.angleBetween($0, bearing) <= Self.plainHeading } ?? false
        }
        return leadsOn(from: starts, since: passage, fix: fix, accuracy: accuracy, state: state) ? .yes : .no
    }

    /// Whether one of `starts`, road positions at the leg's end, leads by the road network to the road position
    /// the fixes alone give now, within the distance driven since the passage (fixes projected onto a road fall up
    /// to about two sigmas along it from the truth).
    private func leadsOn(
        from starts: [RoadCandidate], since passage: HiddenMarkovMatcher.TrailPassage, fix: Fix, accuracy: Double,
        state: GuidanceState
    ) -> Bool {
        guard let matcher, let current = state.networkMatch.evidenceCandidate else { return false }
        let reach = passage.drivenOn(by: fix) + Self.passageTolerance + 2 * accuracy
        return starts.contains { start in
            (matcher.networkDistances(from: start, to: [current], maximum: reach).first ?? nil) != nil
        }
    }

    /// Whether a vehicle off its route, driving, has just driven through the waypoint by a road of its own
    /// choosing (the route went another way, or a reroute came too late): arrival from any approach. The leg
    /// must end at the waypoint (within ``passingRoadDistance``), and the road driven, judged from the fixes
    /// alone, must run through the leg's end: the trail passed it
    /// (``HiddenMarkovMatcher/trailPassage(through:within:matcher:)`` within ``passageTolerance``), and by the road
    /// network its position before the end leads to one road
    /// position at the end about as directly as the crow flies (half as far again, for a corner), and that
    /// position leads on to the road position now within the distance driven since. A street beside the
    /// waypoint's, which one noisy fix can put the trail on, is joined to it only at its ends, so both ways fail.
    private func drivenThroughWaypointOffRoute(
        _ fix: Fix, waypoint: Coordinate, evidence: RoadMatch?, accuracy: Double, leg: PreparedLeg,
        state: GuidanceState
    ) -> Bool {
        guard let evidence, let matcher, (fix.speed ?? 0) >= ArrivalDetector.stoppedSpeed,
            waypoint.distance(to: leg.end) <= Self.passingRoadDistance,
            let passage = state.networkMatch.trailPassage(
                through: leg.end, within: Self.passageTolerance, matcher: matcher),
            let from = passage.approach.candidate
        else { return false }
        let position = Coordinate(latitude: evidence.latitude, longitude: evidence.longitude)
        guard position.distance(to: leg.end) > Self.passageTolerance else { return false }
        let ends = matcher.candidates(near: leg.end, within: Self.passageTolerance, limit: 8)
        let direct = 1.5 * passage.approach.position.distance(to: leg.end) + Self.passageTolerance
        let entered = zip(ends, matcher.networkDistances(from: from, to: ends, maximum: direct)).compactMap {
            $1 == nil ? nil : $0
        }
        return leadsOn(from: entered, since: passage, fix: fix, accuracy: accuracy, state: state)
    }

    /// What a trail's passage by the leg's end says about driving through it.
    private enum Passage {
        case yes, no
        /// The road position is still at the end: the next fixes tell.
        case atTheEnd
    }

    /// The direction of the leg's last segment that is not a sliver (the waypoint's projection can leave a piece
    /// of a few centimetres at the end).
    private static func finalBearing(of leg: PreparedLeg) -> Double? {
        let bearings = leg.segmentBearings
        let distances = leg.cumulativeDistance
        let last = bearings.indices.last { distances[$0 + 1] - distances[$0] >= 1 } ?? bearings.indices.last
        return last.map { bearings[$0] }
    }

    /// Whether a position lies on the leg's way on past its end: ahead of the end and within
    /// ``passingRoadDistance`` of the line the leg's last segment runs on, up to ``onwardReach``.
    private static func liesOnward(_ position: Coordinate, of leg: PreparedLeg) -> Bool {
        guard let bearing = finalBearing(of: leg) else { return false }
        let onward = leg.end.destination(bearing: bearing, distance: onwardReach)
        let projection = position.projection(ontoSegmentFrom: leg.end, to: onward)
        return projection.fraction > 0 && projection.fraction < 1 && projection.distance <= passingRoadDistance
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
