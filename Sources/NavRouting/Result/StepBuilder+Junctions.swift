import Foundation
import NavCore
import NavMap

/// Where a motor route's maneuvers start, and what each one is, read from the junctions along the path.
///
/// The conventions are those of the turn-by-turn narratives drivers know, measured against Valhalla's (issue 14):
/// a maneuver goes on through a junction while the road keeps one of its names and nothing there asks the
/// driver to choose; it ends at a fork, at a T junction, where a road of about the same importance goes on
/// straighter than the route, where the route leaves a road that another drivable road continues, and where the
/// name changes. A maneuver that only goes straight on under a new name is then said as part of the one before
/// it, unless another road went straighter there. Directions are taken as a driver sees them: over the first
/// 15 m of each road (more on main roads, whose junctions are wider; less on paths), never past the next
/// junction, in whole degrees.
extension StepBuilder {
    /// A road at a junction other than the two the route drives through it, as seen arriving on the route.
    struct CrossRoad {
        /// The turn onto it, clockwise in whole degrees from the heading the route arrives with (0 ..< 360).
        var degree: Int
        /// Whether the mode may leave the junction along it.
        var outbound: Bool
        /// Whether the mode may use it in either direction.
        var usable: Bool
        /// Whether the mode may arrive along it.
        var inbound: Bool
        /// The heading leaving along it, whole degrees.
        var heading: Int
        /// A road (not a path or a track), and whether it is part of a roundabout.
        var isRoad: Bool
        var isRoundabout: Bool
        var rank: Int
        var isLink: Bool
        var isTrack: Bool
        var isFerry: Bool
        /// Whether it carries one of the names of the road the route arrives on; read only for roads the mode may
        /// take within 20° of straight on, the only ones a fork by name needs (false for the others).
        var sharesApproachName: Bool
    }

    /// The route's passage through one junction.
    struct Junction {
        /// The route's own turn, clockwise in whole degrees (0 ..< 360).
        var degree: Int
        /// The headings arriving and leaving, in whole degrees.
        var arrival: Int
        var departure: Int
        var crossRoads: [CrossRoad]
        var approachRank: Int
        var departureRank: Int
        var approachIsMotorway: Bool
        var departureIsMotorway: Bool
        var approachIsLink: Bool
        var departureIsLink: Bool
        var approachIsOneWay: Bool
        var departureIsOneWay: Bool
        var approachNames: Set<String>
        var departureNames: Set<String>
    }

    /// Why a maneuver starts at a junction, where that matters for how it is said.
    enum ManeuverStart {
        case fork, tee, straighterRoad, other
    }

    /// Which way the driver goes on relative to the roads there: the turn's rough direction, moved to "keep
    /// left" or "keep right" where roads leave close to the route on one side only.
    enum RelativeDirection {
        case keepStraight, keepLeft, keepRight, left, right, reverse
    }

    // MARK: Reading a junction

    /// The importance of a road class, 0 for motorways to 7 for service roads, tracks and paths; links rank with
    /// the roads they belong to.
    static func rank(_ highway: HighwayClass) -> Int {
        switch highway {
        case .motorway, .motorwayLink: 0
        case .trunk, .trunkLink: 1
        case .primary, .primaryLink: 2
        case .secondary, .secondaryLink: 3
        case .tertiary, .tertiaryLink: 4
        case .unclassified: 5
        case .residential, .livingStreet, .road: 6
        case .service, .track, .busway, .cycleway, .path, .footway, .pedestrian, .steps, .bridleway, .ferry: 7
        }
    }

    /// How far along a road its direction is taken: 15 m, more on main roads, half on paths.
    static func headingDistance(_ highway: HighwayClass) -> Double {
        switch highway {
        case .motorway, .motorwayLink, .trunk, .trunkLink: 24
        case .primary, .primaryLink, .secondary, .secondaryLink, .tertiary, .tertiaryLink: 21
        case .cycleway, .path, .footway, .pedestrian, .steps, .bridleway: 7.5
        default: 15
        }
    }

    /// ``names(ofArc:)``, read once per way.
    func names(ofArc arc: Int, cache: inout [Int: Set<String>]) -> Set<String> {
        let way = graph.way(ofSegment: arc >> 1)
        if let known = cache[way] { return known }
        let found = names(ofArc: arc)
        cache[way] = found
        return found
    }

