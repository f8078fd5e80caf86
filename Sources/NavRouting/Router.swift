import Dispatch
public import NavCore
public import NavMap

/// Plans routes on a road graph: resolves waypoints, finds the fastest path for each leg, adds
/// alternatives and builds guidance steps. Immutable after creation and safe to share between threads.
public final class Router: Sendable {
    public let graph: RoadGraph
    public let snapper: RoadSnapper
    public let places: PlacesCatalogue
    private let networks: RouterNetworks
    private let pool: WorkspacePool
    /// Copies of arcs made for turn restrictions via ways, by original arc: a destination on a via way
    /// must be reachable along the copy as well.
    private let restrictionCopies: [UInt32: [UInt32]]
    /// The customizable contraction hierarchy the automatic search runs on (nil: bidirectional search only, also
    /// while a hierarchy read after the router's start is still on its way, see ``isPrepared``).
    public var hierarchy: ContractionHierarchy? { arrivingHierarchy.current }
    private let arrivingHierarchy: ArrivingHierarchy
    private let metrics: MetricCache
    private let hierarchyTurns = HierarchyTurnsCache()
    /// The arrays of retired metrics, for the next traffic update to write into.
    private let customizationBuffers = CustomizationBuffers()

    /// Bytes of retired metric arrays kept for the next customization to write into (see ``CustomizationBuffers``).
    public var keptCustomizationBytes: Int { customizationBuffers.keptBytes }
    /// Left once ``prepareForTraffic(_:)`` is done.
    private let trafficPreparation = DispatchGroup()
    /// The rectangle the map's roads span: outside it the roads around a waypoint are unknown.
    private let mapArea: BoundingBox
    private let legSearchCounter = LegSearchCounter()

    /// How the automatic search has answered leg searches so far (see ``LegSearchCounts``).
    public var legSearchCounts: LegSearchCounts { legSearchCounter.counts }

    /// Prepares the router: per travel mode, arc weights and landmark tables, and the contraction hierarchy.
    /// - Parameters:
    ///   - graph: the road network.
    ///   - places: named places for `placeID` waypoints.
    ///   - modes: the travel modes to prepare (modes the map has no roads for are skipped).
    ///   - landmarkCount: landmarks per mode for the ALT search (alternatives and ``RoutingAlgorithm/landmarks``);
    ///     more tighten the bounds but cost memory and set-up time.
    ///   - hierarchy: a hierarchy prepared for this graph (from ``HierarchyFile``); `.build` orders and
    ///     contracts one now, `.none` routes without one.
    ///   - preparation: whether the per-mode networks and landmark tables are ready when this returns
    ///     (`.upFront`) or prepared after it, in the background (``RouterPreparation/inBackground(first:)``).
    public convenience init(
        graph: RoadGraph, places: PlacesCatalogue = PlacesCatalogue(), modes: [TravelMode] = TravelMode.allCases,
        landmarkCount: Int = 12, hierarchy: HierarchySource = .build, preparation: RouterPreparation = .upFront
    ) {
        self.init(
            graph: graph, places: places, hierarchy: hierarchy,
            networks: RouterNetworks(graph: graph, modes: modes, landmarkCount: landmarkCount, preparation: preparation))
    }

    /// A router over networks whose preparation has already begun (``MapPreparation`` starts it as soon as the
    /// graph is read, while the sidecars are still being read).
    /// - Parameters:
    ///   - hierarchyArrives: the hierarchy is on its way (`hierarchy` is then not used):
    ///     ``attach(_:fingerprint:)`` brings it, and until then the automatic search is the reference search.
    ///   - inlineEdgeLimit: hierarchies with more edges are customized in the background (tests lower it to
    ///     see a large map's traffic update on a small one).
    init(
        graph: RoadGraph, places: PlacesCatalogue, hierarchy: HierarchySource, networks: RouterNetworks,
        hierarchyArrives: Bool = false, inlineEdgeLimit: Int = MetricCache.inlineEdgeLimit
    ) {
        self.metrics = MetricCache(inlineEdgeLimit: inlineEdgeLimit)
        self.graph = graph
        self.places = places
        self.networks = networks
        self.snapper = RoadSnapper(graph: graph)
        self.pool = WorkspacePool(stateCount: networks.stateCountBound, nodeCount: graph.nodeCount)
        self.restrictionCopies = Self.restrictionCopies(in: graph)
        self.mapArea = BoundingBox(
            minLatitude: graph.latitudes.min() ?? 0, minLongitude: graph.longitudes.min() ?? 0,
            maxLatitude: graph.latitudes.max() ?? 0, maxLongitude: graph.longitudes.max() ?? 0)
        if hierarchyArrives {
            arrivingHierarchy = .expected()
        } else {
            arrivingHierarchy = ArrivingHierarchy(nil)
            attach(hierarchy)
        }
    }

