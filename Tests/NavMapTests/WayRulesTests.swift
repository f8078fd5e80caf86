import NavCore
import NavMap
import Testing

@Suite struct WayRulesTests {
    static let motor: [TravelMode] = [.driving, .taxi, .twoWheeler]

    func allowed(_ tags: [String: String], _ mode: TravelMode) -> (forward: Bool, backward: Bool) {
        guard let rules = WayRules(tags: tags) else { return (false, false) }
        return (rules.forwardModes & mode.bit != 0, rules.backwardModes & mode.bit != 0)
    }

    @Test func onewayYesAndMinusOne() {
        #expect(allowed(["highway": "residential", "oneway": "yes"], .driving) == (true, false))
        #expect(allowed(["highway": "residential", "oneway": "-1"], .driving) == (false, true))
        #expect(allowed(["highway": "residential", "oneway": "no"], .driving) == (true, true))
        #expect(allowed(["highway": "residential", "oneway": "reversible"], .driving) == (false, false))
    }

    @Test func roundaboutsAndMotorwaysAreImpliedOneways() {
        #expect(allowed(["highway": "primary", "junction": "roundabout"], .driving) == (true, false))
        #expect(allowed(["highway": "motorway"], .driving) == (true, false))
        #expect(allowed(["highway": "motorway_link"], .taxi) == (true, false))
        #expect(allowed(["highway": "motorway", "oneway": "no"], .driving) == (true, true))
    }

    @Test func walkersIgnoreOneways() {
        #expect(allowed(["highway": "residential", "oneway": "yes"], .walking) == (true, true))
        #expect(allowed(["highway": "primary", "junction": "roundabout"], .walking) == (true, true))
    }

