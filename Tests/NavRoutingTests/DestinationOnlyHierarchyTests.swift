import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Legs that start or end on Helsinki's destination-only streets (gated yards, pedestrian-zone service roads,
/// private courtyards) are answered on the contraction hierarchy and cost exactly what plain Dijkstra finds:
/// inside one zone, out of a zone, into a zone, from zone to zone, with avoid flags and traffic, over several
/// waypoints and with alternatives.
@Suite struct DestinationOnlyHierarchyTests {
    /// The destination-only segments of one connected zone (segments sharing a node belong together).
    struct Zone {
        var segments: [Int]
    }

    static func zones(_ graph: RoadGraph, mode: TravelMode) -> [Zone] {
        var parent = Array(0..<graph.nodeCount)
        func root(_ node: Int) -> Int {
            var node = node
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }
        var restricted: [Int] = []
        for segment in 0..<graph.segmentCount
        where graph.isRestricted(mode, onArc: 2 * segment) || graph.isRestricted(mode, onArc: 2 * segment + 1) {
            restricted.append(segment)
            let (a, b) = graph.endpoints(ofSegment: segment)
            parent[root(a)] = root(b)
        }
        var byRoot: [Int: [Int]] = [:]
        for segment in restricted {
            byRoot[root(graph.endpoints(ofSegment: segment).from), default: []].append(segment)
        }
        return byRoot.keys.sorted().compactMap { key in byRoot[key].map(Zone.init) }
    }

    static func middle(of segment: Int, _ graph: RoadGraph) -> Coordinate {
        let (a, b) = graph.endpoints(ofSegment: segment)
        return graph.coordinate(ofNode: a).interpolated(to: graph.coordinate(ofNode: b), fraction: 0.5)
    }

