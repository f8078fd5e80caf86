import Foundation
import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Where two maneuvers close together are still two choices, where a maneuver is no choice at all (a merge at
/// the end of a ramp, an exit passed on a motorway), and what a step is named after.
extension StepTests {
    /// West Street ends at one-way Main Street, where the driver turns right; 10 m on, Main Street forks and the
    /// route bears left while the other branch goes straight on. Joined into one "Turn right", that second choice
    /// would be lost and the driver would carry straight on.
    @Test("a turn and a fork 10 m after it are two maneuvers")
    func turnThenForkAreTwoManeuvers() throws {
        var osm = OSMFixture()
        osm.node(1, x: 300, y: 0)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 10)
        osm.node(4, x: -100, y: 150)
        osm.node(5, x: 0, y: 300)
        osm.node(6, x: 0, y: -300)
        osm.way(1, [1, 2], ["highway": "residential", "name": "West Street"])
        osm.way(2, [6, 2, 3], ["highway": "residential", "name": "Main Street", "oneway": "yes"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "Main Street"])
        osm.way(4, [3, 5], ["highway": "residential", "name": "Main Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 290, y: 0), OSMFixture.coordinate(x: -95, y: 143))
        #expect(result.map(\.instruction) == [
            "Head west on West Street", "Turn right onto Main Street", "Turn slightly left to stay on Main Street",
            "You have arrived at your destination",
        ])
    }

    /// Right onto Cross Street and, 30 m on, right again onto Back Street: the driver turns twice at two
    /// junctions, each with another way on, and heading back the way they came is no U-turn ("Make a U-turn"
    /// would have them turn round on Cross Street). Through a median gap onto the same road it still is one
    /// (``medianGapIsOneUTurn()``).
    @Test("two turns the same way onto another street are two turns, not a U-turn")
    func twoTurnsTheSameWayAreNoUTurn() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 30, y: 0)
        osm.node(4, x: 30, y: -300)
        osm.node(5, x: -300, y: 0)
        osm.node(6, x: 300, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "name": "South Street"])
        osm.way(2, [5, 2, 3, 6], ["highway": "residential", "name": "Cross Street"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "Back Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 30, y: -250))
        #expect(result.map(\.instruction) == [
            "Head north on South Street", "Turn right onto Cross Street", "Turn right onto Back Street",
            "You have arrived at your destination",
        ])
    }

    /// Entry Road, its on-ramp onto motorway 7/15 (OSM `ref=7;15`, no name), and an exit the route passes
    /// before the end: the ramp names the motorway it leads onto, the merge at its end is no step of its own
    /// (the ramp leads nowhere else), and driving past an exit is no "Keep left".
    @Test("the ramp names the motorway, its merge is no step, an exit passed is no fork")
    func rampOntoTheMotorwayIsOneStep() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -1000)
        osm.node(10, x: 0, y: -500)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 1000)
        osm.node(9, x: 0, y: 2000)
        osm.node(8, x: -400, y: -700)
        osm.node(6, x: -60, y: -700)
        osm.node(4, x: 40, y: 300)
        osm.node(5, x: 300, y: 600)
        osm.node(7, x: 600, y: 600)
        osm.way(1, [1, 10, 2, 3, 9], ["highway": "motorway", "ref": "7;15", "oneway": "yes"])
        osm.way(2, [8, 6], ["highway": "primary", "name": "Entry Road"])
        osm.way(3, [6, 10], ["highway": "motorway_link", "oneway": "yes"])
        osm.way(4, [2, 4, 5], ["highway": "motorway_link", "oneway": "yes"])
        osm.way(5, [5, 7], ["highway": "primary", "name": "Exit Road"])
        // The motorway ends in the fixture; the ends are given as OSM ways rather than snapped.
        let router = Router(graph: try osm.graph())
        let result = router.route(
            RouteRequest(waypoints: [Waypoint(placeID: "osm:way/2"), Waypoint(placeID: "osm:way/1")]))
        let steps = result.routes.first?.steps ?? []
        #expect(steps.map(\.maneuver) == [.depart, .onRamp, .arrive], "\(steps.map(\.instruction))")
        #expect(steps.dropFirst().first?.instruction == "Take the ramp onto 7/15")
        #expect(steps.dropFirst().first?.roadName == "7/15")
    }

    /// From a service road straight on into a residential street that is called "Short Piece" for its first
    /// 5 m and "Long Road" after: the step is about Long Road, the road the driver is on.
    @Test("a step is named after the road it leads onto, not a piece of a few metres at its junction")
    func stepIsNamedAfterTheRoadItLeadsOnto() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 5)
        osm.node(4, x: 0, y: 400)
        osm.way(1, [1, 2], ["highway": "service"])
        osm.way(2, [2, 3], ["highway": "residential", "name": "Short Piece"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "Long Road"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 0, y: 390))
        #expect(result.map(\.instruction) == [
            "Head north", "Continue onto Long Road", "You have arrived at your destination",
        ])
    }

    /// Setting off north in a cul-de-sac (the heading says so) 40 m from its end: the car turns round at the end,
    /// which is a maneuver although no other road meets there.
    @Test("turning round at the end of a cul-de-sac is a U-turn")
    func turningRoundAtADeadEndIsAUTurn() throws {
        var osm = OSMFixture()
        osm.node(1, x: -300, y: 0)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 300, y: 0)
        osm.node(4, x: 0, y: 100)
        osm.way(1, [1, 2, 3], ["highway": "residential", "name": "Main Street"])
        osm.way(2, [2, 4], ["highway": "residential", "name": "Close"])
        let router = Router(graph: try osm.graph())
        let from = OSMFixture.coordinate(x: 0, y: 60)
        let result = router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: from, heading: 0), Waypoint(coordinate: OSMFixture.coordinate(x: 250, y: 0)),
            ]))
        let steps = result.routes.first?.steps ?? []
        #expect(steps.map(\.maneuver) == [.depart, .uTurn, .turnLeft, .arrive], "\(steps.map(\.instruction))")
    }
}

