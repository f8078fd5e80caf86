import NavCore
import NavGuidance
import NavMap
public import NavProtocol
import NavRouting

/// The control API: the navigator methods of DESIGN.md and `router.route`.
extension Navigator {
    /// `navigator.setDestinations`: plans a trip from the vehicle's latest fix through the waypoints and
    /// makes it the route (reason `newDestinations`). Guidance must then be set active.
    /// - Returns: `locationUnavailable` without a fix; the router's status when no route is found, in
    ///   which case the previous route stays.
    public func setDestinations(_ params: SetDestinationsParams) -> RouteStatusResult {
        guard !params.waypoints.isEmpty else { return RouteStatusResult(routeStatus: .noWaypointsError) }
        guard params.waypoints.count <= SetDestinationsParams.maximumWaypoints else {
            return RouteStatusResult(routeStatus: .waypointError)
        }
        counters.add("routeRequests")
        let vehicle = params.vehicleID
        let outcome = withSession(vehicle) {
            live -> (result: RouteStatusResult, payloads: [NavigatorEvent.Payload]) in
            guard let fix = live.session.lastFix else {
                return (RouteStatusResult(routeStatus: .locationUnavailable, message: "No position fix yet."), [])
            }
            var trip = live.session
            // The SDK offers alternatives unless asked not to.
            var options = params.routingOptions ?? NavProtocol.RoutingOptions()
            options.alternateRoutesStrategy = options.alternateRoutesStrategy ?? .all
            trip.tripOptions = options
            let planned = plan(
                from: Coordinate(latitude: fix.latitude, longitude: fix.longitude), heading: fix.course,
                to: params.waypoints, for: trip, alternates: true)
            switch planned {
            case .failure(let failure):
                log("no route for \(vehicle): \(failure.status.rawValue): \(failure.message)")
                return (RouteStatusResult(routeStatus: failure.status, message: failure.message), [])
            case .success(let route):
                live.session.destinations = params.waypoints
                live.session.tripOptions = options
                live.session.alternateRoutes = route.alternates
                let events = apply(.setRoute(route.guidance), to: &live)
                live.install(route.legs)
                applyTraffic(to: &live)
                let result = RouteStatusResult(
                    routeStatus: .ok, waypoints: route.waypoints,
                    violatedAvoids: route.violatedAvoids.isEmpty ? nil : route.violatedAvoids)
                return (result, live.session.payloads(for: events))
            }
        }
        publish(outcome.payloads, vehicle: vehicle, saveFirst: outcome.result.routeStatus == .ok)
        return outcome.result
    }

    /// `navigator.continueToNextDestination`: after an arrival, moves on to the next leg (reason
    /// `nextDestination`); guidance must then be set active again.
    /// - Returns: `noWaypointsError` without a destination after the current one.
    public func continueToNextDestination(_ params: VehicleParams) -> ContinueToNextDestinationResult {
        let vehicle = params.vehicleID
        let outcome = withSession(vehicle) {
            live -> (result: ContinueToNextDestinationResult, payloads: [NavigatorEvent.Payload]) in
            guard live.session.guidance.currentLegIndex + 1 < live.session.legs.count else {
                return (ContinueToNextDestinationResult(routeStatus: .noWaypointsError, nextDestination: nil), [])
            }
            let events = apply(.continueToNextDestination, to: &live)
            let payloads = live.session.payloads(for: events)
            let index = live.session.guidance.currentWaypointIndex
            let next = live.session.destinations.indices.contains(index) ? live.session.destinations[index] : nil
            return (ContinueToNextDestinationResult(routeStatus: .ok, nextDestination: next), payloads)
        }
        publish(outcome.payloads, vehicle: vehicle, saveFirst: true)
        return outcome.result
    }

    /// `navigator.clearDestinations`: drops the route and stops guidance (reason `cleared`).
    public func clearDestinations(_ params: VehicleParams) -> Acknowledgement {
        let vehicle = params.vehicleID
        let payloads = withSession(vehicle) { live in
            let events = apply(.clearDestinations, to: &live)
            live.session.destinations = []
            live.session.tripOptions = nil
            live.session.alternateRoutes = nil
            live.install([])
            return live.session.payloads(for: events)
        }
        publish(payloads, vehicle: vehicle, saveFirst: true)
        return Acknowledgement()
    }

    /// `navigator.setGuidanceActive`: starts or pauses guidance on the current route.
    public func setGuidanceActive(_ params: SetGuidanceActiveParams) -> GuidanceActiveResult {
        let active = withSession(params.vehicleID) { live in
            _ = apply(.setGuidanceActive(params.active), to: &live)
            return live.session.guidance.isGuidanceActive
        }
        saveNow(params.vehicleID)
        return GuidanceActiveResult(guidanceActive: active)
    }