    /// The names a road is known by: its name and each of its reference numbers.
    func names(ofArc arc: Int) -> Set<String> {
        let way = graph.way(ofSegment: arc >> 1)
        let name = graph.name(ofWay: way)
        let ref = graph.ref(ofWay: way)
        var names: Set<String> = name.isEmpty ? [] : [name]
        guard !ref.isEmpty else { return names }
        for part in ref.split(separator: ";") {
            let trimmed = part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            if !trimmed.isEmpty { names.insert(String(trimmed)) }
        }
        return names
    }

    /// Calls `body` once with each segment at `node`, restriction copies left out, until it returns false. A
    /// segment is listed among the node's outgoing arcs when anyone may leave along it, else among the incoming
    /// ones only. Reads the adjacency arrays directly, without building a list: this runs for every node of a path.
    @inline(__always)
    func visitSegments(at node: Int, _ body: (Int) -> Bool) {
        for k in Int(graph.outOffsets[node])..<Int(graph.outOffsets[node + 1]) {
            let segment = Int(graph.outArcs[k]) >> 1
            if !graph.flags(ofSegment: segment).contains(.restrictionCopy) && !body(segment) { return }
        }
        for k in Int(graph.inOffsets[node])..<Int(graph.inOffsets[node + 1]) {
            let arc = Int(graph.inArcs[k])
            guard graph.arcModes[arc ^ 1] == 0, !graph.flags(ofSegment: arc >> 1).contains(.restrictionCopy) else {
                continue
            }
            if !body(arc >> 1) { return }
        }
    }

    /// The segments meeting at `node`, restriction copies left out.
    func segments(at node: Int) -> [Int] {
        var found: [Int] = []
        visitSegments(at: node) { segment in
            found.append(segment)
            return true
        }
        return found
    }

    /// At a node inside a road piece, the segment on the other side of `segment`.
    private func otherSegment(at node: Int, besides segment: Int) -> Int? {
        var other: Int?
        visitSegments(at: node) { found in
            if found != segment { other = found }
            return other == nil
        }
        return other
    }

    /// Whether a junction ends a road piece: where other than exactly two segments of one way meet.
    func isJunction(_ node: Int) -> Bool {
        var first = -1
        var second = -1
        var third = false
        visitSegments(at: node) { segment in
            if segment == first || segment == second { return true }
            if first < 0 {
                first = segment
            } else if second < 0 {
                second = segment
            } else {
                third = true
            }
            return !third
        }
        return third || second < 0 || graph.way(ofSegment: first) != graph.way(ofSegment: second)
    }

    /// The arc of `segment` that leaves `node`.
    func arc(of segment: Int, leaving node: Int) -> Int {
        graph.endpoints(ofSegment: segment).from == node ? 2 * segment : 2 * segment + 1
    }

    /// The direction a driver leaving along `arc` sees: towards the point `distance` metres along its road,
    /// or its next junction if that is nearer.
    func leavingHeading(_ arc: Int, distance: Double) -> Double {
        let start = graph.coordinate(ofNode: Int(graph.tail(ofArc: arc)))
        var arc = arc
        var walked = 0.0
        var point = start
        for _ in 0..<64 {
            let from = graph.coordinate(ofNode: Int(graph.tail(ofArc: arc)))
            let head = Int(graph.head(ofArc: arc))
            let to = graph.coordinate(ofNode: head)
            let length = graph.lengthMeters(ofSegment: arc >> 1)
            if walked + length >= distance, length > 0 {
                point = Self.interpolate(from, to, fraction: (distance - walked) / length)
                break
            }
            walked += length
            point = to
            guard !isJunction(head), let next = otherSegment(at: head, besides: arc >> 1) else { break }
            arc = self.arc(of: next, leaving: head)
        }
        return Self.shortBearing(start, point)
    }

