import NavCore

/// Realistic example payloads for every topic and method, set in central Helsinki on a November
/// evening (after sunset, so lighting is `lowLight`).
///
/// Tests use them to check encoding against the schemas, and `navbus examples` encodes them through the
/// real bus encoder so `Protocols/examples/` can be checked against what the code emits.
public enum ProtocolSamples {
    /// The instant all samples are set at: 2026-11-29T16:05:12.250Z.
    public static let time = Timestamp(secondsSince1970: 1_795_968_312.25)

    /// A realistic payload for `topic`.
    public static func sample(for topic: Topic) -> any (Encodable & Sendable) {
        switch topic {
        case .gpsFix: gpsFix
        case .navLocation: snappedLocation
        case .navArrival: arrival
        case .navRouteChanged: routeChanged
        case .navRemainingTime: RemainingTime(seconds: 412)
        case .navRemainingDistance: RemainingDistance(meters: 2_830)
        case .navDelayCategory: DelayCategoryUpdate(category: .medium)
        case .navLightingMode: LightingModeSuggestion(mode: .lowLight, sunElevationDegrees: -12.4)
        case .navSpeeding: speedingUpdate
        case .navNavInfo: navInfo
        case .navVoicePrompt: voicePrompt
        case .alertSpeeding: speedAlert
        case .uiLighting: AppliedLighting(appliedMode: .lowLight, theme: .night, changedAt: time.adding(seconds: -95))
        case .trafficConditions: trafficConditions
        case .heartbeat: heartbeat
        }
    }

    /// Realistic `params` for `method`.
    public static func params(for method: Method) -> any (Encodable & Sendable) {
        switch method {
        case .setDestinations:
            SetDestinationsParams(
                waypoints: [kamppi, senateSquare],
                routingOptions: RoutingOptions(
                    alternateRoutesStrategy: .noAlternates, travelMode: .driving, avoidsTolls: true))
        case .setGuidanceActive: SetGuidanceActiveParams(active: true)
        case .configureNavigator: configureNavigatorParams
        case .route:
            RouteRequest(
                vehicle: "taxi-7", waypoints: [centralStation, kamppi], travelMode: .taxi, avoidsFerries: true,
                alternateRoutesStrategy: .one)
        case .simulateLocation: SimulateLocationParams(latitude: 60.17100, longitude: 24.94140)
        case .configureSimulator:
            ConfigureSimulatorParams(
                speedMultiplier: 4, jitterMeters: 3, speedProfile: "limit+15%", leaveRouteAtMeters: 600)
        case .continueToNextDestination, .clearDestinations, .getState, .startUpdatingLocation,
            .stopUpdatingLocation, .simulateLocationsAlongExistingRoute, .stopSimulation:
            VehicleParams(vehicle: Vehicle.defaultID)
        }
    }

    /// A realistic `result` for `method`.
    public static func result(for method: Method) -> any (Encodable & Sendable) {
        switch method {
        case .setDestinations: RouteStatusResult(routeStatus: .ok)
        case .continueToNextDestination:
            ContinueToNextDestinationResult(routeStatus: .ok, nextDestination: senateSquare)
        case .clearDestinations: Acknowledgement()
        case .setGuidanceActive: GuidanceActiveResult(guidanceActive: true)
        case .configureNavigator: configureNavigatorParams.applied(to: .defaults)
        case .getState: navigatorState
        case .startUpdatingLocation: LocationUpdatesResult(updatingLocation: true)
        case .stopUpdatingLocation: LocationUpdatesResult(updatingLocation: false)
        case .route: RouteResponse(routeStatus: .ok, routes: [route])
        case .simulateLocationsAlongExistingRoute:
            SimulatorStatus(
                mode: .route, paused: false, speedMultiplier: 1, jitterMeters: 0, speedProfile: .limit,
                distanceAlongRouteMeters: 0)
        case .simulateLocation:
            SimulatorStatus(
                mode: .location, paused: false, speedMultiplier: 1, jitterMeters: 0, speedProfile: .limit)
        case .stopSimulation:
            SimulatorStatus(mode: .stopped, paused: false, speedMultiplier: 1, jitterMeters: 0, speedProfile: .limit)
        case .configureSimulator:
            SimulatorStatus(
                mode: .route, paused: false, speedMultiplier: 4, jitterMeters: 3, speedProfile: "limit+15%",
                leaveRouteAtMeters: 600, distanceAlongRouteMeters: 212.5)
        }
    }

