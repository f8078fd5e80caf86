import Foundation
import NavCore
import NavGuidance
import NavMap
import NavProtocol
import NavRouting

/// Planning routes for sessions: new trips, reroutes and faster routes.
extension Navigator {
    /// Why planning a trip failed: the status for the caller and a sentence for the log.
    struct PlanningFailure: Error {
        var status: RouteStatus
        var message: String
    }

    /// Plans a route from a position through `destinations` with the session's options and current
    /// traffic.
    /// - Parameter alternates: Whether to look for the alternatives the trip's strategy asks for; reroutes
    ///   and faster-route checks only need the best route.
    func plan(
        from origin: Coordinate, heading: Double?, to destinations: [NavProtocol.Waypoint],
        for session: VehicleSession, alternates: Bool = false
    ) -> Result<PlannedRoute, PlanningFailure> {
        let waypoints =
            [NavRouting.Waypoint(title: "origin", coordinate: origin, heading: heading)]
            + destinations.map(Self.routingWaypoint)
        var options = routingOptions(session.configuration, trip: session.tripOptions)
        if !alternates { options.alternateRoutes = .noAlternates }
        let request = NavRouting.RouteRequest(waypoints: waypoints, options: options)
        let result = map.router.route(request)
        guard result.status == .ok, let route = result.routes.first else {
            // The origin is the vehicle's own position: a position no road is near is not a bad waypoint.
            let status: RouteStatus =
                result.failedWaypointIndex == 0 && result.status == .waypointError ? .locationUnavailable : result.status
            return .failure(PlanningFailure(status: status, message: result.message))
        }
        do {
            var planned = try PlannedRoute(route, destinations: destinations)
            planned.alternates = result.routes.dropFirst().map { WireRoute.make($0, destinations: destinations) }
            planned.waypoints = result.waypoints.map(WireRoute.snapped)
            planned.violatedAvoids = route.violatedAvoids
            return .success(planned)
        } catch {
            return .failure(
                PlanningFailure(status: .internalError, message: "the router's route is inconsistent: \(error)"))
        }
    }

    /// Routing options from a vehicle's configuration, overridden by a trip's options, with the traffic
    /// now in force, setting off at `departure` (when absent: now by the clock, if the process was told its time
    /// zone; see ``localNow(_:)``).
    func routingOptions(
        _ configuration: NavigatorConfiguration, trip: NavProtocol.RoutingOptions?, departure: WeekTime? = nil
    ) -> NavRouting.RoutingOptions {
        NavRouting.RoutingOptions(
            travelMode: trip?.travelMode ?? configuration.travelMode,
            avoidsHighways: trip?.avoidsHighways ?? configuration.avoidsHighways,
            avoidsTolls: trip?.avoidsTolls ?? configuration.avoidsTolls,
            avoidsFerries: trip?.avoidsFerries ?? configuration.avoidsFerries,
            alternateRoutes: trip?.alternateRoutesStrategy ?? .noAlternates,
            traffic: TrafficSpeedFactors(byWayID: traffic.factors),
            departure: departure ?? Self.localNow(clock()))
    }

    /// The time zone the process was given in `TZ`, which for a navigator is the map's: an IANA name
    /// (`Europe/Helsinki`, optionally with the leading `:` of POSIX) that this machine's zone data knows. A name it
    /// does not know, or no `TZ` at all, gives nil rather than the UTC Foundation would fall back to.
    static let mapTimeZone: TimeZone? = {
        guard var name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        return TimeZone(identifier: name)
    }()

    /// The name of `mapTimeZone`, for the start-up log.
    public static var mapTimeZoneName: String? { mapTimeZone?.identifier }

    /// `seconds` since 1970 as the map's local time, when the process was given its time zone; nil otherwise, so
    /// that a turn restriction signed for some hours always holds. Judged in a container's default UTC, a Helsinki
    /// sign for 07–18 would be lifted between 07 and 09 local time.
    static func localNow(_ seconds: Double) -> WeekTime? {
        Self.mapTimeZone.map { WeekTime(Date(timeIntervalSince1970: seconds), timeZone: $0) }
    }