    /// Seeded trips: within one zone, out of a zone, into one, and from one zone to another.
    static func trips(_ graph: RoadGraph, zones: [Zone], seed: UInt64, perKind: Int) -> [[Coordinate]] {
        var random = SeededGenerator(seed: seed)
        func anyZone() -> Zone { zones[Int(random.next() % UInt64(zones.count))] }
        func point(in zone: Zone) -> Coordinate {
            middle(of: zone.segments[Int(random.next() % UInt64(zone.segments.count))], graph)
        }
        func anywhere() -> Coordinate { graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount))) }
        var trips: [[Coordinate]] = []
        let larger = zones.filter { $0.segments.count >= 3 }
        for _ in 0..<perKind where !larger.isEmpty {
            let zone = larger[Int(random.next() % UInt64(larger.count))]
            trips.append([point(in: zone), point(in: zone)])
        }
        for _ in 0..<perKind { trips.append([point(in: anyZone()), anywhere()]) }
        for _ in 0..<perKind { trips.append([anywhere(), point(in: anyZone())]) }
        for _ in 0..<perKind { trips.append([point(in: anyZone()), point(in: anyZone())]) }
        return trips.filter { $0[0].distance(to: $0[1]) > 1 }
    }

    /// Compares the automatic search with Dijkstra on every trip; returns how many routes were found and how
    /// many of them drive on destination-only arcs.
    static func expectExact(
        _ router: Router, _ options: RoutingOptions, trips: [[Coordinate]],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (found: Int, usingRestricted: Int) {
        var found = 0
        var usingRestricted = 0
        let graph = router.graph
        for stops in trips {
            let waypoints = stops.map { Waypoint(coordinate: $0) }
            let fast = router.route(RouteRequest(waypoints: waypoints, options: options))
            var reference = options
            reference.algorithm = .dijkstra
            let slow = router.route(RouteRequest(waypoints: waypoints, options: reference))
            #expect(fast.status == slow.status, "\(stops)", sourceLocation: sourceLocation)
            guard fast.status == .ok, slow.status == .ok else { continue }
            found += 1
            #expect(fast.routes[0].cost == slow.routes[0].cost, "\(stops)", sourceLocation: sourceLocation)
            for leg in fast.routes[0].legs {
                let restricted = leg.arcs.map { graph.isRestricted(options.travelMode, onArc: $0) }
                #expect(ThroughTrafficRule.allows(restricted), "\(stops)", sourceLocation: sourceLocation)
                if restricted.contains(true) { usingRestricted += 1 }
            }
        }
        return (found, usingRestricted)
    }

    /// Per-way factors from 0.3 to 1.8 on a third of the ways: traffic slower and faster than free flow.
    static func traffic(_ graph: RoadGraph, seed: UInt64) -> TrafficSpeedFactors {
        var random = SeededGenerator(seed: seed)
        var traffic = TrafficSpeedFactors()
        for way in 0..<graph.wayCount where random.nextUnit() < 0.3 {
            traffic.byWayID[graph.osmID(ofWay: way)] = 0.3 + 1.5 * random.nextUnit()
        }
        return traffic
    }

    @Test func drivingLegsAtDestinationOnlyStreetsMatchDijkstra() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let zones = Self.zones(router.graph, mode: .driving)
        // Helsinki has 9 connected groups of destination-only streets once the untagged streets behind their gates
        // count too (DestinationOnlyZones joins some tunnel ramps into one zone).
        #expect(zones.count >= 8)
        let trips = Self.trips(router.graph, zones: zones, seed: 7, perKind: 40)
        let before = router.legSearchCounts
        // Saturday noon: Helsinki's one time-windowed sign (weekdays 07–18 at the north end of Pitkäsilta) is not
        // in force, so no leg is handed to the reference search for making its turn (TimedRestrictionTests).
        let saturdayNoon = WeekTime(weekday: 5, minute: 12 * 60)
        let result = Self.expectExact(
            router, RoutingOptions(travelMode: .driving, departure: saturdayNoon), trips: trips)
        let after = router.legSearchCounts
        #expect(result.found >= trips.count * 3 / 4)
        // The trips do exercise the rule: many of them drive on destination-only streets.
        #expect(result.usingRestricted >= trips.count / 4)
        // Every automatic leg was answered on the hierarchy, none by the reference search.
        #expect(after.onHierarchy - before.onHierarchy >= result.found)
        #expect(after.fallbacks == 0)
    }

    @Test func avoidFlagsAndTrafficAtDestinationOnlyStreetsMatchDijkstra() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let zones = Self.zones(router.graph, mode: .driving)
        let trips = Self.trips(router.graph, zones: zones, seed: 8, perKind: 15)
        let options = RoutingOptions(
            travelMode: .driving, avoidsHighways: true, avoidsTolls: true, avoidsFerries: true,
            traffic: Self.traffic(router.graph, seed: 3))
        let result = Self.expectExact(router, options, trips: trips)
        #expect(result.found >= trips.count * 3 / 4)
        #expect(router.legSearchCounts.fallbacks == 0)
    }

    @Test func tripsThroughSeveralZonesMatchDijkstra() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let graph = router.graph
        let zones = Self.zones(graph, mode: .driving)
        let legs = Self.trips(graph, zones: zones, seed: 9, perKind: 12)
        // Out of one zone, to a stop in another, and back into the first one's streets.
        var trips: [[Coordinate]] = []
        for i in stride(from: 0, to: legs.count - 1, by: 2) {
            let trip: [Coordinate] = [legs[i][0], legs[i + 1][1], legs[i][1]]
            if trip[1].distance(to: trip[2]) > 1 { trips.append(trip) }
        }
        let result = Self.expectExact(router, RoutingOptions(travelMode: .driving), trips: trips)
        #expect(result.found >= trips.count / 2)
    }

    @Test func alternativesAtDestinationOnlyStreetsStartWithTheFastestRoute() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let zones = Self.zones(router.graph, mode: .driving)
        var found = 0
        for stops in Self.trips(router.graph, zones: zones, seed: 10, perKind: 4) {
            let waypoints = stops.map { Waypoint(coordinate: $0) }
            let options = RoutingOptions(travelMode: .driving, alternateRoutes: .all)
            let result = router.route(RouteRequest(waypoints: waypoints, options: options))
            let reference = router.route(
                RouteRequest(waypoints: waypoints, options: RoutingOptions(travelMode: .driving, algorithm: .dijkstra)))
            #expect(result.status == reference.status)
            guard result.status == .ok, reference.status == .ok else { continue }
            found += 1
            #expect(result.routes[0].cost == reference.routes[0].cost)
            for alternative in result.routes.dropFirst() {
                #expect(alternative.cost >= result.routes[0].cost)
                let restricted = alternative.legs[0].arcs.map { router.graph.isRestricted(.driving, onArc: $0) }
                #expect(ThroughTrafficRule.allows(restricted))
            }
        }
        #expect(found >= 8)
    }

    @Test(arguments: [TravelMode.cycling, .walking])
    func otherModesAtTheirDestinationOnlyWaysMatchDijkstra(_ mode: TravelMode) throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let zones = Self.zones(router.graph, mode: mode)
        guard !zones.isEmpty else { return }
        let trips = Self.trips(router.graph, zones: zones, seed: 11, perKind: 8)
        let result = Self.expectExact(router, RoutingOptions(travelMode: mode), trips: trips)
        #expect(result.found >= trips.count / 2)
    }

    // MARK: A generated town with gated blocks

    /// A 12 × 12 grid of 120 m blocks: fast avenues every fourth street, slow residential streets (some one-way,
    /// some missing), six gated 2 × 2-block estates and scattered private driveways (destination-only for cars
    /// and bikes in various tags), and random turn restrictions, including inside and at the gates of estates.
    static func gatedTown(seed: UInt64) throws -> RoadGraph {
        var random = SeededGenerator(seed: seed)
        let side = 12
        func id(_ row: Int, _ column: Int) -> Int64 { Int64(row * 100 + column + 1) }
        var osm = OSMFixture()
        for row in 0..<side {
            for column in 0..<side { osm.node(id(row, column), x: Double(column) * 120, y: Double(row) * 120) }
        }
        var estates: [(row: Int, column: Int)] = []
        for _ in 0..<6 {
            estates.append((1 + Int(random.next() % UInt64(side - 4)), 1 + Int(random.next() % UInt64(side - 4))))
        }
        func inEstate(_ r: Int, _ c: Int) -> Bool {
            estates.contains { (($0.row)...($0.row + 2)).contains(r) && (($0.column)...($0.column + 2)).contains(c) }
        }
        let gates = [
            ["motor_vehicle": "destination"], ["access": "private"], ["vehicle": "delivery"],
            ["access": "destination"], ["motorcar": "customers"],
        ]
        var ways: [(id: Int64, from: Int64, to: Int64)] = []
        var wayID: Int64 = 1_000
        func street(_ r1: Int, _ c1: Int, _ r2: Int, _ c2: Int) {
            let avenue = (r1 == r2 && r1 % 4 == 0) || (c1 == c2 && c1 % 4 == 0)
            var tags = ["highway": avenue ? "secondary" : "residential", "name": "Street \(wayID)"]
            if inEstate(r1, c1) && inEstate(r2, c2) {
                tags["highway"] = "service"
                tags.merge(gates[Int(random.next() % UInt64(gates.count))]) { a, _ in a }
            } else if !avenue {
                let roll = random.nextUnit()
                if roll < 0.08 { return }
                if roll < 0.14 { tags.merge(gates[Int(random.next() % UInt64(gates.count))]) { a, _ in a } }
                if roll > 0.85 { tags["oneway"] = "yes" }
            }
            wayID += 1
            osm.way(wayID, [id(r1, c1), id(r2, c2)], tags)
            ways.append((wayID, id(r1, c1), id(r2, c2)))
        }
        for row in 0..<side {
            for column in 0..<side {
                if column + 1 < side { street(row, column, row, column + 1) }
                if row + 1 < side { street(row, column, row + 1, column) }
            }
        }
        var relationID: Int64 = 9_000
        for _ in 0..<40 {
            let a = ways[Int(random.next() % UInt64(ways.count))]
            let via = random.next() % 2 == 0 ? a.from : a.to
            let candidates = ways.filter { $0.id != a.id && ($0.from == via || $0.to == via) }
            guard !candidates.isEmpty else { continue }
            let b = candidates[Int(random.next() % UInt64(candidates.count))]
            relationID += 1
            let kind = random.next() % 4 == 0 ? "only_straight_on" : "no_left_turn"
            osm.restriction(relationID, kind, from: a.id, viaNode: via, to: b.id)
        }
        return try osm.graph()
    }

    /// Trips between points on the town's streets, half of them inside or between estates.
    static func townTrips(_ graph: RoadGraph, mode: TravelMode, seed: UInt64, count: Int) -> [[Coordinate]] {
        var random = SeededGenerator(seed: seed)
        let zones = Self.zones(graph, mode: mode)
        func anywhere() -> Coordinate {
            let segment = Int(random.next() % UInt64(graph.segmentCount))
            let (a, b) = graph.endpoints(ofSegment: segment)
            let fraction = random.nextUnit()
            return graph.coordinate(ofNode: a).interpolated(to: graph.coordinate(ofNode: b), fraction: fraction)
        }
        func restricted() -> Coordinate {
            let zone = zones[Int(random.next() % UInt64(zones.count))]
            let segment = zone.segments[Int(random.next() % UInt64(zone.segments.count))]
            let (a, b) = graph.endpoints(ofSegment: segment)
            let fraction = random.nextUnit()
            return graph.coordinate(ofNode: a).interpolated(to: graph.coordinate(ofNode: b), fraction: fraction)
        }
        var trips: [[Coordinate]] = []
        while trips.count < count {
            let trip: [Coordinate]
            switch random.next() % 4 {
            case 0: trip = [anywhere(), anywhere()]
            case 1: trip = [restricted(), anywhere()]
            case 2: trip = [anywhere(), restricted()]
            default: trip = [restricted(), restricted()]
            }
            if trip[0].distance(to: trip[1]) > 1 { trips.append(trip) }
        }
        return trips
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func gatedTownLegsMatchDijkstra(seed: UInt64) throws {
        let graph = try Self.gatedTown(seed: seed)
        #expect(graph.hasRestrictedArcs(for: .driving))
        let router = Router(graph: graph, modes: [.driving, .cycling], landmarkCount: 4)
        let trips = Self.townTrips(graph, mode: .driving, seed: seed, count: 120)
        let free = Self.expectExact(router, RoutingOptions(travelMode: .driving), trips: trips)
        #expect(free.found >= trips.count / 2)
        #expect(free.usingRestricted >= trips.count / 4)
        let slowAndFast = Self.traffic(graph, seed: seed)
        let traffic = Self.expectExact(router, RoutingOptions(travelMode: .driving, traffic: slowAndFast), trips: trips)
        #expect(traffic.found == free.found)
        let stops = Self.townTrips(graph, mode: .driving, seed: seed + 100, count: 30)
        var multi: [[Coordinate]] = []
        for i in stride(from: 0, to: stops.count - 1, by: 2) {
            let trip: [Coordinate] = [stops[i][0], stops[i][1], stops[i + 1][0], stops[i + 1][1]]
            if zip(trip, trip.dropFirst()).allSatisfy({ $0.distance(to: $1) > 1 }) { multi.append(trip) }
        }
        _ = Self.expectExact(router, RoutingOptions(travelMode: .driving), trips: multi)
        let bikes = Self.townTrips(graph, mode: .cycling, seed: seed, count: 40)
        _ = Self.expectExact(router, RoutingOptions(travelMode: .cycling), trips: bikes)
        #expect(router.legSearchCounts.fallbacks == 0)
        #expect(router.legSearchCounts.onHierarchy >= free.found + traffic.found)
    }

    /// A region whose gated estates are whole residential pockets (up to 81 intersections behind two open
    /// entries per side): large destination-only stretches at both ends of a leg.
    @Test func gatedPocketsOfARegionMatchDijkstra() throws {
        let graph = try RegionalNetwork(nodeCount: 3_600, seed: 5, gatedShare: 0.4).graph()
        let zones = Self.zones(graph, mode: .driving)
        #expect(zones.contains { $0.segments.count > 60 })
        let router = Router(graph: graph, modes: [.driving], landmarkCount: 0)
        let trips = Self.townTrips(graph, mode: .driving, seed: 21, count: 80)
        let free = Self.expectExact(router, RoutingOptions(travelMode: .driving), trips: trips)
        #expect(free.found >= trips.count * 3 / 4)
        #expect(free.usingRestricted >= trips.count / 2)
        let traffic = Self.traffic(graph, seed: 22)
        let avoiding = RoutingOptions(travelMode: .driving, avoidsTolls: true, traffic: traffic)
        _ = Self.expectExact(router, avoiding, trips: trips)
        #expect(router.legSearchCounts.fallbacks == 0)
    }
}