    /// The direction from `a` to `b` over a few tens of metres, on the local plane: within a hundredth of a degree
    /// of the great circle at these distances, for a fifth of its trigonometry (every junction of a path needs
    /// several).
    static func shortBearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let east = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180)
        let north = b.latitude - a.latitude
        let degrees = atan2(east, north) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    static func interpolate(_ a: Coordinate, _ b: Coordinate, fraction: Double) -> Coordinate {
        Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * fraction)
    }

    static func wholeDegrees(_ bearing: Double) -> Int {
        let rounded = Int(bearing.rounded()) % 360
        return rounded < 0 ? rounded + 360 : rounded
    }

    static func turnDegree(from: Int, to: Int) -> Int { ((to - from) % 360 + 360) % 360 }

    /// The junctions of a path: for each path position that is a junction (see ``isJunction(_:)``), how the route
    /// passes through it; nil elsewhere.
    func junctions(arcs: [Int], path: Path) -> [Junction?] {
        var result = [Junction?](repeating: nil, count: arcs.count)
        guard arcs.count > 1 else { return result }
        var nameCache: [Int: Set<String>] = [:]
        // Path positions whose node ends a road piece: the bounds of each direction taken along the path.
        var ends = [0]
        for i in 1..<arcs.count where isJunction(Int(graph.tail(ofArc: arcs[i]))) { ends.append(i) }
        ends.append(arcs.count)
        for (k, i) in ends.enumerated() where k > 0 && k + 1 < ends.count {
            let a = arcs[i - 1]
            let b = arcs[i]
            let node = Int(graph.tail(ofArc: b))
            let fromClass = highwayClass(ofArc: a)
            let toClass = highwayClass(ofArc: b)
            let arriving =
                path.bearing(at: i, looking: -Self.headingDistance(fromClass), within: ends[k - 1]...i)
                ?? bearing(ofArc: a)
            let leaving =
                path.bearing(at: i, looking: Self.headingDistance(toClass), within: i...ends[k + 1]) ?? bearing(ofArc: b)
            let from = Self.wholeDegrees(arriving)
            let approachNames = names(ofArc: a, cache: &nameCache)
            var crossRoads: [CrossRoad] = []
            for segment in segments(at: node) where segment != a >> 1 && segment != b >> 1 {
                let out = arc(of: segment, leaving: node)
                let highway = highwayClass(ofArc: out)
                let degree = Self.turnDegree(
                    from: from, to: Self.wholeDegrees(leavingHeading(out, distance: Self.headingDistance(highway))))
                crossRoads.append(
                    CrossRoad(
                        degree: degree, outbound: graph.allows(mode, onArc: out),
                        usable: graph.allows(mode, onArc: out) || graph.allows(mode, onArc: out ^ 1),
                        inbound: graph.allows(mode, onArc: out ^ 1), heading: (from + degree) % 360,
                        isRoad: Self.roadGroup(highway) < 4 && highway != .track,
                        isRoundabout: graph.flags(ofSegment: segment).contains(.roundabout), rank: Self.rank(highway),
                        isLink: highway.isLink, isTrack: highway == .track,
                        isFerry: graph.flags(ofSegment: segment).contains(.ferry),
                        sharesApproachName: Self.isForkForward(degree) && graph.allows(mode, onArc: out)
                            && !approachNames.isDisjoint(with: names(ofArc: out, cache: &nameCache))))
            }
            result[i] = Junction(
                degree: Self.turnDegree(from: from, to: Self.wholeDegrees(leaving)), arrival: from,
                departure: Self.wholeDegrees(leaving), crossRoads: crossRoads,
                approachRank: Self.rank(fromClass), departureRank: Self.rank(toClass),
                approachIsMotorway: fromClass == .motorway, departureIsMotorway: toClass == .motorway,
                approachIsLink: fromClass.isLink, departureIsLink: toClass.isLink,
                approachIsOneWay: !graph.allows(mode, onArc: a ^ 1), departureIsOneWay: !graph.allows(mode, onArc: b ^ 1),
                approachNames: approachNames, departureNames: names(ofArc: b, cache: &nameCache))
        }
        return result
    }
}

// MARK: Crossings

extension StepBuilder {
    /// The longest piece of road inside a junction: between the carriageways of a divided road.
    static let longestPieceInsideJunction = 32.0

