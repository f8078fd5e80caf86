import NavCore
import NavTesting
import Foundation
import NavMap
import NavRouting
import Testing

@Suite struct StepTests {
    func steps(_ osm: OSMFixture, _ from: Coordinate, _ to: Coordinate) throws -> [RouteStep] {
        let result = try RoutingFixtures.route(osm, from, to)
        #expect(result.status == .ok)
        return result.routes.first?.steps ?? []
    }

    @Test func rightAndLeftTurnsAtACrossroads() throws {
        let right = try steps(RoutingFixtures.crossroads(), RoutingFixtures.south, RoutingFixtures.eastEnd)
        #expect(right.map(\.maneuver) == [.depart, .turnRight, .arrive])
        #expect(right[0].instruction == "Head north on Southway")
        #expect(right[1].instruction == "Turn right onto Eastway")
        #expect(right[2].instruction == "You have arrived at your destination")
        let left = try steps(RoutingFixtures.crossroads(), RoutingFixtures.south, RoutingFixtures.westEnd)
        #expect(left.map(\.maneuver) == [.depart, .turnLeft, .arrive])
        #expect(left[1].instruction == "Turn left onto Westway")
    }

    @Test func straightOnWithANewNameIsContinue() throws {
        let straight = try steps(RoutingFixtures.crossroads(), RoutingFixtures.south, RoutingFixtures.northEnd)
        #expect(straight.map(\.maneuver) == [.depart, .continue, .arrive])
        #expect(straight[1].instruction == "Continue onto Northway")
    }

    @Test(arguments: [
        (RoutingFixtures.roundaboutEast, 1, "East Road"), (RoutingFixtures.roundaboutNorth, 2, "North Road"),
        (RoutingFixtures.roundaboutWest, 3, "West Road"),
    ])
    func roundaboutExitNumbers(destination: Coordinate, exit: Int, road: String) throws {
        let result = try steps(RoutingFixtures.roundabout(), RoutingFixtures.roundaboutSouth, destination)
        #expect(result.map(\.maneuver) == [.depart, .roundabout, .arrive])
        #expect(result[1].roundaboutExit == exit)
        let ordinal = ["1st", "2nd", "3rd"][exit - 1]
        #expect(result[1].instruction == "At the roundabout, take the \(ordinal) exit onto \(road)")
    }

    @Test func stepsCoverTheLegAndAddUp() throws {
        let result = try RoutingFixtures.route(
            RoutingFixtures.crossroads(), RoutingFixtures.south, RoutingFixtures.eastEnd)
        let leg = try #require(result.routes.first?.legs.first)
        #expect(leg.steps.first?.coordinateRange.lowerBound == 0)
        #expect(leg.steps.last?.coordinateRange.upperBound == leg.coordinates.count - 1)
        for (a, b) in zip(leg.steps, leg.steps.dropFirst()) {
            #expect(a.coordinateRange.upperBound == b.coordinateRange.lowerBound)
        }
        let stepDistance = leg.steps.reduce(0) { $0 + $1.distanceMeters }
        #expect(abs(stepDistance - leg.distanceMeters) < 0.01)
        #expect(abs(leg.distanceMeters - 380) < 2)
        #expect(leg.cumulativeDistances.count == leg.coordinates.count)
        #expect(leg.segmentSpeeds.count == leg.coordinates.count - 1)
        #expect(leg.segmentWayIDs.count == leg.coordinates.count - 1)
        #expect(leg.segmentSpeedLimits.allSatisfy { $0 == nil })
        #expect(abs(leg.durationSeconds - 380 / (25 / 3.6)) < 1)
    }

    @Test func rampsMergesAndForks() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -1000)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 1000)
        osm.node(4, x: 40, y: 300)
        osm.node(5, x: 300, y: 600)
        osm.node(6, x: -400, y: -100)
        osm.way(1, [1, 2], ["highway": "motorway", "name": "Ring I", "ref": "E12"])
        osm.way(2, [2, 3], ["highway": "motorway", "name": "Ring I", "ref": "E12"])
        osm.way(3, [2, 4, 5], ["highway": "motorway_link"])
        osm.way(4, [6, 1], ["highway": "motorway_link"])
        osm.way(5, [5, 7], ["highway": "primary", "name": "Exit Road"])
        osm.node(7, x: 600, y: 600)
        osm.way(6, [8, 6], ["highway": "primary", "name": "Entry Road"])
        osm.node(8, x: -800, y: -100)
        // The fixture is not strongly connected, so the ends are given as OSM ways rather than snapped.
        let router = Router(graph: try osm.graph())
        let result = router.route(
            RouteRequest(waypoints: [Waypoint(placeID: "osm:way/6"), Waypoint(placeID: "osm:way/5")]))
        let maneuvers = result.routes.first?.steps.map(\.maneuver) ?? []
        #expect(maneuvers.first == .depart && maneuvers.last == .arrive)
        #expect(maneuvers.contains(.onRamp), "\(maneuvers)")
        #expect(maneuvers.contains(.merge), "\(maneuvers)")
        #expect(maneuvers.contains(.offRamp) || maneuvers.contains(.forkRight), "\(maneuvers)")
    }
}

extension RoutingFixtures {
    static let roundaboutSouth = OSMFixture.coordinate(x: 0, y: -290)
    static let roundaboutEast = OSMFixture.coordinate(x: 290, y: 0)
    static let roundaboutNorth = OSMFixture.coordinate(x: 0, y: 290)
    static let roundaboutWest = OSMFixture.coordinate(x: -290, y: 0)
}

extension StepTests {
    @Test(arguments: [
        (30.0, Maneuver.slightRight), (90, .turnRight), (150, .sharpRight),
        (-30, .slightLeft), (-90, .turnLeft), (-150, .sharpLeft),
    ])
    func turnAnglesNameTheManeuver(angle: Double, maneuver: Maneuver) throws {
        var osm = OSMFixture()
        let radians = angle * .pi / 180
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 0, y: -200)
        osm.node(3, x: 200 * sin(radians), y: 200 * cos(radians))
        // A side road on the other side, so that the junction offers a real choice.
        osm.node(4, x: angle > 0 ? -200 : 200, y: 30)
        osm.way(1, [2, 1], ["highway": "residential", "name": "Approach"])
        osm.way(2, [1, 3], ["highway": "residential", "name": "Target Street"])
        osm.way(3, [1, 4], ["highway": "residential", "name": "Side Street"])
        let destination = OSMFixture.coordinate(x: 190 * sin(radians), y: 190 * cos(radians))
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -190), destination)
        #expect(result.map(\.maneuver) == [.depart, maneuver, .arrive])
    }
}

extension StepTests {
    @Test(arguments: [
        (Maneuver.turnLeft, "turn", "left"), (.slightRight, "turn", "slightRight"), (.forkLeft, "fork", "left"),
        (.continue, "continue", "straight"), (.ferry, "continue", "straight"), (.uTurn, "uturn", "uturn"),
        (.roundabout, "roundabout", nil), (.depart, "depart", nil), (.arrive, "arrive", nil),
    ] as [(Maneuver, String, String?)])
    func maneuversSplitIntoProtocolKindAndDirection(maneuver: Maneuver, kind: String, direction: String?) {
        #expect(maneuver.kind == kind)
        #expect(maneuver.direction == direction)
    }
}
