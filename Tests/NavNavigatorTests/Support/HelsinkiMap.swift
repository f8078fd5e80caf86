import NavNavigator
import NavTesting

/// The Helsinki sample map, loaded once for the whole test run.
enum HelsinkiMap {
    private static let loaded: Result<NavigatorMap, TestSupportError> = {
        do {
            return .success(try NavigatorMap.load(path: try PackagePaths.map("helsinki.osm.pbf").path))
        } catch {
            return .failure(
                TestSupportError("maps/helsinki.osm.pbf cannot be used (run scripts/fetch-maps.sh): \(error)"))
        }
    }()

    /// The map, or an error telling how to fetch it.
    static func map() throws -> NavigatorMap { try loaded.get() }
}