    /// Takes the router's hierarchy: built now for `.build`, kept only when made for this graph (`fingerprint`:
    /// ``ContractionHierarchy/fingerprint(of:)`` of ``graph``, worked out when not given). A saved metric that
    /// belongs to it is in the cache before the hierarchy is seen by any request, so that none customizes for it.
    func attach(_ source: HierarchySource, fingerprint given: UInt64? = nil) {
        var fingerprint: UInt64 { given ?? ContractionHierarchy.fingerprint(of: graph) }
        switch source {
        case .build: arrivingHierarchy.settle(ContractionHierarchy(graph: graph))
        case .prepared(let prepared):
            arrivingHierarchy.settle(prepared.graphFingerprint == fingerprint ? prepared : nil)
        case .preparedWithMetric(let prepared, let saved):
            guard prepared.graphFingerprint == fingerprint else { return arrivingHierarchy.settle(nil) }
            if saved.identity == HierarchyMetricFile.identity(of: prepared), networks.supports(saved.travelMode) {
                metrics.seed(saved.metric, for: MetricCache.Key(mode: saved.travelMode, avoidedFlags: 0, forbiddenFlags: 0))
            }
            arrivingHierarchy.settle(prepared)
            prepareForTraffic(prepared)
        case .none: arrivingHierarchy.settle(nil)
        }
    }

    /// On a large map answering on its saved metric, makes in the background what any customization needs
    /// and traffic does not change (the hierarchy's lower adjacency and work split, the default mode's turns), so
    /// that the first traffic update is applied in the time of its sweep alone.
    private func prepareForTraffic(_ hierarchy: ContractionHierarchy) {
        guard hierarchy.edgeCount > metrics.inlineEdgeLimit else { return }
        trafficPreparation.enter()
        DispatchQueue.global(qos: .background).async { [self] in
            defer { trafficPreparation.leave() }
            // After the start's own work: the other modes' networks come first.
            _ = networks.waitUntilPrepared(seconds: .infinity)
            hierarchy.prepareForCustomization()
            let mode = MapPreparation.savedMetricMode
            guard let network = networks.network(for: mode) else { return }
            let search = ShortestPathSearch(
                graph: graph, network: network, avoidedFlags: 0, factors: nil, useLandmarks: false, bidirectional: true,
                isCanceled: nil)
            _ = hierarchyTurns.turns(for: MetricCache.Key(mode: mode, avoidedFlags: 0, forbiddenFlags: 0)) {
                HierarchyTurns(hierarchy: hierarchy, search: search)
            }
            // The arrays the first update writes (four for the metric, two for its pruning), in memory of the
            // process's own: the saved metric answers from its mapped file, so there is no retired one to take
            // them from yet.
            customizationBuffers.reserve(count: hierarchy.edgeCount, arrays: 6)
        }
    }

    private static func restrictionCopies(in graph: RoadGraph) -> [UInt32: [UInt32]] {
        var copies: [UInt32: [UInt32]] = [:]
        for segment in 0..<graph.segmentCount where graph.flags(ofSegment: segment).contains(.restrictionCopy) {
            let (a, b) = graph.endpoints(ofSegment: segment)
            let ids = (graph.osmID(ofNode: a), graph.osmID(ofNode: b))
            for original in graph.segments(ofWay: graph.way(ofSegment: segment)) {
                let (oa, ob) = graph.endpoints(ofSegment: original)
                let originalIDs = (graph.osmID(ofNode: oa), graph.osmID(ofNode: ob))
                if originalIDs == ids { copies[UInt32(2 * original), default: []].append(UInt32(2 * segment)) }
                if originalIDs == (ids.1, ids.0) {
                    copies[UInt32(2 * original + 1), default: []].append(UInt32(2 * segment))
                }
            }
        }
        return copies
    }

    /// Most alternatives for a trip of several legs with strategy `all`.
    public static let maximumMultiStopAlternatives = 3

    /// Whether the router can plan routes for `mode`.
    public func supports(_ mode: TravelMode) -> Bool { networks.supports(mode) }

