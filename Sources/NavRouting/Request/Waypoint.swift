public import NavCore
import NavMap

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