    static func routingWaypoint(_ waypoint: NavProtocol.Waypoint) -> NavRouting.Waypoint {
        NavRouting.Waypoint(
            title: waypoint.title, placeID: waypoint.placeID,
            coordinate: waypoint.coordinate.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) })
    }

    /// Plans a route from `origin` to the destinations still ahead and hands it to the engine in place
    /// of the current one; tells the engine when no route can be found.
    /// - Returns: The payloads the change produced.
    func replaceRoute(
        of live: inout LiveSession, from origin: Coordinate, heading: Double?,
        reason: RouteChangeReason
    ) -> [NavigatorEvent.Payload] {
        let session = live.session
        let ahead = Array(session.destinations.dropFirst(session.guidance.currentWaypointIndex))
        let planned =
            ahead.isEmpty
            ? .failure(PlanningFailure(status: .noWaypointsError, message: "no destination is left"))
            : plan(
                from: Coordinate(latitude: origin.latitude, longitude: origin.longitude), heading: heading,
                to: ahead, for: session)
        switch planned {
        case .success(let route):
            let events = apply(.replaceRoute(route.guidance, reason: reason), to: &live)
            live.install(route.legs)
            applyTraffic(to: &live)
            counters.add(reason == .fasterRoute ? "fasterRoutes" : "reroutes")
            return live.session.payloads(for: events)
        case .failure(let failure):
            if reason == .offRoute {
                _ = apply(.rerouteFailed, to: &live)
                counters.add("reroutesFailed")
                log("reroute of \(session.vehicle) failed: \(failure.status.rawValue): \(failure.message)")
            }
            return []
        }
    }

    /// Re-applies the traffic in force to every session's route, and has the router start customizing for it
    /// in the sessions' travel modes: on a large map that takes seconds, and starting it now rather than on
    /// the next route request brings the traffic into the routes sooner (the previous traffic answers meanwhile).
    func reapplyTraffic() {
        for vehicle in sessions.keys {
            applyTraffic(to: &sessions[vehicle]!)
        }
        var modes: Set<TravelMode> = [MapPreparation.savedMetricMode]
        for live in sessions.values {
            modes.insert(live.session.tripOptions?.travelMode ?? live.session.configuration.travelMode)
        }
        let inForce = TrafficSpeedFactors(byWayID: traffic.factors)
        for mode in modes {
            map.router.prepareInBackground(NavRouting.RoutingOptions(travelMode: mode, traffic: inForce))
        }
    }

    /// Hands the engine the traffic factors of each leg's segments, so its times and delay category
    /// reflect them.
    func applyTraffic(to live: inout LiveSession) {
        guard !live.session.legs.isEmpty, !traffic.isEmpty || live.hasTraffic else { return }
        for (index, leg) in live.session.legs.enumerated() {
            let factors = leg.wayIDs.map { traffic.factor(forWay: $0) }
            _ = apply(.applyTraffic(TrafficUpdate(legIndex: index, speedFactors: factors)), to: &live)
        }
        live.hasTraffic = !traffic.isEmpty
    }

    /// Offers sessions delayed by traffic a faster route, when one beats the current one by the engine's
    /// margins.
    ///
    /// Only sessions whose delay is medium or heavy are checked: with light delay the current route is at
    /// most 10 % slower than its free-flow time, which no other route can undercut (traffic only slows
    /// roads down) by the 10 % the engine asks for.
    func checkFasterRoutes(now: Double) {
        guard !traffic.isEmpty else { return }
        var budget = settings.fasterRouteChecksPerTick
        for vehicle in sessions.keys {
            guard budget > 0 else { return }
            guard let live = sessions[vehicle], live.nextFasterRouteCheck <= now, live.session.lastFix != nil,
                live.session.guidance.navState == .enroute, !live.session.guidance.isRerouteOutstanding,
                [.medium, .heavy].contains(live.session.guidance.delayCategoryToNextDestination)
            else { continue }
            budget -= 1
            let payloads = offerFasterRoute(to: &sessions[vehicle]!, now: now)
            if !payloads.isEmpty { publish(payloads, vehicle: vehicle) }
        }
    }

    private func offerFasterRoute(to live: inout LiveSession, now: Double) -> [NavigatorEvent.Payload] {
        live.nextFasterRouteCheck = now + settings.fasterRouteCheckInterval
        guard let fix = live.session.lastFix else { return [] }
        let session = live.session
        let ahead = Array(session.destinations.dropFirst(session.guidance.currentWaypointIndex))
        guard !ahead.isEmpty,
            case .success(let candidate) = plan(
                from: Coordinate(latitude: fix.latitude, longitude: fix.longitude), heading: fix.course,
                to: ahead,
                for: session),
            session.guidance.prefersFasterRoute(candidateSeconds: candidate.durationSeconds)
        else { return [] }
        let events = apply(.replaceRoute(candidate.guidance, reason: .fasterRoute), to: &live)
        live.install(candidate.legs)
        applyTraffic(to: &live)
        counters.add("fasterRoutes")
        return live.session.payloads(for: events)
    }
}