    /// Whether every mode's network and landmark tables are prepared, and the hierarchy read after the start is
    /// in (at once with `.upFront`).
    public var isPrepared: Bool {
        networks.isPrepared && !arrivingHierarchy.isExpected && trafficPreparation.wait(timeout: .now()) == .success
    }

    /// Waits until every mode's network and landmark tables are prepared, the hierarchy is in and what a traffic
    /// update needs is made (benchmarks, tests).
    /// - Returns: false when that had not happened within `seconds`.
    @discardableResult
    public func waitUntilPrepared(seconds: Double = .infinity) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        guard arrivingHierarchy.waitUntilSettled(seconds: seconds) else { return false }
        func left() -> Double { max(0, seconds - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        guard networks.waitUntilPrepared(seconds: left()) else { return false }
        return trafficPreparation.wait(timeout: left().isFinite ? .now() + left() : .distantFuture) == .success
    }

    deinit { networks.abandon() }

    /// Waypoints farther than this from every road the travel mode may use are refused (`waypointError`, or
    /// `locationUnavailable` for a vehicle's own position) rather than moved silently onto a far road.
    public static let maximumSnapDistanceMeters = 500.0

    /// How much farther than the nearest usable road a waypoint may be moved to reach a road the trip can use
    /// without leaving the map: about a street's width, so a waypoint on a carriageway that only the world
    /// beyond the map's edge leads to goes onto the other carriageway, but never onto another street far off.
    public static let connectedRoadAllowanceMeters = 10.0

    /// Snaps a coordinate onto the nearest road of `mode` that suits the waypoint's role: an origin onto a
    /// road from which the main network can be reached, a destination onto one the main network leads to, a
    /// stop onto one that does both (heading-aware when a heading is given).
    ///
    /// A road that runs on beyond the edge of the map counts as connected, as it is in the real network
    /// (``ModeConnectivity``), so a waypoint in a pocket the extract's border cuts off is not moved to another
    /// street far away. When that nearest road connects only beyond the edge, a road that connects within the
    /// map is taken instead if it is at most ``connectedRoadAllowanceMeters`` farther; otherwise the waypoint
    /// stays on its own street and the route request says that no route exists within the map. A waypoint
    /// outside the area the map covers with no road of the map within ``ownStreetReachMeters`` has no street of its
    /// own in it (the roads around it are not in the extract), so it goes onto the nearest road that connects
    /// within the map, as far as it is.
    public func snap(
        _ coordinate: Coordinate, mode: TravelMode, role: WaypointRole = .stop, heading: Double? = nil,
        maxDistanceMeters: Double = 5_000
    ) -> RoadPosition? {
        guard let network = networks.network(for: mode) else { return nil }
        let connectivity = network.connectivity
        func suits(_ segment: Int, leaves: (Int) -> Bool, enters: (Int) -> Bool) -> Bool {
            // A ferry is no place to set off or stop: a point in the harbour belongs on the road by the quay (the
            // held-out Monaco map's waypoints in Port Hercule were put on its passenger boat's line).
            guard !graph.flags(ofSegment: segment).contains(.ferry) else { return false }
            let arcs = [2 * segment, 2 * segment + 1]
            switch role {
            case .origin: return arcs.contains(where: leaves)
            case .destination: return arcs.contains(where: enters)
            case .stop: return arcs.contains(where: leaves) && arcs.contains(where: enters)
            }
        }
        guard
            let nearest = snapper.nearest(
                to: coordinate, mode: mode, heading: heading, maxDistanceMeters: maxDistanceMeters,
                accept: { suits($0, leaves: connectivity.leavesToMain, enters: connectivity.entersFromMain) })
        else { return nil }
        let insideMap = { (segment: Int) in
            suits(
                segment, leaves: connectivity.leavesToMainInsideMap, enters: connectivity.entersFromMainInsideMap)
        }
        if insideMap(nearest.segment) { return nearest }
        let ownStreet = isOnMap(coordinate) || nearest.distanceMeters <= Self.ownStreetReachMeters
        let allowance =
            ownStreet
            ? min(maxDistanceMeters, nearest.distanceMeters + Self.connectedRoadAllowanceMeters) : maxDistanceMeters
        return snapper.nearest(
            to: coordinate, mode: mode, heading: heading, maxDistanceMeters: allowance, accept: insideMap) ?? nearest
    }

    /// How near a road of the map a waypoint outside the map's area must be for that road to be its street:
    /// guidance's default arrival radius, within which a driver stopped on a street has arrived at a place beside
    /// it. A point a few metres past the last node of a road the border cuts is on that road, as one just inside is,
    /// and is snapped by the same rule (the nearest usable road, or a connected one at most
    /// ``connectedRoadAllowanceMeters`` farther).
    public static let ownStreetReachMeters = 25.0

    /// Whether `coordinate` lies in the area the map's roads span, or less than ``connectedRoadAllowanceMeters``
    /// outside it.
    private func isOnMap(_ coordinate: Coordinate) -> Bool {
        let inside = Coordinate(
            latitude: min(max(coordinate.latitude, mapArea.minLatitude), mapArea.maxLatitude),
            longitude: min(max(coordinate.longitude, mapArea.minLongitude), mapArea.maxLongitude))
        return coordinate.distance(to: inside) <= Self.connectedRoadAllowanceMeters
    }

    /// Plans the route for `request`.
    /// - Parameter isCanceled: polled during long searches; when it returns true the result is `canceled`.
    public func route(_ request: RouteRequest, isCanceled: (@Sendable () -> Bool)? = nil) -> RouteResult {
        defer { networks.noteAnswer() }
        guard arrivingHierarchy.isExpected, request.options.algorithm == .automatic else {
            return plan(request, isCanceled: isCanceled)
        }
        // The hierarchy is on its way, so the reference search answers; a long trip on a large map takes it
        // seconds, so it stops when the hierarchy arrives (a long one waits for that) and the request is answered
        // on the hierarchy instead.
        let early = plan(request, isCanceled: arrivingHierarchy.stopWhenArrived(isCanceled: isCanceled))
        guard early.status == .canceled, isCanceled?() != true else { return early }
        return plan(request, isCanceled: isCanceled)
    }

    private func plan(_ request: RouteRequest, isCanceled: (@Sendable () -> Bool)?) -> RouteResult {
        let options = request.options
        guard !request.waypoints.isEmpty else {
            return RouteResult(status: .noWaypointsError, message: "No waypoints were given.")
        }
        guard request.waypoints.count >= 2 else {
            return RouteResult(status: .waypointError, message: "A route needs an origin and at least one destination.")
        }
        guard request.waypoints.count <= RouteRequest.maximumWaypoints else {
            let limit = RouteRequest.maximumWaypoints
            return RouteResult(
                status: .waypointError,
                message: "Too many waypoints: \(request.waypoints.count) given, at most \(limit) allowed.")
        }
        guard let network = networks.network(for: options.travelMode) else {
            return RouteResult(
                status: .travelModeUnsupported,
                message: "The map has no roads usable for \(options.travelMode.rawValue).")
        }
        var resolved: [ResolvedWaypoint] = []
        let last = request.waypoints.count - 1
        for (index, waypoint) in request.waypoints.enumerated() {
            let role: WaypointRole = index == 0 ? .origin : index == last ? .destination : .stop
            switch resolve(waypoint, mode: options.travelMode, role: role) {
            case .success(let value): resolved.append(value)
            case .failure(let failure):
                var result = RouteResult(status: failure.status, message: "Waypoint \(index): \(failure.message)")
                result.failedWaypointIndex = index
                return result
            }
        }
        for i in 1..<resolved.count
        where isDuplicate(request.waypoints[i - 1], request.waypoints[i], resolved[i - 1], resolved[i]) {
            return RouteResult(
                status: .duplicateWaypointsError, message: "Waypoints \(i - 1) and \(i) are the same place.")
        }

        // Taken once: a hierarchy arriving meanwhile serves the next request.
        let hierarchy = self.hierarchy
        let useHierarchy = options.algorithm == .automatic && hierarchy != nil
        // While new traffic is customized in the background the previous metric answers, and the whole request
        // then keeps to the traffic it was made for: its factors price the legs, and other avoid sets use only a
        // metric of that state, so no answer mixes two traffic states.
        let found = hierarchy.flatMap { hierarchy in
            useHierarchy
                ? customizedMetric(
                    for: options, network: network, avoidance: .none, hierarchy: hierarchy, previousWhileBuilding: true)
                : nil
        }
        let freeMetric = found?.customized
        let trafficFactors = freeMetric.map(\.factors) ?? factors(for: options.traffic)
        let landmarksValid =
            (trafficFactors?.allSatisfy { $0 <= 1 } ?? true)
            && (options.algorithm == .automatic || options.algorithm == .landmarks)
        let legHierarchy = hierarchy.flatMap { hierarchy in
            useHierarchy
                ? LegSearch.HierarchyRoute(
                    hierarchy: hierarchy,
                    metric: { avoidance in
                        if avoidance == .none, let freeMetric { return freeMetric.metric }
                        // Behind the traffic asked for: the reference search with the same factors answers.
                        guard found?.isCurrent != false else { return nil }
                        return self.customizedMetric(
                            for: options, network: network, avoidance: avoidance, hierarchy: hierarchy)?.customized
                            .metric
                    }, counter: legSearchCounter) : nil
        }
        do {
            return try pool.withWorkspace { workspace in
                var legs: [RouteLeg] = []
                var found: [(path: ArcPath, avoidance: Avoidance)] = []
                for i in 1..<resolved.count {
                    let search = LegSearch(
                        graph: graph, network: network, options: options, factors: trafficFactors,
                        useLandmarks: landmarksValid, isCanceled: isCanceled,
                        sources: sources(resolved[i - 1], network), targets: targets(resolved[i], network),
                        hierarchy: legHierarchy)
                    guard let leg = try search.run(workspace: &workspace) else {
                        var result = RouteResult(
                            status: .noRouteFound,
                            message: noRouteMessage(
                                from: resolved[i - 1], index: i - 1, to: resolved[i], network: network))
                        result.waypoints = resolved
                        return result
                    }
                    found.append(leg)
                    legs.append(
                        LegBuilder(graph: graph, mode: options.travelMode, factors: trafficFactors).leg(
                            leg.path, from: resolved[i - 1], to: resolved[i], isFinal: i == resolved.count - 1,
                            avoiding: options.avoidedRoads))
                }
                var routes = [Route(legs: legs)]
                if options.alternateRoutes != .noAlternates {
                    let wanted = options.alternateRoutes == .one ? 1 : 2
                    // Each alternative differs from the fastest route in one leg, so that a trip of several
                    // stops offers a choice for each leg; the fastest few are kept.
                    var alternatives: [Route] = []
                    for (index, best) in found.enumerated() {
                        let from = resolved[index]
                        let to = resolved[index + 1]
                        let finder = AlternativeRouteFinder(
                            graph: graph, network: network, avoidance: best.avoidance, trafficFactors: trafficFactors,
                            landmarksValid: landmarksValid,
                            timedRestrictions: graph.timedRestrictions.inForce(at: options.departure))
                        for path in try finder.alternatives(
                            to: best.path, sources: sources(from, network), targets: targets(to, network),
                            wanted: wanted, workspace: &workspace)
                        {
                            var alternative = legs
                            alternative[index] = LegBuilder(
                                graph: graph, mode: options.travelMode, factors: trafficFactors
                            ).leg(
                                path, from: from, to: to, isFinal: index == found.count - 1,
                                avoiding: options.avoidedRoads)
                            alternatives.append(Route(legs: alternative))
                        }
                    }
                    if found.count > 1 {
                        alternatives = Array(
                            alternatives.sorted { $0.durationSeconds < $1.durationSeconds }
                                .prefix(options.alternateRoutes == .one ? 1 : Self.maximumMultiStopAlternatives))
                    }
                    routes += alternatives
                }
                var result = RouteResult(status: .ok, message: "OK", routes: routes)
                result.waypoints = resolved
                return result
            }
        } catch {
            return RouteResult(status: .canceled, message: "The route request was canceled.")
        }
    }

    /// Why no leg joins two waypoints. Snapping only picks roads connected to the rest of the network, inside
    /// the map or beyond its edge, so a missing leg means one end is connected only beyond the edge.
    private func noRouteMessage(
        from origin: ResolvedWaypoint, index: Int, to destination: ResolvedWaypoint, network: ModeNetwork
    ) -> String {
        let mode = network.mode.rawValue
        let connectivity = network.connectivity
        func arcs(_ waypoint: ResolvedWaypoint) -> [Int] {
            let segment = waypoint.position.segment
            return [2 * segment, 2 * segment + 1].filter { network.weights[$0] != ModeNetwork.unreachable }
        }
        let start = arcs(origin)
        let end = arcs(destination)
        var reasons: [String] = []
        if !start.contains(where: connectivity.leavesToMainInsideMap) {
            reasons.append("the road at waypoint \(index) leads out of the map before it joins the rest of the network")
        }
        if !end.contains(where: connectivity.entersFromMainInsideMap) {
            reasons.append("the road at waypoint \(index + 1) can only be reached from beyond the edge of the map")
        }
        let base = "No \(mode) route connects waypoint \(index) to waypoint \(index + 1)"
        return reasons.isEmpty ? base + "." : base + " within the map: " + reasons.joined(separator: ", and ") + "."
    }

    /// Why a waypoint could not be used.
    public struct WaypointFailure: Error, Sendable, Equatable {
        public var status: RouteStatus
        public var message: String
    }

    /// Finds where a waypoint is and where it joins the network of `mode` (see ``snap(_:mode:role:heading:maxDistanceMeters:)``).
    public func resolve(_ waypoint: Waypoint, mode: TravelMode, role: WaypointRole = .stop)
        -> Result<ResolvedWaypoint, WaypointFailure>
    {
        var coordinate = waypoint.coordinate
        var fixedPosition: RoadPosition?
        if let placeID = waypoint.placeID {
            if placeID.hasPrefix("osm:node/"), let id = Int64(placeID.dropFirst("osm:node/".count)) {
                guard let node = graph.node(forOSMID: id) else {
                    return .failure(
                        WaypointFailure(status: .waypointError, message: "OSM node \(id) is not on the road network."))
                }
                coordinate = graph.coordinate(ofNode: node)
            } else if placeID.hasPrefix("osm:way/"), let id = Int64(placeID.dropFirst("osm:way/".count)) {
                guard let way = graph.way(forOSMID: id) else {
                    return .failure(
                        WaypointFailure(status: .waypointError, message: "OSM way \(id) is not a routable road."))
                }
                let segments = graph.segments(ofWay: way)
                let middle = segments.lowerBound + segments.count / 2
                let (a, b) = graph.endpoints(ofSegment: middle)
                let point = graph.coordinate(ofNode: a).interpolated(to: graph.coordinate(ofNode: b), fraction: 0.5)
                coordinate = point
                if graph.allows(mode, onArc: 2 * middle) || graph.allows(mode, onArc: 2 * middle + 1) {
                    fixedPosition = RoadPosition(segment: middle, fraction: 0.5, coordinate: point, distanceMeters: 0)
                }
            } else if let place = places[placeID] {
                coordinate = place.coordinate
            } else {
                return .failure(WaypointFailure(status: .waypointError, message: "Unknown place \"\(placeID)\"."))
            }
        }
        guard let coordinate else {
            return .failure(
                WaypointFailure(status: .waypointError, message: "The waypoint has neither coordinates nor a place id.")
            )
        }
        guard (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude) else {
            return .failure(WaypointFailure(status: .waypointError, message: "Coordinates out of range."))
        }
        if let fixedPosition {
            return .success(
                ResolvedWaypoint(
                    waypoint: waypoint, coordinate: coordinate, position: fixedPosition,
                    roadName: graph.roadName(ofWay: graph.way(ofSegment: fixedPosition.segment))))
        }
        let limit = Self.maximumSnapDistanceMeters
        guard let position = snap(coordinate, mode: mode, role: role, heading: waypoint.heading) else {
            return .failure(
                WaypointFailure(
                    status: .waypointError, message: "No road usable for \(mode.rawValue) within 5 km of the waypoint.")
            )
        }
        guard position.distanceMeters <= limit else {
            let distance = Int(position.distanceMeters.rounded())
            return .failure(
                WaypointFailure(
                    status: .waypointError,
                    message:
                        "The nearest road usable for \(mode.rawValue) is \(distance) m away (at most \(Int(limit)) m).")
            )
        }
        return .success(
            ResolvedWaypoint(
                waypoint: waypoint, coordinate: coordinate, position: position,
                roadName: graph.roadName(ofWay: graph.way(ofSegment: position.segment))))
    }

    private func isDuplicate(_ a: Waypoint, _ b: Waypoint, _ ra: ResolvedWaypoint, _ rb: ResolvedWaypoint) -> Bool {
        if let pa = a.placeID, let pb = b.placeID, pa == pb { return true }
        return ra.coordinate.distance(to: rb.coordinate) < 0.5
    }

    private func sources(_ waypoint: ResolvedWaypoint, _ network: ModeNetwork) -> [SearchEndpoint] {
        var result = segmentEndpoints(waypoint, network)
        // The heading picks the direction, unless that direction cannot get out to the rest of the network.
        if let preferred = waypoint.position.preferredArc, result.count > 1,
            network.connectivity.leavesToMainInsideMap(preferred)
        {
            return result.filter { Int($0.arc) == preferred }
        }
        // A waypoint at a junction may set off along any road that leaves it, as the driver would.
        if waypoint.position.preferredArc == nil,
            let node = junction(of: waypoint.position, within: Self.departureJunctionToleranceMeters)
        {
            for arc in graph.outgoingArcs(ofNode: node).map(Int.init)
            where network.weights[arc] != ModeNetwork.unreachable
                && !graph.flags(ofSegment: arc >> 1).contains(.restrictionCopy)
                && !result.contains(where: { Int($0.arc) == arc })
            {
                result.append(SearchEndpoint(arc: UInt32(arc), fraction: 0))
            }
        }
        return result
    }

    private func targets(_ waypoint: ResolvedWaypoint, _ network: ModeNetwork) -> [SearchEndpoint] {
        let direct = segmentEndpoints(waypoint, network)
        var result =
            direct
            + direct.flatMap { endpoint in
                (restrictionCopies[endpoint.arc] ?? []).map { SearchEndpoint(arc: $0, fraction: endpoint.fraction) }
            }
        // A waypoint at a junction is reached by any road into it, not only along the road it snapped to.
        if let node = junction(of: waypoint.position, within: Self.arrivalJunctionToleranceMeters) {
            for arc in graph.incomingArcs(ofNode: node).map(Int.init)
            where network.weights[arc] != ModeNetwork.unreachable && !result.contains(where: { Int($0.arc) == arc }) {
                result.append(SearchEndpoint(arc: UInt32(arc), fraction: 1))
            }
        }
        return result
    }

    /// Both directions of the waypoint's segment that the mode may use.
    private func segmentEndpoints(_ waypoint: ResolvedWaypoint, _ network: ModeNetwork) -> [SearchEndpoint] {
        let s = waypoint.position.segment
        var result: [SearchEndpoint] = []
        if network.weights[2 * s] != ModeNetwork.unreachable {
            result.append(SearchEndpoint(arc: UInt32(2 * s), fraction: waypoint.position.fraction))
        }
        if network.weights[2 * s + 1] != ModeNetwork.unreachable {
            result.append(SearchEndpoint(arc: UInt32(2 * s + 1), fraction: 1 - waypoint.position.fraction))
        }
        return result
    }

    /// How near (along its road) a destination or stop must be to a node for any road into that node to reach it:
    /// about a car's length. A driver who stops at the corner has reached a place a few metres round it, whichever
    /// street they came by; Valhalla's locator does the same within 5 m of a node (its `node_snap_tolerance`).
    /// Setting off is different: a vehicle a few metres along a road is either before the junction, where the search
    /// already turns wherever the turn is allowed, or past it, where the other roads are behind it; so an origin
    /// counts as at a junction only within ``departureJunctionToleranceMeters``.
    public static let arrivalJunctionToleranceMeters = 5.0

    /// How near a node an origin must be to set off along any road out of it (a point at the node itself).
    public static let departureJunctionToleranceMeters = 0.5

    /// The node a snapped position lies at (within `tolerance` metres of a segment's end, the nearer end of a short
    /// segment), where roads meet.
    private func junction(of position: RoadPosition, within tolerance: Double) -> Int? {
        let (from, to) = graph.endpoints(ofSegment: position.segment)
        let length = graph.lengthMeters(ofSegment: position.segment)
        let toFrom = position.fraction * length
        let toTo = (1 - position.fraction) * length
        guard min(toFrom, toTo) <= tolerance else { return nil }
        return toFrom <= toTo ? from : to
    }

    /// Customizes the hierarchy for `options` now (travel mode, avoid flags and traffic) and waits for it,
    /// so that requests with them find it ready. Without this, a large map customizes in the background on
    /// the first request with new traffic and answers with the reference search until it is done.
    /// A hierarchy still on its way to the router (see ``isPrepared``) is waited for first.
    /// - Returns: false when there is no hierarchy or the mode is not supported.
    @discardableResult
    public func prepare(_ options: RoutingOptions) -> Bool {
        _ = arrivingHierarchy.waitUntilSettled(seconds: .infinity)
        guard let hierarchy, let network = networks.network(for: options.travelMode) else { return false }
        return customizedMetric(for: options, network: network, avoidance: .none, hierarchy: hierarchy, wait: true) != nil
    }

    /// Starts customizing for `options` (travel mode and traffic; no avoid flags) on a large map, where that
    /// happens in the background, so the first request with them finds it done or under way; the key's previous
    /// metric answers meanwhile. Returns at once; small maps customize on their first request, as before.
    public func prepareInBackground(_ options: RoutingOptions) {
        guard let hierarchy, hierarchy.edgeCount > metrics.inlineEdgeLimit,
            let network = networks.network(for: options.travelMode)
        else { return }
        _ = customizedMetric(for: options, network: network, avoidance: .none, hierarchy: hierarchy)
    }

    /// Whether the hierarchy is customized for `options` (travel mode, avoid flags, traffic), so that the
    /// automatic search answers them at once: after ``prepare(_:)``, after requests with them, or because
    /// the map was loaded with a saved metric for them. Avoid flags count as their fastest-route metric.
    public func isCustomized(for options: RoutingOptions) -> Bool {
        guard hierarchy != nil else { return false }
        let key = MetricCache.Key(mode: options.travelMode, avoidedFlags: 0, forbiddenFlags: 0)
        return metrics.contains(key, traffic: options.traffic)
    }

    /// Whether the metric for `options` is customized and its pruned query graph made, so queries with them run
    /// at full speed (a metric customized in the background answers before its pruned graph is there).
    public func hasPrunedQueryGraph(for options: RoutingOptions) -> Bool {
        guard hierarchy != nil else { return false }
        let key = MetricCache.Key(mode: options.travelMode, avoidedFlags: 0, forbiddenFlags: 0)
        return metrics.current(key, traffic: options.traffic)?.metric.queryGraph != nil
    }

    /// The metric a map saves for `mode` (no avoid flags, no traffic), customized now if needed.
    func defaultMetric(for mode: TravelMode) -> HierarchyMetricFile.Saved? {
        guard let hierarchy, let network = networks.network(for: mode) else { return nil }
        let options = RoutingOptions(travelMode: mode)
        guard
            let found = customizedMetric(
                for: options, network: network, avoidance: .none, hierarchy: hierarchy, wait: true)
        else {
            return nil
        }
        return HierarchyMetricFile.Saved(
            travelMode: mode, identity: HierarchyMetricFile.identity(of: hierarchy), metric: found.customized.metric)
    }

    private func customizedMetric(
        for options: RoutingOptions, network: ModeNetwork, avoidance: Avoidance, hierarchy: ContractionHierarchy,
        wait: Bool = false, previousWhileBuilding: Bool = false
    ) -> MetricCache.Found? {
        let key = MetricCache.Key(
            mode: options.travelMode, avoidedFlags: avoidance.penalised, forbiddenFlags: avoidance.forbidden)
        // A metric customized in the background answers once its weights are final; its pruned query graph
        // follows. One made on the spot (small maps, ``prepare(_:)``, the metric saved with a map) has it at once.
        let inBackground = !wait && hierarchy.edgeCount > metrics.inlineEdgeLimit
        return metrics.metric(
            for: key, traffic: options.traffic, wait: wait, edgeCount: hierarchy.edgeCount,
            previousWhileBuilding: previousWhileBuilding
        ) { [self] in
            let factors = factors(for: options.traffic)
            let search = ShortestPathSearch(
                graph: graph, network: network, avoidedFlags: avoidance.penalised,
                forbiddenFlags: avoidance.forbidden, factors: factors, useLandmarks: false, bidirectional: true,
                isCanceled: nil)
            let turns = hierarchyTurns.turns(for: key) { HierarchyTurns(hierarchy: hierarchy, search: search) }
            return (
                factors,
                HierarchyMetric(
                    hierarchy: hierarchy, search: search, turns: turns, pruning: inBackground ? .inBackground : .now,
                    buffers: customizationBuffers)
            )
        }
    }

    /// Per-arc factors from per-way traffic factors (nil when there is no traffic).
    private func factors(for traffic: TrafficSpeedFactors) -> [Float]? {
        guard !traffic.isEmpty else { return nil }
        var factors = [Float](repeating: 1, count: graph.arcCount)
        var any = false
        for segment in 0..<graph.segmentCount {
            guard let factor = traffic.byWayID[graph.osmID(ofWay: graph.way(ofSegment: segment))] else { continue }
            let clamped = Float(min(10, max(0.05, factor)))
            factors[2 * segment] = clamped
            factors[2 * segment + 1] = clamped
            any = true
        }
        return any ? factors : nil
    }
}
