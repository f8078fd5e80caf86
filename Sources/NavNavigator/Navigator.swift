import NavCore
public import NavBus
import NavGuidance
import NavMap
public import NavProtocol
import NavRouting
import NavService

/// The navigator core: one guidance session per vehicle, fed by raw fixes, traffic and control calls,
/// answering with `nav.*` events.
///
/// It adapts the pure ``GuidanceEngine`` to a service: it plans routes with the map's router, answers the
/// engine's reroute requests, applies traffic, checks for faster routes, expires idle sessions and
/// saves every session so a restart resumes where it stopped. It is not thread-safe: the service calls it
/// from one reactor thread, which is what lets sessions live without locks.
public final class Navigator {
    /// Tuning of the service around the engine.
    public struct Settings: Sendable {
        /// Seconds without a fix or a call after which a vehicle's session is dropped (default 1800).
        public var sessionIdleTimeout: Double
        /// Least time in seconds between saves of a session's progress (default 2). Route changes,
        /// arrivals and control calls are saved at once, whatever this says.
        public var saveInterval: Double
        /// Most seconds one ``Navigator/tick()`` spends saving progress (default 0.1), so a large fleet
        /// with a state directory spreads its saves over several ticks instead of stalling the loop;
        /// the sessions saved longest ago go first.
        public var saveBudgetPerTick: Double
        /// Seconds between faster-route checks of one vehicle while traffic delays it (default 60).
        public var fasterRouteCheckInterval: Double
        /// Most faster-route searches per ``Navigator/tick()``, so a fleet cannot stall the loop.
        public var fasterRouteChecksPerTick: Int
        /// Most seconds a fix's time may be ahead of the navigator's clock (default one day); later fixes are
        /// refused (`fixesFromFuture`). Generous because a simulator played faster than real time runs ahead.
        public var maximumFixLead: Double

        /// Creates settings.
        public init(
            sessionIdleTimeout: Double = 1800, saveInterval: Double = 2, saveBudgetPerTick: Double = 0.1,
            fasterRouteCheckInterval: Double = 60, fasterRouteChecksPerTick: Int = 20, maximumFixLead: Double = 86_400
        ) {
            self.maximumFixLead = maximumFixLead
            self.sessionIdleTimeout = sessionIdleTimeout
            self.saveInterval = saveInterval
            self.saveBudgetPerTick = saveBudgetPerTick
            self.fasterRouteCheckInterval = fasterRouteCheckInterval
            self.fasterRouteChecksPerTick = fasterRouteChecksPerTick
        }
    }

    /// A session and what the navigator tracks about it at run time (not saved).
    struct LiveSession {
        var session: VehicleSession
        var lastActivity: Double
        var isDirty = false
        var lastSaved = -Double.infinity
        var hasTraffic = false
        var nextFasterRouteCheck = 0.0
        /// Counts route replacements, so cached step lists of an old route are never reused.
        var routeGeneration = 0
        var remainingSteps = RemainingStepsCache()
        /// Voice prompts made by inputs since the last publish, published with the next payloads.
        var pendingPrompts: [NavProtocol.VoicePrompt] = []
        /// Fixes in a row older than the engine's clock (see ``FixClockGuard``).
        var clockGuard = FixClockGuard()

        /// Takes the extras of a new route (or none, when the route is cleared).
        mutating func install(_ legs: [SessionLeg]) {
            session.legs = legs
            routeGeneration += 1
            hasTraffic = false
        }

        /// Nav-info payloads with their remaining steps encoded once per step rather than per message.
        mutating func withEncodedSteps(_ payloads: [NavigatorEvent.Payload]) -> [NavigatorEvent.Payload] {
            payloads.map { payload in
                guard case .navInfo(let message) = payload, let current = message.info.currentStep else {
                    return payload
                }
                let steps = remainingSteps.json(
                    generation: routeGeneration, leg: session.guidance.currentLegIndex, current: current,
                    remaining: message.info.remainingSteps)
                return .navInfo(NavInfoMessage(message.info, encodedSteps: steps))
            }
        }
    }

    let map: NavigatorMap
    let settings: Settings
    let counters: BusCounters
    let log: (String) -> Void
    let clock: () -> Double
    let emit: (NavigatorEvent) -> Void
    let store: SessionStore?
    private let engines: [TravelMode: GuidanceEngine]
    var sessions: [String: LiveSession] = [:]
    var traffic = TrafficPicture()
    /// Problems with single fixes, which can come by the thousand: summarised, not logged one by one.
    let fixWarnings: WarningSummary

