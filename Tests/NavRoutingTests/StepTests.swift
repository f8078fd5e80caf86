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

    @Test("straight on where only the name changes is no step")
    func straightOnWithANewNameIsNoStep() throws {
        let straight = try steps(RoutingFixtures.crossroads(), RoutingFixtures.south, RoutingFixtures.northEnd)
        #expect(straight.map(\.maneuver) == [.depart, .arrive])
        #expect(straight[0].instruction == "Head north on Southway")
    }

    @Test("straight on is a step when a new road number starts or the road becomes another kind of road")
    func straightOnIsAStepForANewRefOrRoadKind() throws {
        for (tags, expected) in [
            (["highway": "primary", "name": "Northway", "ref": "120"], "Continue onto Northway"),
            (["highway": "service", "name": "Northway"], "Continue onto Northway"),
            (["highway": "tertiary", "name": "Northway"], nil),
        ] as [([String: String], String?)] {
            var osm = RoutingFixtures.crossroads()
            osm.ways.removeAll { $0.id == 11 }
            osm.way(11, [1, 2], tags)
            let result = try steps(osm, RoutingFixtures.south, RoutingFixtures.northEnd)
            #expect(result.dropFirst().dropLast().map(\.instruction) == (expected.map { [$0] } ?? []), "\(tags)")
        }
    }

    @Test(arguments: [
        (RoutingFixtures.roundaboutEast, 1, "East Road"), (RoutingFixtures.roundaboutNorth, 2, "North Road"),
        (RoutingFixtures.roundaboutWest, 3, "West Road"),
    ])
    func roundaboutExitNumbers(destination: Coordinate, exit: Int, road: String) throws {
        let result = try steps(RoutingFixtures.roundabout(), RoutingFixtures.roundaboutSouth, destination)
        #expect(result.map(\.maneuver) == [.depart, .roundabout, .exitRoundabout, .arrive])
        #expect(result[1].roundaboutExit == exit)
        let ordinal = ["1st", "2nd", "3rd"][exit - 1]
        #expect(result[1].instruction == "At the roundabout, take the \(ordinal) exit onto \(road)")
        #expect(result[2].instruction == "Exit the roundabout onto \(road)")
        #expect(result[2].roundaboutExit == nil)
        // The roundabout step is the ring, from the entry to the exit; the exit step the road after it.
        let ring = 2 * Double.pi * 30 * Double(exit) / 4
        #expect(abs(result[1].distanceMeters - ring) < ring * 0.12)
        #expect(result[2].distanceMeters > 250)
    }

    @Test("exits are counted as a driver counts them: a one-way street coming in is none, a service road out is one")
    func exitNumbersCountTheWaysOut() throws {
        var osm = RoutingFixtures.roundabout()
        // North Road only comes into the ring; a service road leaves it between the east and north arms.
        osm.ways.removeAll { $0.id == 33 }
        osm.way(33, [13, 3], ["highway": "primary", "name": "North Road", "oneway": "yes"])
        osm.node(5, x: 21.2, y: 21.2)
        osm.node(15, x: 200, y: 200)
        osm.ways.removeAll { $0.id == 30 }
        osm.way(30, [1, 2, 5, 3, 4, 1], ["highway": "primary", "junction": "roundabout", "name": "Ring Circus"])
        osm.way(35, [5, 15], ["highway": "service"])
        let result = try steps(osm, RoutingFixtures.roundaboutSouth, RoutingFixtures.roundaboutWest)
        #expect(result.map(\.maneuver) == [.depart, .roundabout, .exitRoundabout, .arrive])
        // East Road, the service road, then West Road: North Road is no way out.
        #expect(result[1].roundaboutExit == 3)
        #expect(result[1].instruction == "At the roundabout, take the 3rd exit onto West Road")
    }

    @Test("leaving the ring is a step where the route sets off on it")
    func settingOffOnTheRingExitsIt() throws {
        let onTheRing = OSMFixture.coordinate(x: 15, y: -15)
        let result = try steps(RoutingFixtures.roundabout(), onTheRing, RoutingFixtures.roundaboutNorth)
        #expect(result.map(\.maneuver) == [.depart, .exitRoundabout, .arrive])
        #expect(result[1].instruction == "Exit the roundabout onto North Road")
    }

    @Test("two roundabouts 20 m apart are four steps: each ring and each exit")
    func dumbbellRoundaboutsAreEachEnteredAndLeft() throws {
        var osm = RoutingFixtures.roundabout()
        // A second ring east of the first, joined to it by 20 m of East Road.
        osm.ways.removeAll { $0.id == 32 }
        osm.node(42, x: 50, y: 0)
        osm.node(43, x: 80, y: 30)
        osm.node(44, x: 110, y: 0)
        osm.node(45, x: 80, y: -30)
        osm.node(52, x: 400, y: 0)
        osm.way(32, [2, 42], ["highway": "primary", "name": "East Road"])
        osm.way(40, [42, 45, 44, 43, 42], ["highway": "primary", "junction": "roundabout", "name": "Twin Circus"])
        osm.way(41, [44, 52], ["highway": "primary", "name": "Far East Road"])
        osm.node(55, x: 80, y: -300)
        osm.way(46, [45, 55], ["highway": "primary", "name": "South Spur"])
        let result = try steps(osm, RoutingFixtures.roundaboutSouth, OSMFixture.coordinate(x: 390, y: 0))
        #expect(result.map(\.maneuver) == [.depart, .roundabout, .exitRoundabout, .roundabout, .exitRoundabout, .arrive])
        #expect(result.map(\.instruction) == [
            "Head north on South Road", "At the roundabout, take the 1st exit onto East Road",
            "Exit the roundabout onto East Road", "At the roundabout, take the 2nd exit onto Far East Road",
            "Exit the roundabout onto Far East Road", "You have arrived at your destination",
        ])
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
        // The merge at the end of the on-ramp is said with the ramp ("Take the ramp onto Ring I").
        #expect(!maneuvers.contains(.merge), "\(maneuvers)")
        #expect(result.routes.first?.steps.contains { $0.instruction == "Take the ramp onto Ring I" } == true)
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
        (.continue, "continue", "straight"), (.ferry, "ferry", nil), (.leaveFerry, "leaveFerry", nil),
        (.leaveFerryRight, "leaveFerry", "right"), (.uTurn, "uturn", "uturn"),
        (.roundabout, "roundabout", nil), (.depart, "depart", nil), (.arrive, "arrive", nil),
    ] as [(Maneuver, String, String?)])
    func maneuversSplitIntoProtocolKindAndDirection(maneuver: Maneuver, kind: String, direction: String?) {
        #expect(maneuver.kind == kind)
        #expect(maneuver.direction == direction)
    }
}