    /// Whether the path between the junctions at positions `start` and `end` lies inside one junction: a short
    /// road piece entered from a one-way carriageway (other than nearly straight on) and left onto a one-way
    /// carriageway, with no turn one way into it and the other way out of it (a jog onto another street), and
    /// no roundabout at either end. A maneuver through it is one turn, from the road before it to the road after.
    /// Read from the two junctions' roads, in their directions.
    func isInsideJunction(
        from start: Int, to end: Int, arcs: [Int], cumulative: [Double], near: Junction, far: Junction
    ) -> Bool {
        guard cumulative[end] - cumulative[start] <= Self.longestPieceInsideJunction, start > 0, end < arcs.count,
            Self.roadGroup(highwayClass(ofArc: arcs[start])) < 4,
            !(start - 1...end).contains(where: { graph.flags(ofSegment: arcs[$0] >> 1).contains(.roundabout) }),
            !near.crossRoads.contains(where: { $0.isRoundabout && $0.inbound }),
            !far.crossRoads.contains(where: { $0.isRoundabout && $0.outbound })
        else { return false }
        // Into the piece: the road the route arrives on and every other road the mode may arrive along.
        var entering = [Self.turnKind(near.degree)]
        var oneWayIn = near.approachIsOneWay && !near.approachIsLink && !Self.isRelativeStraight(near.degree)
        for road in near.crossRoads where road.inbound && road.isRoad {
            let degree = Self.turnDegree(from: (road.heading + 180) % 360, to: near.departure)
            entering.append(Self.turnKind(degree))
            if !road.outbound && !road.isLink && !Self.isRelativeStraight(degree) { oneWayIn = true }
        }
        // Out of it: the road the route leaves on and every other road the mode may leave by.
        var leaving = [Self.turnKind(far.degree)]
        var oneWayOut = far.departureIsOneWay && !far.departureIsLink && !Self.isRelativeStraight(far.degree)
        for road in far.crossRoads where road.outbound && road.isRoad {
            leaving.append(Self.turnKind(road.degree))
            if !road.inbound && !road.isLink && !Self.isRelativeStraight(road.degree) { oneWayOut = true }
        }
        guard oneWayIn, oneWayOut else { return false }
        func hasLeft(_ kinds: [TurnKind]) -> Bool { kinds.contains(.left) || kinds.contains(.sharpLeft) }
        func hasRight(_ kinds: [TurnKind]) -> Bool { kinds.contains(.right) || kinds.contains(.sharpRight) }
        return !(hasLeft(entering) && hasRight(leaving)) && !(hasRight(entering) && hasLeft(leaving))
            && !(hasLeft(leaving) && hasRight(leaving))
    }
}

// MARK: Angles

extension StepBuilder {
    /// Within 20° of straight on: the branches of a fork.
    static func isForkForward(_ degree: Int) -> Bool { degree > 339 || degree < 21 }
    /// Within 30°: going on rather than turning.
    static func isRelativeStraight(_ degree: Int) -> Bool { degree > 329 || degree < 31 }
    /// Within 45°: ahead.
    static func isForward(_ degree: Int) -> Bool { degree > 314 || degree < 46 }
    /// Within 55°: roughly ahead.
    static func isWiderForward(_ degree: Int) -> Bool { degree > 304 || degree < 56 }
    /// How far from straight on, 0 ... 180.
    static func offStraight(_ degree: Int) -> Int { degree > 180 ? 360 - degree : degree }

    enum TurnKind: Equatable {
        case straight, slightRight, right, sharpRight, reverse, sharpLeft, left, slightLeft
    }

    /// The kind of a turn of `degree` (clockwise, 0 ..< 360).
    static func turnKind(_ degree: Int) -> TurnKind {
        switch degree {
        case 11...44: .slightRight
        case 45...135: .right
        case 136...159: .sharpRight
        case 160...200: .reverse
        case 201...224: .sharpLeft
        case 225...315: .left
        case 316...349: .slightLeft
        default: .straight
        }
    }
}

// MARK: What a junction asks of the driver

extension StepBuilder.Junction {
    /// Roads on each side of the route's turn, those close to it (within 40°), and those the mode may leave by.
    struct SideCounts {
        var right = 0, rightClose = 0, rightOutbound = 0, rightCloseOutbound = 0
        var left = 0, leftClose = 0, leftOutbound = 0, leftCloseOutbound = 0
    }

    static let closeTurn = 40

