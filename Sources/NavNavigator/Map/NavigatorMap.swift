public import NavMap
public import NavRouting

/// The map a navigator works on: the road graph, the router over it and the places catalogue.
///
/// Loading prepares every travel mode the graph supports; afterwards the value is immutable and can be
/// shared between threads (tests and benchmarks run several navigators on one map).
public struct NavigatorMap: Sendable {
    /// Plans routes and snaps positions onto the road network.
    public let router: Router

    /// The road graph.
    public var graph: RoadGraph { router.graph }

    /// Wraps a prepared router.
    public init(router: Router) {
        self.router = router
    }

    /// Loads a map file and prepares routing on it (with the contraction hierarchy saved beside a
    /// `.navgraph` by `navbus import`, when there is one).
    /// - Parameters:
    ///   - path: A `.osm.pbf`, `.osm` or `.navgraph` file.
    ///   - places: An optional places catalogue for `placeID` waypoints.
    /// - Throws: `MapError` naming the file and what is wrong with it.
    public static func load(path: String, places: PlacesCatalogue = PlacesCatalogue()) throws -> NavigatorMap {
        NavigatorMap(router: try MapPreparation.router(forMapAt: path, places: places))
    }
}