    /// A partial `navigator.configure`: the thresholds from the SDK guide and a stricter major alert.
    public static let configureNavigatorParams = ConfigureNavigatorParams(
        timeUpdateThreshold: 10, distanceUpdateThreshold: 100,
        speedAlertOptions: .init(minorPercentage: 5, majorPercentage: 15), volumeLevel: .high, language: .finnish)

    // MARK: Places

    /// Helsinki Central Station, by coordinates.
    public static let centralStation = Waypoint(
        title: "Helsinki Central Station", latitude: 60.17100, longitude: 24.94140)
    /// Kamppi Center, by coordinates.
    public static let kamppi = Waypoint(title: "Kamppi", latitude: 60.16880, longitude: 24.93200)
    /// Senate Square, by an OpenStreetMap place ID with its position as a display hint.
    public static let senateSquare = Waypoint(
        title: "Senate Square", placeID: "osm:node/26607405", latitude: 60.16950, longitude: 24.95220)

    // MARK: Payloads

    /// A raw fix on Kaivokatu, heading west.
    public static let gpsFix = GPSFix(
        latitude: 60.17021, longitude: 24.93985, altitude: 14.2, course: 254.5, speed: 11.8,
        horizontalAccuracy: 4.5, timestamp: time, source: "simulator", satellites: 9)

    /// The same fix snapped to the road.
    public static let snappedLocation = SnappedLocation(
        latitude: 60.17019, longitude: 24.93981, altitude: 14.2, course: 252.0, speed: 11.8, timestamp: time,
        onRoute: true, roadName: "Kaivokatu", speedLimit: 40 / 3.6)

    /// Arrival at the first of two destinations.
    public static let arrival = Arrival(waypoint: kamppi, waypointIndex: 0, isFinalDestination: false)

    /// The leg from the Central Station to Kamppi along Kaivokatu and Mannerheimintie.
    public static let routeLeg = RouteLeg(
        destination: kamppi, distanceMeters: 742.6, durationSeconds: 118.0,
        geometry: LineString(positions: [
            [24.94140, 60.17100], [24.93985, 60.17021], [24.93850, 60.16970], [24.93700, 60.16900],
            [24.93400, 60.16860], [24.93200, 60.16880],
        ]),
        segmentSpeedLimits: [40 / 3.6, 40 / 3.6, 40 / 3.6, nil, 30 / 3.6],
        segmentSpeeds: [9.7, 10.2, 8.3, 7.5, 6.9])

    /// The leg from Kamppi to Senate Square.
    public static let secondLeg = RouteLeg(
        destination: senateSquare, distanceMeters: 1_385.0, durationSeconds: 246.0,
        geometry: LineString(positions: [
            [24.93200, 60.16880], [24.93800, 60.16800], [24.94500, 60.16760], [24.95000, 60.16850],
            [24.95220, 60.16950],
        ]))

    /// A new two-stop trip.
    public static let routeChanged = RouteChanged(
        reason: .newDestinations, routeLegs: [routeLeg, secondLeg], currentRouteLegIndex: 0)

    /// Driving 47 km/h in a 40 zone.
    public static let speedingUpdate = SpeedingUpdate(
        percentageAboveLimit: 17.5, severity: .minor, speed: 47 / 3.6, speedLimit: 40 / 3.6)

    /// The minor alert the speeding alerter raised for ``speedingUpdate``.
    public static let speedAlert = SpeedAlert(
        severity: .minor, since: time.adding(seconds: -3), speed: 47 / 3.6, speedLimit: 40 / 3.6,
        percentageAboveLimit: 17.5, raised: true)

    /// Approaching the left turn from Kaivokatu onto Mannerheimintie.
    /// A pre-transition prompt 300 m before a right turn, at normal volume.
    public static let voicePrompt = VoicePrompt(
        text: "In 300 meters, turn right onto Mannerheimintie.", kind: .preTransition, routeLegIndex: 0, stepIndex: 3,
        distanceMeters: 296.4, language: .english, units: .metric, volumeLevel: .normal, time: time,
        validUntil: time.adding(seconds: 14.5))