    var sides: SideCounts {
        var counts = SideCounts()
        for road in crossRoads {
            let x = road.degree
            let onRight = degree > 180 ? (x > degree || x < 180) : (x > degree && x < 180)
            let onLeft = degree > 180 ? (x < degree && x > 180) : (x < degree || x > 180)
            if onRight {
                let close = (x - degree + 360) % 360 <= Self.closeTurn
                counts.right += 1
                if close { counts.rightClose += 1 }
                if road.outbound { counts.rightOutbound += 1 }
                if close && road.outbound { counts.rightCloseOutbound += 1 }
            } else if onLeft {
                let close = (degree - x + 360) % 360 <= Self.closeTurn
                counts.left += 1
                if close { counts.leftClose += 1 }
                if road.outbound { counts.leftOutbound += 1 }
                if close && road.outbound { counts.leftCloseOutbound += 1 }
            }
        }
        return counts
    }

    /// The turn onto the straightest road the mode may leave by (180 when there is none), or onto the
    /// straightest of all roads.
    func straightest(outboundOnly: Bool = true) -> Int {
        var best = 180
        for road in crossRoads where (road.outbound || !outboundOnly)
            && StepBuilder.offStraight(road.degree) < StepBuilder.offStraight(best)
        {
            best = road.degree
        }
        return best
    }

    /// Whether the route is the straightest way on: roughly ahead, and no other road more than 10° straighter.
    func routeIsStraightest(than other: Int) -> Bool {
        guard StepBuilder.isWiderForward(degree) else { return false }
        let route = StepBuilder.offStraight(degree)
        let best = StepBuilder.offStraight(other)
        return abs(route - best) > 10 ? route <= best : true
    }

    var isMotorwayThrough: Bool { approachIsMotorway && departureIsMotorway }

    func hasOutbound(_ condition: (StepBuilder.CrossRoad) -> Bool) -> Bool {
        crossRoads.contains { $0.outbound && condition($0) }
    }

    /// A road ahead, the mode may take it, and it is no more than two classes below the road arrived on.
    var hasSignificantRoadAhead: Bool {
        hasOutbound { StepBuilder.isForward($0.degree) && $0.rank - approachRank <= 2 }
    }

    /// The road splits: the route and one or two other roads go on within 20° of straight, either all of them
    /// at least as important as the road arrived on, or one keeping its name; or a motorway divides.
    var isFork: Bool {
        guard (1...2).contains(crossRoads.count) else { return false }
        if isMotorwayThrough && StepBuilder.isWiderForward(degree)
            && hasOutbound({ StepBuilder.isWiderForward($0.degree) && $0.rank == 0 && !$0.isLink })
        {
            return true
        }
        let plain = !approachIsLink && !departureIsLink
        guard plain, StepBuilder.isForkForward(degree) else { return false }
        if approachRank >= departureRank
            && crossRoads.allSatisfy({
                !$0.isLink && !$0.isFerry && $0.outbound && approachRank >= $0.rank && StepBuilder.isForkForward($0.degree)
            })
        {
            return true
        }
        let serviceRoads = approachRank == 7 || departureRank == 7
        return hasOutbound {
            StepBuilder.isForkForward($0.degree) && $0.sharesApproachName && !$0.isLink && !$0.isFerry
                && (serviceRoads || $0.rank != 7)
        }
    }

    /// Another road goes on ahead where the route turns, or one as important goes on straighter than the route.
    var hasStraighterRoad: Bool {
        guard !crossRoads.isEmpty, !isMotorwayThrough else { return false }
        if !StepBuilder.isForward(degree) {
            return hasOutbound { StepBuilder.isForward($0.degree) && !$0.isTrack }
        }
        return hasSignificantRoadAhead && !routeIsStraightest(than: straightest())
    }

    /// A T junction: one other road, the route turning one way and that road the other.
    func isTee(keepingName: Bool) -> Bool {
        guard crossRoads.count == 1, let road = crossRoads.first, road.usable else { return false }
        if keepingName && !hasOutbound({ !$0.isTrack }) { return false }
        switch (StepBuilder.turnKind(degree), StepBuilder.turnKind(road.degree)) {
        case (.right, .left), (.left, .right): return true
        default: return false
        }
    }

    /// Turning round on a road whose two carriageways are drawn apart, where no road the mode may take leaves
    /// on the side of the turn.
    var isUTurnBetweenCarriageways: Bool {
        guard approachIsOneWay, departureIsOneWay, !approachNames.isDisjoint(with: departureNames) else { return false }
        if degree > 179 && degree < 226 { return sides.leftOutbound == 0 }
        if degree > 134 && degree < 181 { return sides.rightOutbound == 0 }
        return false
    }

