import NavCore
import Foundation
import NavBus
import NavNavigator
import NavProtocol

/// A navigator in the test's own thread, with its events collected and a clock the test turns.
final class NavigatorHarness {
    final class Clock: @unchecked Sendable {
        var now = 1_795_950_000.0
    }

    let navigator: Navigator
    let clock: Clock
    let counters: BusCounters
    private let sink: EventSink

    final class EventSink {
        var events: [NavigatorEvent] = []
    }

    /// All events so far.
    var events: [NavigatorEvent] { sink.events }

    init(map: NavigatorMap, stateDirectory: String? = nil, settings: Navigator.Settings = Navigator.Settings()) throws {
        let clock = Clock()
        let sink = EventSink()
        let counters = BusCounters()
        self.clock = clock
        self.sink = sink
        self.counters = counters
        navigator = try Navigator(
            map: map, settings: settings, stateDirectory: stateDirectory, counters: counters, clock: { clock.now }
        ) { sink.events.append($0) }
    }

    /// Forgets the events collected so far.
    func clearEvents() { sink.events.removeAll() }

    /// Feeds a fix and returns the events it caused.
    @discardableResult
    func send(_ fix: GPSFix, vehicle: String = "default") -> [NavigatorEvent] {
        let before = sink.events.count
        navigator.process(fix, vehicle: vehicle)
        return Array(sink.events[before...])
    }

    var arrivals: [Arrival] {
        events.compactMap { if case .arrival(let arrival) = $0.payload { arrival } else { nil } }
    }

    var routeChanges: [RouteChanged] {
        events.compactMap { if case .routeChanged(let change) = $0.payload { change } else { nil } }
    }

    var locations: [SnappedLocation] {
        events.compactMap { if case .location(let location) = $0.payload { location } else { nil } }
    }

    var delayCategories: [DelayCategory] {
        events.compactMap { if case .delayCategory(let update) = $0.payload { update.category } else { nil } }
    }

    var remainingTimes: [Double] {
        events.compactMap { if case .remainingTime(let time) = $0.payload { time.seconds } else { nil } }
    }

    /// Starts guidance to `destinations` from the vehicle's first fix.
    func startTrip(from fix: GPSFix, to destinations: [Waypoint], vehicle: String = "default") -> RouteStatus {
        send(fix, vehicle: vehicle)
        _ = navigator.setUpdatingLocation(true, VehicleParams(vehicle: vehicle))
        let status = navigator.setDestinations(SetDestinationsParams(vehicle: vehicle, waypoints: destinations))
            .routeStatus
        _ = navigator.setGuidanceActive(SetGuidanceActiveParams(vehicle: vehicle, active: true))
        return status
    }
}