    public static let navInfo = NavInfo(
        navState: .enroute,
        currentStep: NavStep(
            stepNumber: 1, maneuver: Maneuver(type: .turn, modifier: .left), roadName: "Mannerheimintie",
            instruction: "Turn left onto Mannerheimintie", distanceMeters: 390.0, durationSeconds: 61.0),
        remainingSteps: [
            NavStep(
                stepNumber: 2, maneuver: Maneuver(type: .roundabout, roundaboutExit: 2),
                roadName: "Runeberginkatu", instruction: "At the roundabout, take the 2nd exit onto Runeberginkatu",
                distanceMeters: 40.0, durationSeconds: 12.0),
            NavStep(
                stepNumber: 3, maneuver: Maneuver(type: .exitRoundabout), roadName: "Runeberginkatu",
                instruction: "Exit the roundabout onto Runeberginkatu", distanceMeters: 140.0, durationSeconds: 25.0),
            NavStep(
                stepNumber: 4, maneuver: Maneuver(type: .arrive, modifier: .right), instruction: "Arrive at Kamppi",
                distanceMeters: 0, durationSeconds: 0),
        ],
        distanceToCurrentStepMeters: 96.4, timeToCurrentStepSeconds: 12.0, distanceToNextDestinationMeters: 642.0,
        timeToNextDestinationSeconds: 101.0, distanceToFinalDestinationMeters: 2_027.0,
        timeToFinalDestinationSeconds: 347.0)

    /// Roadworks on Mannerheimintie, a slow area round the Central Station and a closed block.
    public static let trafficConditions = TrafficConditions(
        provider: "helsinki-traffic-demo",
        conditions: [
            TrafficCondition(
                id: "rw-1042", wayIds: [4_253_011, 4_253_012], speedFactor: 0.5, incident: .roadworks,
                expiresAt: time.adding(seconds: 6 * 3600),
                description: "Roadworks on Mannerheimintie, one lane closed"),
            TrafficCondition(
                id: "slow-station",
                area: .circle(center: Coordinate(latitude: 60.17100, longitude: 24.94140), radiusMeters: 350),
                speedFactor: 0.7, expiresAt: time.adding(seconds: 900)),
            TrafficCondition(
                area: .boundingBox(BoundingBox(south: 60.16700, west: 24.94900, north: 60.16800, east: 24.95300)),
                incident: .closure, expiresAt: time.adding(seconds: 3 * 3600), description: "Christmas market"),
        ])

    /// A navigator that has been up for an hour.
    public static let heartbeat = Heartbeat(
        process: "navbus-navigator", instance: "navigator-1", version: "1.0.0", pid: 4242, uptimeSeconds: 3_601.5,
        counters: [
            Heartbeat.Counter.sent: 184_233, Heartbeat.Counter.received: 3_601, Heartbeat.Counter.dropped: 0,
            Heartbeat.Counter.malformed: 2, Heartbeat.Counter.unknownTopic: 0, Heartbeat.Counter.sequenceGaps: 1,
        ])

    /// The route ``routeLeg`` as `router.route` returns it.
    public static let route = Route(
        distanceMeters: routeLeg.distanceMeters, durationSeconds: routeLeg.durationSeconds, legs: [routeLeg],
        steps: [
            RouteStep(
                maneuver: Maneuver(type: .depart, modifier: .straight), roadName: "Kaivokatu",
                instruction: "Head west on Kaivokatu", distanceMeters: 185.2, durationSeconds: 28.0,
                geometry: LineString(positions: [[24.94140, 60.17100], [24.93985, 60.17021], [24.93850, 60.16970]])),
            RouteStep(
                maneuver: Maneuver(type: .turn, modifier: .left), roadName: "Mannerheimintie",
                instruction: "Turn left onto Mannerheimintie", distanceMeters: 557.4, durationSeconds: 90.0,
                geometry: LineString(positions: [
                    [24.93850, 60.16970], [24.93700, 60.16900], [24.93400, 60.16860], [24.93200, 60.16880],
                ])),
            RouteStep(
                maneuver: Maneuver(type: .arrive), instruction: "Arrive at Kamppi", distanceMeters: 0,
                durationSeconds: 0,
                geometry: LineString(positions: [[24.93200, 60.16880], [24.93200, 60.16880]])),
        ],
        geometry: routeLeg.geometry)

    /// A vehicle on the first leg of ``routeChanged``.
    public static let navigatorState = NavigatorState(
        vehicle: Vehicle.defaultID, guidanceActive: true, navState: .enroute, updatingLocation: true,
        routeLegs: [routeLeg, secondLeg], currentRouteLeg: routeLeg, currentRouteLegIndex: 0,
        timeToNextDestinationSeconds: 101, distanceToNextDestinationMeters: 642, delayCategoryToNextDestination: .light,
        lastLocation: snappedLocation, configuration: .defaults)
}
