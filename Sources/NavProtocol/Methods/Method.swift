/// The JSON-RPC 2.0 methods of the control API.
public enum Method: String, CaseIterable, Sendable, Codable {
    case setDestinations = "navigator.setDestinations"
    case continueToNextDestination = "navigator.continueToNextDestination"
    case clearDestinations = "navigator.clearDestinations"
    case setGuidanceActive = "navigator.setGuidanceActive"
    case configureNavigator = "navigator.configure"
    case getState = "navigator.getState"
    case startUpdatingLocation = "roadSnappedLocationProvider.startUpdatingLocation"
    case stopUpdatingLocation = "roadSnappedLocationProvider.stopUpdatingLocation"
    case route = "router.route"
    case simulateLocationsAlongExistingRoute = "locationSimulator.simulateLocationsAlongExistingRoute"
    case simulateLocation = "locationSimulator.simulateLocation"
    case stopSimulation = "locationSimulator.stopSimulation"
    case configureSimulator = "locationSimulator.configure"

    /// Which process serves a method.
    public enum Server: String, Sendable {
        /// `navbus-navigator`, at `NAVBUS_NAVIGATOR_ENDPOINT`.
        case navigator
        /// `navbus-feeder`, at `NAVBUS_FEEDER_ENDPOINT`.
        case feeder
    }

    /// The process that serves the method.
    public var server: Server {
        rawValue.hasPrefix("locationSimulator.") ? .feeder : .navigator
    }

    /// The method's schema path under `Protocols/` (`definitions.params` and `definitions.result`).
    public var schema: String { "methods/\(rawValue).schema.json" }

    /// One line for `navbus call --help`.
    public var summary: String {
        switch self {
        case .setDestinations: "plan a trip through 1..25 waypoints and make it the route → {routeStatus}"
        case .continueToNextDestination: "after arriving, go on to the next waypoint → {routeStatus, nextDestination}"
        case .clearDestinations: "drop the route and stop guidance → {ok}"
        case .setGuidanceActive: "start or pause guidance: {active} → {guidanceActive}"
        case .configureNavigator: "change thresholds, travel mode, avoidances, speed alerts → the whole configuration"
        case .getState: "route legs, current leg, time/distance/delay to the next destination, guidance state"
        case .startUpdatingLocation: "publish nav.location.v1 even without guidance → {updatingLocation}"
        case .stopUpdatingLocation: "stop publishing nav.location.v1 when not guiding → {updatingLocation}"
        case .route: "stateless route query: {waypoints (origin first), options} → {routeStatus, routes}"
        case .simulateLocationsAlongExistingRoute: "drive the vehicle along its current route → simulator status"
        case .simulateLocation: "hold the vehicle at {latitude, longitude} → simulator status"
        case .stopSimulation: "stop producing simulated fixes → simulator status"
        case .configureSimulator: "speedMultiplier, paused, jitterMeters, speedProfile, leaveRouteAtMeters → status"
        }
    }

    /// The type of the method's `params`.
    public var paramsType: any (Codable & Sendable & VehicleScoped).Type {
        switch self {
        case .setDestinations: SetDestinationsParams.self
        case .setGuidanceActive: SetGuidanceActiveParams.self
        case .configureNavigator: ConfigureNavigatorParams.self
        case .route: RouteRequest.self
        case .simulateLocation: SimulateLocationParams.self
        case .configureSimulator: ConfigureSimulatorParams.self
        case .continueToNextDestination, .clearDestinations, .getState, .startUpdatingLocation,
            .stopUpdatingLocation, .simulateLocationsAlongExistingRoute, .stopSimulation:
            VehicleParams.self
        }
    }

    /// The type of the method's `result`.
    public var resultType: any (Codable & Sendable).Type {
        switch self {
        case .setDestinations: RouteStatusResult.self
        case .continueToNextDestination: ContinueToNextDestinationResult.self
        case .clearDestinations: Acknowledgement.self
        case .setGuidanceActive: GuidanceActiveResult.self
        case .configureNavigator: NavigatorConfiguration.self
        case .getState: NavigatorState.self
        case .startUpdatingLocation, .stopUpdatingLocation: LocationUpdatesResult.self
        case .route: RouteResponse.self
        case .simulateLocationsAlongExistingRoute, .simulateLocation, .stopSimulation, .configureSimulator:
            SimulatorStatus.self
        }
    }
}