    /// Why a maneuver starts here, nil when the maneuver arriving goes on through (its names `continuing`).
    func maneuverStart(continuing names: Set<String>) -> StepBuilder.ManeuverStart? {
        if isFork { return .fork }
        if approachIsLink != departureIsLink { return .other }
        if approachIsLink { return StepBuilder.isForward(degree) ? nil : .other }
        if degree == 180 || isUTurnBetweenCarriageways { return .other }
        if hasStraighterRoad { return .straighterRoad }
        let keepsName = !approachNames.isDisjoint(with: names)
        if isTee(keepingName: keepsName) { return .tee }
        if !routeIsStraightest(than: straightest()) && !hasOutbound({ StepBuilder.isForward($0.degree) })
            && hasOutbound({ !$0.isTrack })
        {
            return .other
        }
        if keepsName { return nil }
        if names.isEmpty && approachNames.isEmpty
            && (crossRoads.isEmpty || routeIsStraightest(than: straightest(outboundOnly: false)))
        {
            return nil
        }
        return .other
    }

    /// The route's direction from its turn alone.
    var plainDirection: StepBuilder.RelativeDirection {
        switch degree {
        case 31...159: .right
        case 160...200: .reverse
        case 201...329: .left
        default: .keepStraight
        }
    }

    /// The route's direction relative to the roads here.
    func relativeDirection(isFork: Bool) -> StepBuilder.RelativeDirection {
        let counts = sides
        switch degree {
        case 0...30, 330...359:
            if counts.rightCloseOutbound == 0 && counts.leftCloseOutbound > 0 { return .keepRight }
            if counts.rightCloseOutbound > 0 && counts.leftCloseOutbound == 0 { return .keepLeft }
            let straightest = routeIsStraightest(than: straightest())
            if counts.leftCloseOutbound == 0 && counts.leftOutbound > 0 && counts.rightOutbound == 0
                && (!straightest || isFork)
            {
                return .keepRight
            }
            if counts.rightCloseOutbound == 0 && counts.rightOutbound > 0 && counts.leftOutbound == 0
                && (!straightest || isFork)
            {
                return .keepLeft
            }
            return .keepStraight
        case 31...159:
            let slight = StepBuilder.turnKind(degree) == .slightRight
            return slight && hasOutbound({ StepBuilder.turnKind($0.degree) == .right }) ? .keepRight : .right
        case 160...200:
            return .reverse
        default:
            let slight = StepBuilder.turnKind(degree) == .slightLeft
            return slight && hasOutbound({ StepBuilder.turnKind($0.degree) == .left }) ? .keepLeft : .left
        }
    }

    /// The maneuver for a start here; `.continue` for going on (which is said with the maneuver before unless a
    /// road went straighter).
    func maneuver(start: StepBuilder.ManeuverStart, direction: StepBuilder.RelativeDirection) -> Maneuver {
        if start == .fork {
            switch direction {
            case .keepRight, .right: return .forkRight
            case .keepLeft, .left: return .forkLeft
            default: return .continue
            }
        }
        let counts = sides
        switch StepBuilder.turnKind(degree) {
        case .straight:
            guard direction == .keepRight || direction == .keepLeft,
                hasOutbound({
                    StepBuilder.isRelativeStraight($0.degree) && StepBuilder.isRelativeStraight(degree)
                        && abs(StepBuilder.offStraight(Int(StepBuilder.turnDegree(from: degree, to: $0.degree))))
                            <= 30 && $0.rank - approachRank <= 2
                })
            else { return .continue }
            if departureIsMotorway || hasOutbound({ StepBuilder.isForward($0.degree) && $0.isLink }) {
                return .continue
            }
            return direction == .keepRight ? .slightRight : .slightLeft
        case .slightRight:
            let goesOn =
                direction == .keepStraight && !hasSignificantRoadAhead
                && (counts.right > 0 || (counts.right == 0 && counts.left == 0))
            return goesOn ? .continue : .slightRight
        case .slightLeft:
            let goesOn =
                direction == .keepStraight && !hasSignificantRoadAhead
                && (counts.left > 0 || (counts.right == 0 && counts.left == 0))
            return goesOn ? .continue : .slightLeft
        case .right:
            return sideTurn(toward: 90, plain: .turnRight, gentle: .slightRight, sharp: .sharpRight)
        case .left:
            return sideTurn(toward: 270, plain: .turnLeft, gentle: .slightLeft, sharp: .sharpLeft)
        case .sharpRight: return .sharpRight
        case .sharpLeft: return .sharpLeft
        case .reverse: return .uTurn
        }
    }

