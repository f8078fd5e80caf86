import Foundation
import NavProtocol
import Testing

@Suite("Control API types")
struct MethodTests {
    @Test("absent vehicle means the default vehicle")
    func defaultVehicle() throws {
        let params = try JSONCoding.decode(VehicleParams.self, "{}")
        #expect(params.vehicleID == "default")
        #expect(
            try JSONCoding.decode(SetGuidanceActiveParams.self, #"{"active":true,"vehicle":"bus-12"}"#).vehicleID
                == "bus-12")
        #expect(try JSONCoding.object(VehicleParams()).isEmpty)
    }

    @Test("a partial navigator.configure changes only what it names")
    func partialConfigure() throws {
        let params = try JSONCoding.decode(
            ConfigureNavigatorParams.self,
            #"{"distanceUpdateThreshold": 50, "speedAlertOptions": {"majorPercentage": 20}}"#)
        let configured = params.applied(to: .defaults)
        var expected = NavigatorConfiguration.defaults
        expected.distanceUpdateThreshold = 50
        expected.speedAlertOptions.majorPercentage = 20
        #expect(configured == expected)
        #expect(ConfigureNavigatorParams().applied(to: .defaults) == .defaults)
    }

    @Test("the SDK's default update thresholds")
    func defaultThresholds() {
        #expect(NavigatorConfiguration.defaults.timeUpdateThreshold == 1)
        #expect(NavigatorConfiguration.defaults.distanceUpdateThreshold == 1)
    }

    @Test("simulator methods go to the feeder, the rest to the navigator", arguments: Method.allCases)
    func servers(method: Method) {
        let expected: Method.Server = method.rawValue.hasPrefix("locationSimulator.") ? .feeder : .navigator
        #expect(method.server == expected)
        #expect(method.schema == "methods/\(method.rawValue).schema.json")
        #expect(!method.summary.isEmpty)
    }

    @Test("the route response keeps steps with maneuvers and roundabout exits")
    func routeResponseShape() throws {
        let decoded = try JSONCoding.decode(
            RouteResponse.self,
            """
            {"routeStatus":"OK","routes":[{"distanceMeters":100,"durationSeconds":12,"legs":[],
             "geometry":{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.1]]},
             "steps":[{"maneuver":{"type":"roundabout","modifier":"right","roundaboutExit":3},
                       "instruction":"At the roundabout, take the 3rd exit","distanceMeters":100,"durationSeconds":12,
                       "geometry":{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.1]]}}]}]}
            """)
        #expect(decoded.routeStatus == .ok)
        #expect(
            decoded.routes.first?.steps.first?.maneuver
                == Maneuver(type: .roundabout, modifier: .right, roundaboutExit: 3))
    }

    @Test("an unknown route status is rejected")
    func unknownRouteStatus() {
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(RouteStatusResult.self, #"{"routeStatus":"ok"}"#)
        }
    }
}