/// Maneuvers too close to be driven apart, and link roads in town.
extension StepTests {
    /// Crossing a dual carriageway: "Main Street" has two one-way carriageways 12 m apart; turning left
    /// from the side road crosses the first and turns into the second.
    @Test("crossing a dual carriageway is one turn, not two")
    func dualCarriagewayCrossingIsOneTurn() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -200)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 12)
        osm.node(4, x: -300, y: 0)
        osm.node(5, x: 300, y: 0)
        osm.node(6, x: -300, y: 12)
        osm.node(7, x: 300, y: 12)
        osm.way(1, [1, 2], ["highway": "residential", "name": "Side Street"])
        osm.way(2, [2, 3], ["highway": "residential", "name": "Side Street"])
        osm.way(3, [4, 2, 5], ["highway": "primary", "name": "Main Street", "oneway": "yes"])
        osm.way(4, [7, 3, 6], ["highway": "primary", "name": "Main Street", "oneway": "yes"])
        // The carriageways join at both ends, so every road can be reached from every other.
        osm.way(5, [5, 7], ["highway": "primary", "name": "Main Street"])
        osm.way(6, [6, 4], ["highway": "primary", "name": "Main Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -190), OSMFixture.coordinate(x: -250, y: 12))
        #expect(result.map(\.instruction) == ["Head north on Side Street", "Turn left onto Main Street", "You have arrived at your destination"])
    }

    /// Turning back through a gap in the median: two left turns 12 m apart, which the driver makes as one.
    @Test("turning back through a median gap is one U-turn")
    func medianGapIsOneUTurn() throws {
        var osm = OSMFixture()
        osm.node(1, x: -300, y: 0)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 300, y: 0)
        osm.node(4, x: -300, y: 12)
        osm.node(5, x: 0, y: 12)
        osm.node(6, x: 300, y: 12)
        osm.way(1, [1, 2, 3], ["highway": "primary", "name": "Main Street", "oneway": "yes"])
        osm.way(2, [6, 5, 4], ["highway": "primary", "name": "Main Street", "oneway": "yes"])
        osm.way(3, [2, 5], ["highway": "primary", "name": "Main Street"])
        // The carriageways join at both ends too, so every road can be reached from every other.
        osm.way(4, [3, 6], ["highway": "primary", "name": "Main Street"])
        osm.way(5, [4, 1], ["highway": "primary", "name": "Main Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: -200, y: 0), OSMFixture.coordinate(x: -250, y: 12))
        #expect(result.map(\.maneuver) == [.depart, .uTurn, .arrive], "\(result.map(\.instruction))")
    }

    /// A jog: right onto a cross street and, 10 m on, left onto the next street: two turns, each named by its
    /// own junction (the direction over 25 m would take in both).
    @Test("a jog along a cross street of 8 m or more is two turns")
    func jogIsTwoTurns() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 10, y: 0)
        osm.node(4, x: 10, y: 300)
        osm.node(5, x: -300, y: 0)
        osm.node(6, x: 300, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "name": "South Street"])
        osm.way(2, [5, 2, 3, 6], ["highway": "secondary", "name": "Cross Street"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "North Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 10, y: 290))
        #expect(result.map(\.instruction) == [
            "Head north on South Street", "Turn right onto Cross Street", "Turn left onto North Street",
            "You have arrived at your destination",
        ])
    }

    /// The road bends 25° left into a new name where a one-way street comes in, and 20 m on it forks with a
    /// branch 26° further left: the driver keeps right, and hearing "slightly left" would send them wrong.
    @Test("a slight bend just before a fork takes the fork's side")
    func bendBeforeAForkKeepsTheForkSide() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: -8.5, y: 18.1)
        osm.node(4, x: -135, y: 290)
        osm.node(5, x: -242, y: 207)
        osm.node(6, x: 300, y: 0)
        osm.way(1, [1, 2], ["highway": "primary", "name": "Harbour Road"])
        osm.way(2, [2, 3, 4], ["highway": "primary", "name": "Esplanade"])
        osm.way(3, [3, 5], ["highway": "secondary", "name": "Side Avenue"])
        osm.way(4, [6, 2], ["highway": "residential", "name": "One Way Street", "oneway": "yes"])
        osm.way(5, [4, 6], ["highway": "residential", "name": "Ring Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: -130, y: 280))
        // The bend into Esplanade is the maneuver (25° onto a new name, a road meeting on the other side), and
        // Esplanade then goes on straight past Side Avenue: no fork to announce, as in Valhalla's narrative.
        #expect(result.map(\.instruction) == [
            "Head north on Harbour Road", "Turn slightly left onto Esplanade", "You have arrived at your destination",
        ])
    }

    /// A slip lane (primary_link) from one street into another: the driver turns right once.
    @Test("a slip lane is part of the turn it serves")
    func slipLaneIsPartOfTheTurn() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 300)
        osm.node(4, x: 300, y: 40)
        osm.node(5, x: 0, y: 40)
        osm.node(6, x: 25, y: 30)
        osm.node(7, x: -300, y: 40)
        osm.way(1, [1, 2, 5, 3], ["highway": "primary", "name": "North Avenue"])
        osm.way(2, [7, 5, 4], ["highway": "primary", "name": "Cross Street"])
        osm.way(3, [2, 6, 4], ["highway": "primary_link"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 290, y: 40))
        #expect(result.map(\.maneuver) == [.depart, .turnRight, .arrive], "\(result.map(\.instruction))")
        #expect(result.allSatisfy { !$0.instruction.contains("ramp") && !$0.instruction.contains("exit") })
    }

    /// A trunk road through town (50 km/h) and its link: a turn, not "take the ramp".
    @Test("a link off a trunk road through town is a turn, not a ramp")
    func cityTrunkLinkIsNoRamp() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -400)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 400)
        osm.node(4, x: 80, y: 60)
        osm.node(5, x: 300, y: 60)
        osm.way(1, [1, 2, 3], ["highway": "trunk", "name": "Mannerheimintie", "maxspeed": "50"])
        osm.way(2, [2, 4], ["highway": "trunk_link", "name": "Mannerheimintie", "maxspeed": "50"])
        osm.way(3, [4, 5], ["highway": "residential", "name": "Side Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -390), OSMFixture.coordinate(x: 290, y: 60))
        #expect(!result.map(\.maneuver).contains(.onRamp) && !result.map(\.maneuver).contains(.offRamp))
        #expect(result.allSatisfy { !$0.instruction.contains("ramp") }, "\(result.map(\.instruction))")
    }

    /// A car ferry whose line bends on the way across: boarding and leaving are the maneuvers, nothing on board.
    @Test("a ferry is boarded and left, with no turns on board")
    func ferryIsBoardedAndLeft() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -400)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 150, y: 300)
        osm.node(4, x: -100, y: 700)
        osm.node(5, x: 0, y: 1_000)
        osm.node(6, x: 0, y: 1_400)
        osm.way(1, [1, 2], ["highway": "residential", "name": "Pier Road"])
        osm.way(2, [2, 3, 4, 5], ["route": "ferry", "name": "Harbour Ferry", "motor_vehicle": "yes"])
        osm.way(3, [5, 6], ["highway": "residential", "name": "Quay Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -390), OSMFixture.coordinate(x: 0, y: 1_390))
        #expect(result.map(\.maneuver) == [.depart, .ferry, .leaveFerry, .arrive], "\(result.map(\.instruction))")
        #expect(result.dropFirst().first?.instruction == "Take the ferry Harbour Ferry")
        #expect(result.dropFirst(2).first?.instruction == "Leave the ferry and continue onto Quay Street")
    }

    /// Off the ferry, a T junction 15 m up the quay: the driver hears which way to turn as they leave.
    @Test("a turn just after the landing is said with leaving the ferry")
    func ferryLandingIntoATurn() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -400)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 1_000)
        osm.node(4, x: 0, y: 1_015)
        osm.node(5, x: 300, y: 1_015)
        osm.node(6, x: -300, y: 1_015)
        osm.way(1, [1, 2], ["highway": "residential", "name": "Pier Road"])
        osm.way(2, [2, 3], ["route": "ferry", "name": "Harbour Ferry", "motor_vehicle": "yes"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "Ramp Lane"])
        osm.way(4, [6, 4, 5], ["highway": "residential", "name": "Quay Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -390), OSMFixture.coordinate(x: 290, y: 1_015))
        #expect(result.map(\.maneuver) == [.depart, .ferry, .leaveFerryRight, .arrive], "\(result.map(\.instruction))")
        #expect(result.dropFirst(2).first?.instruction == "Leave the ferry and turn right onto Quay Street")
    }

    @Test("a turn at the destination's own junction is left to the arrival; a turn into its street is not")
    func turnBeforeTheDestination() throws {
        let atJunction = try steps(RoutingFixtures.crossroads(), RoutingFixtures.south, OSMFixture.coordinate(x: 5, y: 0))
        #expect(atJunction.map(\.maneuver) == [.depart, .arrive], "\(atJunction.map(\.instruction))")
        let intoStreet = try steps(RoutingFixtures.crossroads(), RoutingFixtures.south, OSMFixture.coordinate(x: 20, y: 0))
        #expect(intoStreet.map(\.maneuver) == [.depart, .turnRight, .arrive], "\(intoStreet.map(\.instruction))")
        #expect(intoStreet.dropFirst().first?.instruction == "Turn right onto Eastway")
    }

    @Test("setting off 20 m before a turn keeps the turn; setting off at the junction folds it into the departure")
    func turnAfterTheOrigin() throws {
        let east = RoutingFixtures.eastEnd
        let before = try steps(RoutingFixtures.crossroads(), OSMFixture.coordinate(x: 0, y: -20), east)
        #expect(before.map(\.maneuver) == [.depart, .turnRight, .arrive], "\(before.map(\.instruction))")
        #expect(before.first?.instruction == "Head north on Southway")
        let atJunction = try steps(RoutingFixtures.crossroads(), OSMFixture.coordinate(x: 0, y: -4), east)
        #expect(atJunction.map(\.maneuver) == [.depart, .arrive], "\(atJunction.map(\.instruction))")
        #expect(atJunction.first?.instruction == "Head east on Eastway")
    }

    /// Main Street forks, both branches streets; and further on it turns left where another street goes on.
    @Test("where the route keeps its road through a fork or a turn, the instruction says to stay on it")
    func stayingOnTheRoad() throws {
        var fork = OSMFixture()
        fork.node(1, x: 0, y: -400)
        fork.node(2, x: 0, y: 0)
        fork.node(3, x: -80, y: 300)
        fork.node(4, x: 80, y: 300)
        fork.way(1, [1, 2, 3], ["highway": "residential", "name": "Main Street"])
        fork.way(2, [2, 4], ["highway": "residential", "name": "Harbour Road"])
        let kept = try steps(fork, OSMFixture.coordinate(x: 0, y: -390), OSMFixture.coordinate(x: -78, y: 292))
        #expect(kept.map(\.instruction) == ["Head north on Main Street", "Keep left to stay on Main Street", kept.last?.instruction ?? ""])

        var corner = OSMFixture()
        corner.node(1, x: 0, y: -400)
        corner.node(2, x: 0, y: 0)
        corner.node(3, x: -400, y: 0)
        corner.node(4, x: 0, y: 400)
        corner.way(1, [1, 2, 3], ["highway": "residential", "name": "Main Street"])
        corner.way(2, [2, 4], ["highway": "residential", "name": "Straight Street"])
        let turned = try steps(corner, OSMFixture.coordinate(x: 0, y: -390), OSMFixture.coordinate(x: -390, y: 0))
        #expect(turned.dropFirst().first?.instruction == "Turn left to stay on Main Street", "\(turned.map(\.instruction))")
    }
}