    /// Creates a navigator and restores the sessions saved in `stateDirectory`.
    /// - Parameters:
    ///   - map: The loaded map.
    ///   - settings: Timeouts and intervals.
    ///   - stateDirectory: Where sessions are saved; `nil` keeps them in memory only.
    ///   - counters: Where `fixesProcessed`, `reroutes`, `routeRequests` and the like are counted.
    ///   - log: Receives what an operator should hear about: unreadable saved sessions, failed saves,
    ///     failed reroutes.
    ///   - clock: Wall-clock seconds since 1970, for idle timeouts and traffic expiry (fix times drive the
    ///     engine).
    ///   - emit: Receives every event to publish, in order.
    /// - Throws: ``SessionStoreError`` when the state directory cannot be created.
    public init(
        map: NavigatorMap, settings: Settings = Settings(), stateDirectory: String? = nil,
        counters: BusCounters = BusCounters(), log: @escaping (String) -> Void = { _ in },
        clock: @escaping () -> Double = { Timestamp.now().secondsSince1970 },
        emit: @escaping (NavigatorEvent) -> Void
    ) throws(SessionStoreError) {
        self.map = map
        self.settings = settings
        self.counters = counters
        self.log = log
        self.clock = clock
        self.emit = emit
        fixWarnings = WarningSummary(label: "fixes ignored", emit: log)
        var engines: [TravelMode: GuidanceEngine] = [:]
        for mode in TravelMode.allCases {
            engines[mode] = GuidanceEngine(matcher: MapRoadMatcher(router: map.router, mode: mode))
        }
        self.engines = engines
        store = try stateDirectory.map { directory throws(SessionStoreError) in try SessionStore(directory: directory) }
        restore()
    }

    /// Vehicles with a session.
    public var sessionCount: Int { sessions.count }

    /// The vehicles with a session, sorted.
    public var vehicles: [String] { sessions.keys.sorted() }

    // MARK: Fixes

    /// Processes one raw fix of a vehicle, creating its session on first use, and publishes the events.
    /// - Parameters:
    ///   - fix: The `gps.fix.v1` payload.
    ///   - vehicle: The envelope's subject.
    public func process(_ fix: GPSFix, vehicle: String) {
        if let problem = fix.validationProblem {
            counters.add("malformedFixes")
            fixWarnings.note("a fix for \(vehicle): \(problem)")
            return
        }
        if let problem = Vehicle.problem(with: vehicle) {
            counters.add("invalidVehicleIDs")
            fixWarnings.note(problem)
            return
        }
        let time = fix.timestamp.secondsSince1970
        guard time - clock() <= settings.maximumFixLead else {
            counters.add("fixesFromFuture")
            fixWarnings.note("a fix for \(vehicle) dated \(fix.timestamp.rfc3339), ahead of this clock by more than \(Int(settings.maximumFixLead)) s")
            return
        }
        let input = Fix(
            latitude: fix.latitude, longitude: fix.longitude, altitude: fix.altitude, course: fix.course,
            speed: fix.speed, horizontalAccuracy: fix.horizontalAccuracy, time: time)
        let events = withSession(vehicle) { live -> [NavigatorEvent.Payload]? in
            switch live.clockGuard.assess(time: time, engineTime: live.session.guidance.latestFixTime) {
            case .accept:
                break
            case .ignoreOutOfOrder:
                counters.add("fixesOutOfOrder")
                return nil
            case .restartClock:
                counters.add("fixClockRestarts")
                log("the fix clock of \(vehicle) was ahead of its fixes; following the fixes from \(fix.timestamp.rfc3339)")
                live.session.guidance.restartFixClock()
                live.session.lastFix = nil
            }
            counters.add("fixesProcessed")
            // A fix older than the latest (resent after a restart, reordered) must not move the origin back.
            if fix.timestamp >= (live.session.lastFix?.timestamp ?? fix.timestamp) { live.session.lastFix = fix }
            let engineEvents = apply(.fix(input), to: &live)
            var payloads = live.withEncodedSteps(live.session.payloads(for: engineEvents))
            for case .rerouteRequested(let origin, let heading) in engineEvents {
                counters.add("rerouteRequests")
                payloads.append(.navInfo(NavInfoMessage(live.session.reroutingNavInfo())))
                payloads += replaceRoute(of: &live, from: origin, heading: heading, reason: .offRoute)
            }
            if !live.session.legs.isEmpty || live.session.guidance.isUpdatingLocation {
                live.isDirty = true
            }
            return payloads
        }
        if let events { publish(events, vehicle: vehicle) }
    }

    // MARK: Periodic work

