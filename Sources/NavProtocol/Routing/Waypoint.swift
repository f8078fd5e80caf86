public import NavCore

/// A place to drive to: `{title, placeID}` or `{title, latitude, longitude}`.
///
/// A `placeID` names an element of the loaded map (`osm:node/123`, `osm:way/456`) or an entry of the
/// places catalogue; when both a place ID and coordinates are given the place ID wins and the
/// coordinates are only a hint for display.
public struct Waypoint: Codable, Sendable, Equatable, Hashable {
    /// What to show the driver, e.g. "Helsinki Central Station".
    public var title: String
    /// A map or catalogue identifier, such as `osm:node/123`.
    public var placeID: String?
    /// WGS84 latitude in degrees.
    public var latitude: Double?
    /// WGS84 longitude in degrees.
    public var longitude: Double?

    /// A waypoint at fixed coordinates.
    public init(title: String, latitude: Double, longitude: Double) {
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A waypoint resolved through the map or the places catalogue.
    public init(title: String, placeID: String) {
        self.title = title
        self.placeID = placeID
    }

    /// A waypoint with every field chosen by the caller (for example a resolved place with its position).
    public init(title: String, placeID: String?, latitude: Double?, longitude: Double?) {
        self.title = title
        self.placeID = placeID
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The coordinates, when both are present.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