/// The whole sample map: what a driver hears on real routes.
extension StepTests {
    @Test("on 100 Helsinki routes few steps are name changes and few maneuvers are less than 20 m apart")
    func helsinkiStepsAreClean() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        var generator = SeededGenerator(seed: 14_014)
        var steps: [RouteStep] = []
        var inner: [RouteStep] = []
        var routes = 0
        while routes < 100 {
            let a = Coordinate(
                latitude: .random(in: 60.158...60.182, using: &generator),
                longitude: .random(in: 24.925...24.960, using: &generator))
            let b = Coordinate(
                latitude: .random(in: 60.158...60.182, using: &generator),
                longitude: .random(in: 24.925...24.960, using: &generator))
            let result = router.route(RouteRequest(waypoints: [Waypoint(coordinate: a), Waypoint(coordinate: b)]))
            guard let route = result.routes.first else { continue }
            routes += 1
            steps += route.steps
            // Two junctions a few metres apart are one maneuver (a junction drawn as two nodes, a divided road).
            for step in route.steps.dropFirst().dropLast(2) {
                #expect(step.distanceMeters >= 2, "\(route.steps.map(\.instruction)): \(step.instruction)")
            }
            inner += route.steps.dropFirst().dropLast(2)
        }
        let nameChanges = steps.filter { $0.instruction.hasPrefix("Continue onto") }.count
        #expect(Double(nameChanges) / Double(steps.count) < 0.03, "\(nameChanges) of \(steps.count)")
        // Close maneuvers are each a choice (a jog onto another street, a turn and then a fork): Valhalla's
        // narrative of the same paths has 4.5 % of its maneuvers less than 20 m before the next.
        let close = inner.filter { $0.distanceMeters < 20 }.count
        #expect(Double(close) / Double(inner.count) < 0.07, "\(close) of \(inner.count)")
    }
}