    @Test func bicycleOnewayExceptions() {
        #expect(allowed(["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"], .cycling) == (true, true))
        #expect(
            allowed(["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"], .driving) == (true, false))
        #expect(
            allowed(["highway": "residential", "oneway": "yes", "cycleway": "opposite_lane"], .cycling) == (true, true))
        #expect(allowed(["highway": "cycleway", "oneway:bicycle": "yes"], .cycling) == (true, false))
    }

    @Test(
        arguments: [
            (["highway": "residential", "access": "no"], [TravelMode]()),
            (["highway": "residential", "access": "no", "bicycle": "yes"], [.cycling]),
            (["highway": "residential", "motor_vehicle": "no"], [.cycling, .walking]),
            (["highway": "residential", "motorcar": "no"], [.twoWheeler, .cycling, .walking]),
            (["highway": "residential", "foot": "no"], [.driving, .taxi, .twoWheeler, .cycling]),
            (["highway": "residential", "bicycle": "no"], [.driving, .taxi, .twoWheeler, .walking]),
            (["highway": "footway"], [.cycling, .walking]),
            (["highway": "cycleway", "foot": "no"], [.cycling]),
            (["highway": "motorway", "oneway": "no"], [.driving, .taxi, .twoWheeler]),
            (["highway": "busway", "psv": "yes"], [.taxi]),
            (["highway": "steps"], [.walking]),
            (["highway": "service", "access": "destination"], TravelMode.allCases),
            (["highway": "trunk", "motorroad": "yes"], [.driving, .taxi, .twoWheeler]),
            (["route": "ferry"], TravelMode.allCases),
        ] as [([String: String], [TravelMode])])
    func accessRules(tags: [String: String], modes: [TravelMode]) {
        let usable = TravelMode.allCases.filter { allowed(tags, $0).forward }
        #expect(Set(usable) == Set(modes), "\(tags)")
    }

    /// Which modes may use a way only at the ends of a leg (OSRM's restricted list, Valhalla's destination-only).
    @Test(
        arguments: [
            (["highway": "residential", "motor_vehicle": "destination"], [TravelMode.driving, .taxi, .twoWheeler]),
            (["highway": "residential", "access": "private"], TravelMode.allCases),
            (["highway": "residential", "access": "delivery", "foot": "yes"], [.driving, .taxi, .twoWheeler, .cycling]),
            (["highway": "residential", "motorcar": "customers"], [.driving, .taxi]),
            (["highway": "residential", "access": "destination", "motor_vehicle": "yes"], [.cycling, .walking]),
            (["highway": "residential", "vehicle": "permit"], [.driving, .taxi, .twoWheeler, .cycling]),
            (["highway": "residential", "motor_vehicle": "destination;delivery"], [.driving, .taxi, .twoWheeler]),
            (["highway": "residential"], []),
            // A driveway serves the property it leads to, unless a tag opens it to all.
            (["highway": "service", "service": "driveway"], [.driving, .taxi, .twoWheeler]),
            (["highway": "service", "service": "driveway", "access": "yes"], []),
            (["highway": "service", "service": "driveway", "motor_vehicle": "yes"], []),
            (["highway": "service", "service": "parking_aisle"], []),
        ] as [([String: String], [TravelMode])])
    func destinationOnlyRules(tags: [String: String], modes: [TravelMode]) throws {
        let rules = try #require(WayRules(tags: tags))
        #expect(Set(TravelMode.allCases.filter { rules.restrictedModes & $0.bit != 0 }) == Set(modes), "\(tags)")
    }

    @Test func closedValuesAndPrivateDriveways() {
        for value in ["no", "agricultural", "forestry", "emergency", "psv", "bus", "military"] {
            #expect(allowed(["highway": "residential", "motor_vehicle": value], .driving) == (false, false), "\(value)")
        }
        #expect(allowed(["highway": "residential", "motor_vehicle": "psv"], .taxi) == (true, true))
        // A private service road (a driveway) is closed to cars outright, as OSRM never snaps onto one.
        #expect(allowed(["highway": "service", "access": "private"], .driving) == (false, false))
        #expect(allowed(["highway": "service", "access": "private"], .walking) == (true, true))
    }

    @Test func tollsFerriesNamesAndRefs() throws {
        let toll = try #require(WayRules(tags: ["highway": "motorway", "toll": "yes", "name": "E18", "ref": "E 18"]))
        #expect(toll.isToll && toll.highwayClass.isHighway && toll.name == "E18" && toll.ref == "E 18")
        let ferry = try #require(WayRules(tags: ["route": "ferry", "name": "Suomenlinna ferry"]))
        #expect(ferry.isFerry && ferry.highwayClass == .ferry)
        #expect(WayRules(tags: ["building": "yes"]) == nil)
        #expect(WayRules(tags: ["highway": "construction"]) == nil)
    }

    /// Ways that are not roads stay closed to cars whatever their general access tag says (issue 11, checked
    /// against OSRM's car.lua: restricted values count on car road classes only, `service=emergency_access` and
    /// areas are never driven). Helsinki's pedestrian tunnels carry `access=permissive`; a pedestrian square
    /// `motorcar=private`.
    @Test func footwaysSquaresAndEmergencyAccessAreNoCarRoads() {
        let closed: [[String: String]] = [
            ["highway": "footway", "access": "permissive", "tunnel": "yes"],
            ["highway": "footway", "access": "yes"],
            ["highway": "pedestrian", "area": "yes", "motorcar": "private"],
            ["highway": "pedestrian", "motor_vehicle": "destination"],
            ["highway": "track", "motor_vehicle": "private"],
            ["highway": "service", "service": "emergency_access"],
            ["highway": "residential", "area": "yes"],
        ]
        for tags in closed {
            for mode in Self.motor { #expect(allowed(tags, mode) == (false, false), "\(tags) \(mode)") }
        }
        #expect(allowed(["highway": "footway", "access": "permissive"], .walking) == (true, true))
        #expect(allowed(["highway": "pedestrian", "area": "yes", "motorcar": "private"], .walking) == (true, true))
    }

    @Test func aKeyForTheVehicleStillOpensAWay() throws {
        #expect(allowed(["highway": "pedestrian", "motor_vehicle": "yes"], .driving) == (true, true))
        #expect(allowed(["highway": "track", "motorcar": "yes"], .driving) == (true, true))
        #expect(allowed(["highway": "motorway", "access": "yes"], .walking) == (false, false))
        #expect(allowed(["highway": "motorway", "foot": "yes"], .walking) == (true, true))
        let gate = try #require(WayRules(tags: ["highway": "residential", "motor_vehicle": "destination"]))
        #expect(gate.restrictedModes & TravelMode.driving.bit != 0)
        #expect(gate.forwardModes & TravelMode.driving.bit != 0)
    }
}
