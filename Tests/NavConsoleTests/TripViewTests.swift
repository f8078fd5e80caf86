import NavBus
import NavConsole
import NavProtocol
import Testing

/// The demo's terminal view, fed with bus messages as the demo receives them.
@Suite("Trip view")
struct TripViewTests {
    static let codec = EnvelopeCodec()

    static func message(_ topic: Topic, _ payload: some Encodable, sequence: UInt64 = 1) throws -> BusMessage {
        let header = EnvelopeHeader(
            id: "test-\(sequence)", source: "navbus://navigator/test", type: topic.eventType,
            time: ProtocolSamples.time.adding(seconds: Double(sequence)), subject: "default",
            dataschema: topic.dataSchema, sequence: sequence)
        return try codec.decode(frames: [Array(topic.rawValue.utf8), try codec.encode(header: header, payload: payload)])
    }

    @Test("a new trip, a fix and the nav info fill the header, the footer and the progress bar")
    func guidedTrip() throws {
        var view = TripView()
        view.title = "Central Station → Kamppi → Senate Square"
        let routeLine = view.apply(try Self.message(.navRouteChanged, ProtocolSamples.routeChanged))
        #expect(routeLine?.contains("route changed (newDestinations): 2 leg(s), 2.1 km") == true)
        #expect(view.apply(try Self.message(.navNavInfo, ProtocolSamples.navInfo, sequence: 2)) == nil)
        _ = view.apply(try Self.message(.navLocation, ProtocolSamples.snappedLocation, sequence: 3))
        _ = view.apply(try Self.message(.navRemainingDistance, RemainingDistance(meters: 640), sequence: 4))
        let screen = view.render()
        #expect(screen.allSatisfy { $0.count <= 78 })
        let text = screen.joined(separator: "\n")
        #expect(text.contains(try #require(ProtocolSamples.navInfo.currentStep).instruction))
        #expect(text.contains("leg 1/2 → Kamppi   640 m"))
        #expect(text.contains("on route, Kaivokatu"))
        #expect(text.contains("limit 40 km/h"))
    }

    @Test("a reroute counts and stretches the trip; an arrival is logged once and summarised")
    func rerouteAndArrival() throws {
        var view = TripView()
        _ = view.apply(try Self.message(.navRouteChanged, ProtocolSamples.routeChanged))
        let reroute = RouteChanged(reason: .offRoute, routeLegs: [ProtocolSamples.secondLeg], currentRouteLegIndex: 1)
        _ = view.apply(try Self.message(.navRouteChanged, reroute, sequence: 2))
        #expect(view.reroutes == 1)
        let arrived = view.apply(try Self.message(.navArrival, ProtocolSamples.arrival, sequence: 3))
        #expect(arrived?.contains("ARRIVED at Kamppi (waypoint 0)") == true)
        #expect(view.events.count == 3)
        #expect(view.summary().contains { $0.contains("reroutes: 1") })
    }

    @Test("a payload that does not fit its topic is reported, not trusted")
    func badPayload() throws {
        var view = TripView()
        let line = view.apply(try Self.message(.navArrival, ["waypointIndex": "first"]))
        #expect(line?.contains("could not read nav.arrival.v1") == true)
        #expect(view.arrivals.isEmpty)
    }

    @Test("the event log keeps the latest six lines")
    func boundedLog() {
        var view = TripView()
        for index in 0..<10 { _ = view.note("note \(index)") }
        #expect(view.events.count == 6)
        #expect(view.events.last?.hasSuffix("note 9") == true)
    }
}
