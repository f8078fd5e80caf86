import Foundation
import NavMap

/// GeoJSON for routes: a FeatureCollection with one LineString per leg (coordinates in [longitude,
/// latitude] order, properties `routeIndex`, `legIndex`, `distance`, `duration`) and one Point per step
/// (properties `maneuver`, `instruction`, `roadName`, `distance`, `duration`).
public enum RouteGeoJSON {
    /// The FeatureCollection text for `routes` (the fastest first, then alternatives).
    public static func featureCollection(_ routes: [Route]) -> String {
        var features: [[String: Any]] = []
        for (routeIndex, route) in routes.enumerated() {
            for (legIndex, leg) in route.legs.enumerated() {
                features.append([
                    "type": "Feature",
                    "geometry": [
                        "type": "LineString", "coordinates": leg.coordinates.map { [$0.longitude, $0.latitude] },
                    ],
                    "properties": [
                        "routeIndex": routeIndex, "legIndex": legIndex, "distance": rounded(leg.distanceMeters),
                        "duration": rounded(leg.durationSeconds),
                    ] as [String: Any],
                ])
                for step in leg.steps {
                    var properties: [String: Any] = [
                        "routeIndex": routeIndex, "legIndex": legIndex, "maneuver": step.maneuver.rawValue,
                        "instruction": step.instruction, "roadName": step.roadName,
                        "distance": rounded(step.distanceMeters), "duration": rounded(step.durationSeconds),
                    ]
                    if let exit = step.roundaboutExit { properties["exit"] = exit }
                    features.append([
                        "type": "Feature",
                        "geometry": [
                            "type": "Point", "coordinates": [step.location.longitude, step.location.latitude],
                        ],
                        "properties": properties,
                    ])
                }
            }
        }
        let collection: [String: Any] = ["type": "FeatureCollection", "features": features]
        let data = (try? JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