    /// Does the time-driven work: expires traffic and idle sessions, saves sessions with unsaved
    /// progress, and looks for faster routes. The service calls it about once a second.
    public func tick() {
        let now = clock()
        fixWarnings.flush()
        if traffic.expire(now: now) { reapplyTraffic() }
        for (vehicle, live) in sessions where now - live.lastActivity > settings.sessionIdleTimeout {
            sessions[vehicle] = nil
            store?.remove(vehicle: vehicle)
            counters.add("sessionsExpired")
        }
        saveProgress(now: now)
        checkFasterRoutes(now: now)
    }

    /// Saves every session with unsaved progress (on shutdown).
    public func flush() {
        for vehicle in sessions.keys where sessions[vehicle]?.isDirty == true {
            save(&sessions[vehicle]!)
        }
    }

    // MARK: Sessions

    /// Runs `body` on a vehicle's session, creating it when missing, and marks the vehicle active.
    func withSession<Result>(_ vehicle: String, _ body: (inout LiveSession) throws -> Result) rethrows -> Result {
        let now = clock()
        if let index = sessions.index(forKey: vehicle) {
            sessions.values[index].lastActivity = now
            return try body(&sessions.values[index])
        }
        var live = LiveSession(session: VehicleSession(vehicle: vehicle), lastActivity: now)
        defer { sessions[vehicle] = live }
        return try body(&live)
    }

    /// Feeds one input to the vehicle's engine.
    func apply(_ input: GuidanceInput, to live: inout LiveSession) -> [GuidanceEvent] {
        let engine = engines[live.session.guidance.options.travelMode] ?? GuidanceEngine()
        let events = engine.apply(input, to: &live.session.guidance)
        live.pendingPrompts += live.session.voicePrompts(after: input, events: events)
        return events
    }

    /// Publishes payloads about a vehicle; milestones are saved first, so a crash right after an arrival
    /// cannot announce it again after the restart.
    func publish(_ payloads: [NavigatorEvent.Payload], vehicle: String, saveFirst: Bool = false) {
        var payloads = payloads
        if let prompts = sessions[vehicle]?.pendingPrompts, !prompts.isEmpty {
            sessions[vehicle]?.pendingPrompts = []
            counters.add("voicePrompts", UInt64(prompts.count))
            payloads += prompts.map(NavigatorEvent.Payload.voicePrompt)
        }
        let events = payloads.map { NavigatorEvent(vehicle: vehicle, payload: $0) }
        if saveFirst || events.contains(where: \.isMilestone) { saveNow(vehicle) }
        for event in events { emit(event) }
    }

    /// Saves a vehicle's session now, after a control call changed it.
    func saveNow(_ vehicle: String) {
        guard sessions[vehicle] != nil else { return }
        save(&sessions[vehicle]!)
    }

    /// Saves sessions whose progress has gone unsaved for the save interval, oldest first, within the
    /// tick's budget.
    private func saveProgress(now: Double) {
        guard store != nil else { return }
        let due = sessions.filter { $0.value.isDirty && now - $0.value.lastSaved >= settings.saveInterval }
            .sorted { $0.value.lastSaved < $1.value.lastSaved }.map(\.key)
        let deadline = MonotonicClock.seconds() + settings.saveBudgetPerTick
        for vehicle in due {
            guard MonotonicClock.seconds() < deadline else { return }
            save(&sessions[vehicle]!)
        }
    }

    func save(_ live: inout LiveSession) {
        live.isDirty = false
        live.lastSaved = clock()
        guard let store else { return }
        guard live.session.isWorthSaving else {
            store.remove(vehicle: live.session.vehicle)
            return
        }
        do {
            try store.save(live.session)
            counters.add("stateSaves")
        } catch {
            counters.add("stateSaveFailures")
            log("cannot save the session of \(live.session.vehicle): \(error)")
        }
    }

    private func restore() {
        guard let store else { return }
        let (restored, problems) = store.loadAll()
        for problem in problems { log("skipping saved session \(problem)") }
        var skipped = UInt64(problems.count)
        let now = clock()
        var resumed: UInt64 = 0
        for var session in restored {
            if let problem = session.integrityProblem {
                log("skipping saved session \(store.file(for: session.vehicle)): \(problem)")
                skipped += 1
                continue
            }
            // A fix from the future saved before this check existed would keep the vehicle frozen.
            if let latest = session.guidance.latestFixTime, latest - now > settings.maximumFixLead {
                session.guidance.restartFixClock()
                session.lastFix = nil
                counters.add("fixClockRestarts")
                log("the saved fix clock of \(session.vehicle) is in the future; it follows the next fix instead")
            }
            sessions[session.vehicle] = LiveSession(session: session, lastActivity: now)
            resumed += 1
        }
        reapplyTraffic()
        counters.add("sessionsRestored", resumed)
        if skipped > 0 { counters.add("sessionsSkipped", skipped) }
    }
}
