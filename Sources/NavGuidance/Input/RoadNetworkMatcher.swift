public import NavCore

/// Places positions on the road network while the vehicle is not on its route (off it, or driving
/// without one).
///
/// The engine stays free of maps; the adapter backs this with the map's spatial index and graph. The
/// engine's ``HiddenMarkovMatcher`` asks for ``candidates(near:within:limit:)`` and
/// ``networkDistances(from:to:maximum:)``; a matcher that offers only ``match(latitude:longitude:heading:)``
/// gets single-candidate answers, which make the filter a nearest-road snapper.
public protocol RoadNetworkMatcher: Sendable {
    /// Finds the road a position most likely lies on.
    /// - Parameters:
    ///   - latitude: Latitude of the raw position in degrees.
    ///   - longitude: Longitude of the raw position in degrees.
    ///   - heading: Direction of travel in degrees, when known, to prefer roads running that way.
    /// - Returns: The match, or `nil` when no road is near enough.
    func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch?

    /// Directed road positions near a point, one per usable direction of each nearby road, nearest first.
    /// - Parameters:
    ///   - position: The raw position.
    ///   - radius: Metres within which roads count.
    ///   - limit: Most candidates to return.
    func candidates(near position: Coordinate, within radius: Double, limit: Int) -> [RoadCandidate]

    /// The ``candidates(near:within:limit:)`` and besides them the nearest position of up to `otherRoads` roads
    /// (a road in one direction) those leave out, nearest first: the hidden Markov matcher's candidates, so that
    /// a road drawn with many short segments near the point cannot fill every place.
    func candidates(near position: Coordinate, within radius: Double, limit: Int, otherRoads: Int) -> [RoadCandidate]

    /// Driving distances along the network from one candidate to others, in metres, respecting one-way
    /// roads; `nil` where a candidate cannot be reached within `maximum` metres.
    func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double) -> [Double?]

    /// The ``networkDistances(from:to:maximum:)``, or shorter where the vehicle may still be `backing` metres or
    /// less behind the origin, at the node its road piece starts from: then the roads leaving that node count from
    /// there, with the step back added. A fix can project onto a road just past a fork the vehicle is taking; on a
    /// one-way road the fork's other branch cannot be reached from there at all.
    func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double, backing: Double)
        -> [Double?]
}

extension RoadNetworkMatcher {
    /// The single nearest match as the only candidate.
    public func candidates(near position: Coordinate, within radius: Double, limit: Int) -> [RoadCandidate] {
        guard limit > 0, let road = match(latitude: position.latitude, longitude: position.longitude, heading: nil),
            road.distance <= radius
        else { return [] }
        return [RoadCandidate(edge: 0, offset: 0, road: road)]
    }

    /// The ``candidates(near:within:limit:)`` alone, for matchers that do not tell roads apart.
    public func candidates(near position: Coordinate, within radius: Double, limit: Int, otherRoads: Int)
        -> [RoadCandidate]
    {
        candidates(near: position, within: radius, limit: limit)
    }

    /// The ``networkDistances(from:to:maximum:)`` alone, for matchers that know no nodes.
    public func networkDistances(
        from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double, backing: Double
    ) -> [Double?] {
        networkDistances(from: origin, to: targets, maximum: maximum)
    }

    /// Straight-line distances, for matchers that know no graph.
    public func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double)
        -> [Double?]
    {
        let from = Coordinate(latitude: origin.road.latitude, longitude: origin.road.longitude)
        return targets.map { target in
            let distance = 
                from.distance(to: Coordinate(latitude: target.road.latitude, longitude: target.road.longitude))
            return distance <= maximum ? distance : nil
        }
    }
}