    /// A turn to one side: plain where the route is the road closest to square on that side (or no other road
    /// may be taken); else gentler or sharper when no road the mode may take is of that kind.
    private func sideTurn(toward square: Int, plain: Maneuver, gentle: Maneuver, sharp: Maneuver) -> Maneuver {
        let outbound = crossRoads.filter(\.outbound)
        guard !outbound.isEmpty else { return plain }
        func off(_ x: Int) -> Int { StepBuilder.offStraight(StepBuilder.turnDegree(from: square, to: x)) }
        var squarest = degree
        for road in outbound where off(road.degree) < off(squarest) { squarest = road.degree }
        if squarest == degree { return plain }
        let right = square == 90
        let gentler = right ? degree < squarest : degree > squarest
        let gentleKind: StepBuilder.TurnKind = right ? .slightRight : .slightLeft
        let sharpKind: StepBuilder.TurnKind = right ? .sharpRight : .sharpLeft
        if gentler && !outbound.contains(where: { StepBuilder.turnKind($0.degree) == gentleKind }) { return gentle }
        if !gentler && !outbound.contains(where: { StepBuilder.turnKind($0.degree) == sharpKind }) { return sharp }
        return plain
    }
}

// MARK: The maneuvers of a path

extension StepBuilder {
    /// The maneuvers at a motor route's ordinary junctions (not on links, roundabouts or ferries, which the step
    /// builder reads itself), decided once for the whole path: where maneuvers start needs the names of the
    /// road ahead, and whether one is said on its own needs the one before it.
    struct JunctionPlan {
        /// The maneuver at each path position that has one, and the position whose road it leads onto.
        private var steps: [Int: (maneuver: Maneuver, onto: Int)] = [:]
        private var junctions: [Junction?] = []
        /// Path positions on links that make a road of their own between ordinary roads: a two-way link, or links
        /// of 200 m or more (Valhalla's ramps; shorter one-way links are its turn channels, part of the turn they
        /// serve). Links to and from fast roads keep their own rules (ramps, exits, merges).
        private var roadOfLinks = Set<Int>()

        /// The longest one-way link between ordinary roads that is part of the turn it serves.
        static let longestTurnChannel = 200.0