/// Where maneuvers start by the conventions of Valhalla's narrative (`StepBuilder+Junctions.swift`), on fixtures
/// small enough to read.
extension StepTests {
    /// Harbour Road becomes Hill Road at a 35° bend where nothing else meets: the driver follows a new street
    /// round a clear bend and is told so; at 8° the same change of name is no step.
    @Test("a new name at a bend of 35° is a step, at 8° it is not", arguments: [(35.0, true), (8.0, false)])
    func newNameAtABend(angle: Double, isStep: Bool) throws {
        var osm = OSMFixture()
        let radians = angle * .pi / 180
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 300 * sin(radians), y: 300 * cos(radians))
        osm.way(1, [1, 2], ["highway": "residential", "name": "Harbour Road"])
        osm.way(2, [2, 3], ["highway": "residential", "name": "Hill Road"])
        let result = try steps(
            osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 290 * sin(radians), y: 290 * cos(radians)))
        #expect(result.count == (isStep ? 3 : 2), "\(result.map(\.instruction))")
        if isStep { #expect(result[1].instruction == "Turn slightly right onto Hill Road") }
    }

    /// Main Street bends 35° right while Broad Avenue, a road of its class, carries straight on: staying on Main
    /// Street is a choice, said although the name does not change.
    @Test("staying on a road that bends where another goes straight on is a step")
    func stayingOnABendingRoadIsAStep() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 172, y: 246)
        osm.node(4, x: 0, y: 300)
        osm.way(1, [1, 2, 3], ["highway": "secondary", "name": "Main Street"])
        osm.way(2, [2, 4], ["highway": "secondary", "name": "Broad Avenue"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 166, y: 238))
        #expect(result.map(\.instruction) == [
            "Head north on Main Street", "Turn slightly right to stay on Main Street", "You have arrived at your destination",
        ])
    }

    /// A jog: right onto Cross Street and, 6 m on, left onto Far Street, each at a junction where Cross Street goes
    /// on. Two streets, two turns, however close ("Turn right onto Cross Street, then turn left onto Far Street").
    @Test("a jog of 6 m onto another street is two turns")
    func shortJogIsTwoTurns() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 6, y: 0)
        osm.node(4, x: 6, y: 300)
        osm.node(5, x: -300, y: 0)
        osm.node(6, x: 300, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "name": "Near Street"])
        osm.way(2, [5, 2, 3, 6], ["highway": "residential", "name": "Cross Street"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "Far Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 6, y: 290))
        #expect(result.map(\.maneuver) == [.depart, .turnRight, .turnLeft, .arrive], "\(result.map(\.instruction))")
    }
}

extension StepTests {
    /// A two-way link of 160 m from Main Street to Harbour Street, leaving Main Street 22° to the right where Main
    /// Street goes straight on: a road of its own (Valhalla's ramp), not a slip lane folded into the next turn.
    /// Taking it is a step, said as the way it goes ("Keep right", not "Take the exit": it is no motorway ramp),
    /// and so is turning off it.
    @Test("a two-way link between two streets is a step onto it and a turn off it")
    func twoWayLinkIsARoadOfItsOwn() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 300)
        osm.node(4, x: 60, y: 150)
        osm.node(5, x: 400, y: 150)
        osm.node(6, x: -300, y: 150)
        osm.way(1, [1, 2, 3], ["highway": "secondary", "name": "Main Street"])
        osm.way(2, [2, 4], ["highway": "secondary_link"])
        osm.way(3, [6, 4, 5], ["highway": "secondary", "name": "Harbour Street"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 390, y: 150))
        #expect(result.map(\.maneuver) == [.depart, .forkRight, .turnRight, .arrive], "\(result.map(\.instruction))")
    }
}

extension StepTests {
    /// Off one-way Main Road, right into Link Street and 25 m on onto a roundabout: the turn and the roundabout are
    /// two steps (a roundabout's ring is no carriageway of a divided road, whose crossing would be one turn).
    @Test("a turn 25 m before a roundabout is a step of its own")
    func turnBeforeARoundaboutIsAStep() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: 300)
        osm.node(4, x: 25, y: 0)
        osm.node(5, x: 45, y: -20)
        osm.node(6, x: 65, y: 0)
        osm.node(7, x: 45, y: 20)
        osm.node(8, x: 300, y: 0)
        osm.way(1, [1, 2, 3], ["highway": "primary", "name": "Main Road", "oneway": "yes"])
        osm.way(2, [2, 4], ["highway": "residential", "name": "Link Street", "oneway": "yes"])
        osm.way(3, [4, 5, 6, 7, 4], ["highway": "residential", "junction": "roundabout"])
        osm.way(4, [6, 8], ["highway": "residential", "name": "East Road"])
        let result = try steps(osm, OSMFixture.coordinate(x: 0, y: -290), OSMFixture.coordinate(x: 290, y: 0))
        #expect(
            result.map(\.maneuver) == [.depart, .turnRight, .roundabout, .exitRoundabout, .arrive],
            "\(result.map(\.instruction))")
    }
}
