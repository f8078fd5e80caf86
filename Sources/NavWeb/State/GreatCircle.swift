import NavMap
import NavProtocol

/// Distances on the sphere, through the map library's geodesy.
enum GreatCircle {
    static func metres(from a: NavProtocol.Coordinate, to b: NavProtocol.Coordinate) -> Double {
        NavMap.Coordinate(latitude: a.latitude, longitude: a.longitude)
            .distance(to: NavMap.Coordinate(latitude: b.latitude, longitude: b.longitude))
    }
}
