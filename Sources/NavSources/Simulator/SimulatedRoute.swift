public import NavCore

/// A route for the simulator to drive: one or more legs, each a polyline ending at a stop.
///
/// The feeder builds it from the navigator's route legs; the simulator knows nothing of road graphs.
public struct SimulatedRoute: Sendable, Equatable {
    /// A polyline from one stop to the next, with speeds for each of its segments.
    public struct Leg: Sendable, Equatable {
        /// The polyline, at least one point (a single point is a leg already at its end).
        public var coordinates: [Coordinate]
        /// Posted speed limit of each segment in m/s (`coordinates.count - 1` entries), `nil` when unknown.
        public var speedLimits: [Double?]
        /// Speed of each segment in m/s when the limit is unknown: the travel mode's speed for that road.
        public var defaultSpeeds: [Double]

        /// Creates a leg with per-segment speeds.
        /// - Throws: ``SourceError`` `.invalidRoute` when the arrays do not have one entry per segment, a
        ///   coordinate is out of range, or a speed is not positive.
        public init(coordinates: [Coordinate], speedLimits: [Double?], defaultSpeeds: [Double]) throws {
            let segments = max(0, coordinates.count - 1)
            guard !coordinates.isEmpty else { throw SourceError(.invalidRoute, "a leg needs at least one coordinate") }
            guard speedLimits.count == segments, defaultSpeeds.count == segments else {
                throw SourceError(
                    .invalidRoute,
                    "a leg of \(coordinates.count) points has \(segments) segments, got \(speedLimits.count) "
                        + "speed limits and \(defaultSpeeds.count) default speeds")
            }
            for coordinate in coordinates
            where !(abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180) {
                throw SourceError(.invalidRoute, "coordinate \(coordinate.latitude), \(coordinate.longitude) is out of range")
            }
            for speed in defaultSpeeds + speedLimits.compactMap({ $0 }) where !(speed > 0 && speed.isFinite) {
                throw SourceError(.invalidRoute, "speeds must be positive, got \(speed) m/s")
            }
            self.coordinates = coordinates
            self.speedLimits = speedLimits
            self.defaultSpeeds = defaultSpeeds
        }

        /// Creates a leg with one speed for every segment.
        /// - Throws: ``SourceError`` `.invalidRoute` as ``init(coordinates:speedLimits:defaultSpeeds:)``.
        public init(coordinates: [Coordinate], speedLimit: Double? = nil, defaultSpeed: Double) throws {
            let segments = max(0, coordinates.count - 1)
            try self.init(
                coordinates: coordinates, speedLimits: Array(repeating: speedLimit, count: segments),
                defaultSpeeds: Array(repeating: defaultSpeed, count: segments))
        }
    }

    /// The legs in driving order; the vehicle stops at the end of each.
    public var legs: [Leg]

    /// - Throws: ``SourceError`` `.invalidRoute` when there is no leg.
    public init(legs: [Leg]) throws {
        guard !legs.isEmpty else { throw SourceError(.invalidRoute, "a route needs at least one leg") }
        self.legs = legs
    }
}