        init(builder: StepBuilder, arcs: [Int], path: Path) {
            let junctions = builder.junctions(arcs: arcs, path: path)
            self.junctions = junctions
            var start = 0
            while start < arcs.count {
                guard builder.highwayClass(ofArc: arcs[start]).isLink else {
                    start += 1
                    continue
                }
                var end = start
                while end < arcs.count && builder.highwayClass(ofArc: arcs[end]).isLink { end += 1 }
                let run = start..<end
                let fast =
                    run.contains { [.motorwayLink, .trunkLink].contains(builder.highwayClass(ofArc: arcs[$0])) }
                    || (start > 0 && builder.isFastRoad(arcs[start - 1])) || (end < arcs.count && builder.isFastRoad(arcs[end]))
                let twoWay = run.contains { builder.graph.allows(builder.mode, onArc: arcs[$0] ^ 1) }
                if !fast && (twoWay || path.cumulative[end] - path.cumulative[start] >= Self.longestTurnChannel) {
                    roadOfLinks.formUnion(run)
                }
                start = end
            }
            func special(_ arc: Int) -> RoadGraph.SegmentFlags {
                builder.graph.flags(ofSegment: arc >> 1).intersection([.roundabout, .ferry])
            }
            // Pieces of road inside a junction, by the path positions of their two ends.
            var insideJunction: [Int: Int] = [:]
            let placed = junctions.enumerated().compactMap { entry in entry.element.map { (entry.offset, $0) } }
            for (near, far) in zip(placed, placed.dropFirst())
            where builder.isInsideJunction(
                from: near.0, to: far.0, arcs: arcs, cumulative: path.cumulative, near: near.1, far: far.1)
            {
                insideJunction[near.0] = far.0
            }
            let insideEnds = Set(insideJunction.values)
            // From the end back: where each maneuver starts, and the names it is known by all along.
            var starts = [ManeuverStart?](repeating: nil, count: arcs.count)
            var startNames = [Set<String>](repeating: [], count: arcs.count)
            var names = arcs.last.map(builder.names(ofArc:)) ?? []
            for i in stride(from: arcs.count - 1, to: 0, by: -1) {
                guard let junction = junctions[i] else { continue }
                let forced = special(arcs[i - 1]) != special(arcs[i]) || insideJunction[i] != nil || insideEnds.contains(i)
                let start = forced ? ManeuverStart.other : junction.maneuverStart(continuing: names)
                if let start {
                    starts[i] = start
                    startNames[i] = names
                    names = junction.approachNames
                } else if !junction.approachNames.isDisjoint(with: names) && junction.approachNames != names {
                    names = junction.approachNames.intersection(names)
                }
            }
            // From the start on: each maneuver, unless it only goes on from the one before.
            var current = names
            var skipped: Int?
            for i in 1..<max(1, arcs.count) {
                guard let start = starts[i], var junction = junctions[i] else { continue }
                if i == skipped {
                    current = startNames[i]
                    continue
                }
                let own = startNames[i]
                let ordinary =
                    special(arcs[i - 1]).isEmpty && special(arcs[i]).isEmpty && !junction.approachIsLink
                    && !junction.departureIsLink && arcs[i] != arcs[i - 1] ^ 1
                guard ordinary else {
                    current = own
                    continue
                }
                if let end = insideJunction[i], let far = junctions[end] {
                    // Through a junction with its inside piece: one turn, from the road before to the road after.
                    skipped = end
                    junction.degree = StepBuilder.turnDegree(from: junction.arrival, to: far.departure)
                    let maneuver = junction.maneuver(start: .other, direction: junction.plainDirection)
                    if maneuver != .continue { steps[i] = (maneuver, end) }
                    continue
                }
                let direction = junction.relativeDirection(isFork: start == .fork)
                let maneuver = junction.maneuver(start: start, direction: direction)
                if start == .other && direction == .keepStraight {
                    let common = current.intersection(own)
                    if !common.isEmpty {
                        current = common
                        continue
                    }
                    if current.isEmpty && own.isEmpty { continue }
                }
                if start == .other && maneuver == .continue && !builder.nameChangeMatters(from: arcs[i - 1], to: arcs[i]) {
                    if current.isEmpty { current = own }
                    continue
                }
                steps[i] = (maneuver, i)
                current = own
            }
        }

        /// Whether path position `i` is on links that make a road of their own.
        func isOnRoadOfLinks(_ i: Int) -> Bool { roadOfLinks.contains(i) }

        /// The maneuver at path position `i` where the route enters, follows or leaves links that make a road of
        /// their own: entering is a step ("Keep right" where a road goes on close beside, else the turn it takes),
        /// following them is none (their bends, hairpins included, leave the driver no choice: said, they crowded
        /// the prompts of a Monaco ramp at 100 km/h past naming the turn after it in time), and leaving is read as
        /// at any junction.
        func linkManeuver(at i: Int) -> Maneuver? {
            guard let junction = junctions[i] else { return nil }
            let direction = junction.relativeDirection(isFork: false)
            switch (roadOfLinks.contains(i - 1), roadOfLinks.contains(i)) {
            case (false, true):
                // Said as the direction it takes, not as a ramp: these are streets' links in town (calling one a
                // ramp is the fault of Valhalla's narrative that issue 14 names).
                switch direction {
                case .keepLeft: return .forkLeft
                case .keepRight: return .forkRight
                default:
                    return StepBuilder.turn(Double(junction.degree > 180 ? junction.degree - 360 : junction.degree)) ?? .continue
                }
            case (true, true):
                return nil
            default:
                let maneuver = junction.maneuver(start: .other, direction: direction)
                return maneuver == .continue ? nil : maneuver
            }
        }

        /// The maneuver starting at path position `i` and the position of the road it leads onto, nil where the
        /// driver just goes on.
        func maneuver(at i: Int) -> (maneuver: Maneuver, onto: Int)? { steps[i] }
    }
}