    /// `navigator.configure`: changes some options; absent fields keep their value.
    /// - Throws: ``InvalidConfiguration`` for negative thresholds or percentages.
    public func configure(_ params: ConfigureNavigatorParams) throws(InvalidConfiguration) -> NavigatorConfiguration {
        let vehicle = params.vehicleID
        let current = sessions[vehicle]?.session.configuration ?? .defaults
        let next = params.applied(to: current)
        let alerts = next.speedAlertOptions
        for (name, value) in [
            ("timeUpdateThreshold", next.timeUpdateThreshold),
            ("distanceUpdateThreshold", next.distanceUpdateThreshold),
            ("speedAlertOptions.minorPercentage", alerts.minorPercentage),
            ("speedAlertOptions.majorPercentage", alerts.majorPercentage),
            ("speedAlertOptions.severityUpgradeDurationSeconds", alerts.severityUpgradeDurationSeconds),
        ] where !(value.isFinite && value >= 0) {
            throw InvalidConfiguration(parameter: name, reason: "must be a non-negative number, got \(value)")
        }
        guard alerts.majorPercentage >= alerts.minorPercentage else {
            throw InvalidConfiguration(
                parameter: "speedAlertOptions.majorPercentage",
                reason: "(\(alerts.majorPercentage)) must not be below minorPercentage (\(alerts.minorPercentage))")
        }
        withSession(vehicle) { live in
            live.session.configuration = next
            live.session.configureVoice()
            var options = live.session.guidance.options
            options.apply(next)
            _ = apply(.configure(options), to: &live)
        }
        saveNow(vehicle)
        return next
    }

    /// `navigator.getState`: the vehicle's route, progress and options.
    public func state(_ params: VehicleParams) -> NavigatorState {
        let vehicle = params.vehicleID
        return sessions[vehicle]?.session.state() ?? VehicleSession(vehicle: vehicle).state()
    }

    /// `roadSnappedLocationProvider.startUpdatingLocation` / `stopUpdatingLocation`.
    public func setUpdatingLocation(_ updating: Bool, _ params: VehicleParams) -> LocationUpdatesResult {
        let result = withSession(params.vehicleID) { live in
            _ = apply(updating ? .startUpdatingLocation : .stopUpdatingLocation, to: &live)
            return live.session.guidance.isUpdatingLocation
        }
        saveNow(params.vehicleID)
        return LocationUpdatesResult(updatingLocation: result)
    }

    /// `router.route`: a stateless route query; the vehicle's configuration fills in absent options.
    public func route(_ request: NavProtocol.RouteRequest) -> RouteResponse {
        counters.add("routeRequests")
        let configuration = sessions[request.vehicleID]?.session.configuration ?? .defaults
        let trip = NavProtocol.RoutingOptions(
            alternateRoutesStrategy: request.alternateRoutesStrategy, travelMode: request.travelMode,
            avoidsHighways: request.avoidsHighways, avoidsTolls: request.avoidsTolls,
            avoidsFerries: request.avoidsFerries)
        let result = map.router.route(
            NavRouting.RouteRequest(
                waypoints: request.waypoints.map(Self.routingWaypoint),
                options: routingOptions(configuration, trip: trip, departure: request.departureTime?.weekTime)))
        let destinations = Array(request.waypoints.dropFirst())
        return RouteResponse(
            routeStatus: result.status,
            routes: result.status == .ok ? result.routes.map { WireRoute.make($0, destinations: destinations) } : [],
            message: result.status == .ok ? nil : result.message,
            waypoints: result.waypoints.isEmpty ? nil : result.waypoints.map(WireRoute.snapped))
    }

    // MARK: Traffic

    /// Takes a provider's `traffic.conditions.v1` message, replacing what it said before, and applies the
    /// result to every route.
    public func updateTraffic(_ conditions: TrafficConditions) {
        let now = clock()
        let resolved = conditions.conditions.compactMap { condition -> TrafficPicture.Condition? in
            guard let factor = TrafficPicture.factor(of: condition) else { return nil }
            var ways = Set(condition.wayIds ?? [])
            if let area = condition.area { ways.formUnion(wayIDs(in: area)) }
            return TrafficPicture.Condition(
                wayIDs: ways, factor: factor, expiresAt: condition.expiresAt.secondsSince1970)
        }
        if traffic.replace(provider: conditions.provider, with: resolved, now: now) {
            reapplyTraffic()
        }
    }

    private func wayIDs(in area: TrafficArea) -> Set<Int64> {
        let snapper = map.router.snapper
        switch area {
        case .circle(let center, let radius):
            return snapper.wayIDs(
                within: radius, of: Coordinate(latitude: center.latitude, longitude: center.longitude))
        case .boundingBox(let box):
            // A box across the antimeridian is two boxes either side of it.
            let spans = box.west <= box.east ? [(box.west, box.east)] : [(box.west, 180.0), (-180.0, box.east)]
            return spans.reduce(into: Set<Int64>()) { ways, span in
                ways.formUnion(
                    snapper.wayIDs(
                        in: NavMap.BoundingBox(
                            minLatitude: box.south, minLongitude: span.0, maxLatitude: box.north, maxLongitude: span.1))
                )
            }
        }
    }
}
