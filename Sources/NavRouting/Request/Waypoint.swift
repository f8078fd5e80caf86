public import NavMap

/// A stop of a trip: a coordinate, or a place id (`osm:node/ID`, `osm:way/ID`, or an id from the places
/// catalogue).
public struct Waypoint: Sendable, Equatable {
    public var title: String?
    public var placeID: String?
    public var coordinate: Coordinate?
    /// Direction of travel at this waypoint in degrees (used for the origin, to start the right way).
    public var heading: Double?

    public init(title: String? = nil, placeID: String? = nil, coordinate: Coordinate? = nil, heading: Double? = nil) {
        self.title = title
        self.placeID = placeID
        self.coordinate = coordinate
        self.heading = heading
    }

    public init(title: String? = nil, latitude: Double, longitude: Double, heading: Double? = nil) {
        self.init(title: title, coordinate: Coordinate(latitude: latitude, longitude: longitude), heading: heading)
    }
}

/// A waypoint after resolution: where it is and where it meets the road network.
public struct ResolvedWaypoint: Sendable, Equatable {
    public var waypoint: Waypoint
    /// The waypoint's own position (from its coordinate, place or OSM element).
    public var coordinate: Coordinate
    /// Where it snaps onto a road the travel mode may use.
    public var position: RoadPosition

    public init(waypoint: Waypoint, coordinate: Coordinate, position: RoadPosition) {
        self.waypoint = waypoint
        self.coordinate = coordinate
        self.position = position
    }
}

/// A route request: the stops in order (the first is the origin) and the options.
public struct RouteRequest: Sendable, Equatable {
    public var waypoints: [Waypoint]
    public var options: RoutingOptions

    public init(waypoints: [Waypoint], options: RoutingOptions = RoutingOptions()) {
        self.waypoints = waypoints
        self.options = options
    }

    /// The most waypoints (origin included) a request may have.
    public static let maximumWaypoints = 25
}
