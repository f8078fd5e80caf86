public import NavProtocol

/// Combines the sentences a receiver sends for one measurement epoch (RMC, GGA, GNS, GLL, VTG sharing a time
/// of day) into one ``GPSFix`` with source `nmea`, dated by the receiver's own RMC or ZDA dates.
///
/// An epoch ends when a sentence with another time arrives, or as soon as it holds every sentence type the
/// previous complete epoch had, so a receiver's usual burst yields its fix without waiting a second for the
/// next one; sentences of an epoch already ended that way are ignored. VTG carries no time and joins the
/// epoch it arrives in; ZDA only states the date. Position sentences without a time (a receiver without a
/// fix sends `$GPRMC,,V,…`) end the epoch they are in and never reach the next one.
///
/// - An epoch makes a fix when no position sentence in it says "no fix" (RMC or GLL status `V`, GGA quality
///   0, no GNS constellation with a fix, a mode indicator `N`) and at least one vouches for one. A GGA from
///   fewer than 3 satellites vouches for nothing (gpsd, too, treats it as no fix unless RMC or GLL says
///   otherwise): receivers send it while they coast on a stale solution.
/// - Position comes from RMC, else GGA, else GNS, else GLL; speed and course from RMC, else VTG; altitude,
///   satellites and HDOP from GGA, else GNS.
/// - `horizontalAccuracy` is HDOP × ``metersPerHDOP`` (5 m by default: a typical user equivalent range error
///   for a consumer receiver), `nil` without HDOP.
/// - The date comes from the epoch's RMC, else from the latest valid RMC or ZDA date, rolled over at midnight.
///   A fix before any date is known is never guessed from a clock when `dateFallback` is `nil` (replay): it
///   waits, and is emitted with the right date as soon as an RMC or ZDA states one (midnight crossings
///   counted backwards). Fixes still waiting at ``finish()`` are dropped and counted in ``fixesWithoutDate``.
public struct NMEAFixAssembler: Sendable {
    /// Metres of horizontal accuracy per unit of HDOP.
    public var metersPerHDOP: Double
    /// Epochs that ended without a valid position, for diagnostics.
    public private(set) var epochsWithoutFix = 0
    /// Fixes dropped because no date was ever stated for them (no RMC or ZDA date before the end of input or
    /// within ``maximumFixesAwaitingDate`` epochs).
    public private(set) var fixesWithoutDate = 0
    /// The most fixes held while waiting for a date; the oldest is dropped (and counted) beyond it. A day at
    /// 1 Hz: by then a receiver that states dates has long done so.
    public var maximumFixesAwaitingDate = 86_400

    private let dateFallback: (@Sendable () -> Timestamp)?
    private var pending: Epoch?
    private var completeMask: UInt8 = 0
    private var knownDate: DateReference?
    private var awaitingDate: [UndatedFix] = []
    /// The time of the epoch that ended early because its burst was complete; late sentences of it are ignored.
    private var lastCompletedTime: Int?

    private struct Epoch {
        var timeOfDay: Int?
        var mask: UInt8 = 0
        var rmc: NMEASentence.RMC?
        var gga: NMEASentence.GGA?
        var vtg: NMEASentence.VTG?
        var gll: NMEASentence.GLL?
        var gns: NMEASentence.GNS?
        var saysNoFix = false
        var vouchesForFix = false

        /// Sentence types that carry a time of day (all but VTG).
        static let timedTypes: UInt8 = 0b1_1011

        /// Whether a sentence at `time` starts another epoch: this one has another time, or is a timeless
        /// burst of position sentences (a receiver without a fix) rather than a VTG waiting for its epoch.
        func endsBefore(_ time: Int) -> Bool {
            if let timeOfDay { return timeOfDay != time }
            return mask & Self.timedTypes != 0
        }

        /// Takes a position sentence's word on whether there is a fix: `nil` when it vouches for nothing.
        mutating func add(verdict valid: Bool?) {
            switch valid {
            case true?: vouchesForFix = true
            case false?: saysNoFix = true
            case nil: break
            }
        }
    }

    /// A day and a time of day on it: later times of day are dated from the nearest such reference.
    private struct DateReference {
        var day: Int
        var timeOfDay: Int

        private static let halfDay = 43_200_000

        /// The day of `time`, taking it to lie within half a day of this reference.
        func day(of time: Int) -> Int {
            if time - timeOfDay > Self.halfDay { return day - 1 }
            if timeOfDay - time > Self.halfDay { return day + 1 }
            return day
        }
    }

    /// A complete fix but for its date: `timestamp` holds the time of day only until it is dated.
    private struct UndatedFix {
        var fix: GPSFix
        var timeOfDay: Int
    }

    /// - Parameters:
    ///   - metersPerHDOP: horizontal accuracy per unit of HDOP.
    ///   - dateFallback: the current time, used for the date only while no RMC or ZDA has given one (a live
    ///     GGA-only receiver reports the present). Pass `nil` for replay, where fixes wait for their date.
    public init(metersPerHDOP: Double = 5, dateFallback: (@Sendable () -> Timestamp)? = nil) {
        self.metersPerHDOP = metersPerHDOP
        self.dateFallback = dateFallback
    }

    /// Fixes held until an RMC or ZDA states their date.
    public var fixesAwaitingDate: Int { awaitingDate.count }

    /// Adds a sentence; returns the fixes it completed (usually none or one; more when a date arrives for
    /// fixes that waited for it).
    public mutating func add(_ sentence: NMEASentence) -> [GPSFix] {
        var fixes = [GPSFix]()
        if case .zda(let zda) = sentence {
            if let day = zda.daysSince1970, let time = zda.timeOfDay {
                learnDate(DateReference(day: day, timeOfDay: time), into: &fixes)
            }
            return fixes
        }
        if let time = sentence.timeOfDay {
            if let current = pending, current.endsBefore(time) {
                completeMask = current.timeOfDay == nil ? completeMask : current.mask
                pending = nil
                finishEpoch(current, into: &fixes)
            }
            if pending == nil {
                // A late sentence of an epoch that ended early: the receiver's burst is larger than learnt.
                guard time != lastCompletedTime else {
                    completeMask |= Self.bit(of: sentence)
                    return fixes
                }
                pending = Epoch()
            }
            pending?.timeOfDay = time
        } else if pending == nil {
            pending = Epoch()
        }
        guard var epoch = pending else { return fixes }
        epoch.mask |= Self.bit(of: sentence)
        switch sentence {
        case .rmc(let rmc):
            if epoch.rmc == nil { epoch.rmc = rmc }
            epoch.add(verdict: rmc.isValid)
        case .gga(let gga):
            if epoch.gga == nil { epoch.gga = gga }
            epoch.add(verdict: Self.verdict(of: gga))
        case .vtg(let vtg):
            if epoch.vtg == nil { epoch.vtg = vtg }
        case .gll(let gll):
            if epoch.gll == nil { epoch.gll = gll }
            epoch.add(verdict: gll.isValid)
        case .gns(let gns):
            if epoch.gns == nil { epoch.gns = gns }
            epoch.add(verdict: gns.isValid)
        case .zda:
            break
        }
        if completeMask != 0, let time = epoch.timeOfDay, epoch.mask & completeMask == completeMask {
            pending = nil
            lastCompletedTime = time
            finishEpoch(epoch, into: &fixes)
        } else {
            pending = epoch
        }
        return fixes
    }

    /// Ends the input: returns the fix of the epoch in progress, if it makes one and its date is known, and
    /// counts the fixes that never learnt their date in ``fixesWithoutDate``.
    /// - Parameter placeholderDay: for a replay restamped to the present, where only the spacing of the fixes
    ///   matters: fixes of an input that never stated a date are put on this day (days since 1970) instead of
    ///   being dropped.
    public mutating func finish(placeholderDay: Int? = nil) -> [GPSFix] {
        var fixes = [GPSFix]()
        if let epoch = pending {
            pending = nil
            finishEpoch(epoch, into: &fixes)
        }
        if let placeholderDay, let first = awaitingDate.first {
            // Dating forwards from the first fix keeps midnight crossings in the spacing.
            knownDate = DateReference(day: placeholderDay, timeOfDay: first.timeOfDay)
            for index in awaitingDate.indices {
                let time = awaitingDate[index].timeOfDay
                let day = knownDate?.day(of: time) ?? placeholderDay
                knownDate = DateReference(day: day, timeOfDay: time)
                awaitingDate[index].fix.timestamp = Self.timestamp(day: day, time: time)
            }
            fixes += awaitingDate.map(\.fix)
        } else {
            fixesWithoutDate += awaitingDate.count
        }
        awaitingDate.removeAll()
        return fixes
    }

    private mutating func finishEpoch(_ epoch: Epoch, into fixes: inout [GPSFix]) {
        // A valid RMC states the date even in an epoch that makes no fix; an RMC with status V may carry
        // the guess of a receiver that has not yet heard a satellite.
        if let rmc = epoch.rmc, rmc.isValid, let day = rmc.daysSince1970, let time = epoch.timeOfDay {
            learnDate(DateReference(day: day, timeOfDay: time), into: &fixes)
        }
        guard let time = epoch.timeOfDay, var fix = fix(of: epoch) else {
            epochsWithoutFix += 1
            return
        }
        if let reference = knownDate {
            let day = reference.day(of: time)
            knownDate = DateReference(day: day, timeOfDay: time)
            fix.timestamp = Self.timestamp(day: day, time: time)
            fixes.append(fix)
        } else if let now = dateFallback?().secondsSince1970 {
            let today = Int((now / 86_400).rounded(.down))
            let reference = DateReference(day: today, timeOfDay: Int((now - Double(today) * 86_400) * 1000))
            fix.timestamp = Self.timestamp(day: reference.day(of: time), time: time)
            fixes.append(fix)
        } else {
            if awaitingDate.count >= maximumFixesAwaitingDate {
                awaitingDate.removeFirst()
                fixesWithoutDate += 1
            }
            awaitingDate.append(UndatedFix(fix: fix, timeOfDay: time))
        }
    }

    /// Takes a stated date as the reference, and dates the fixes that waited for one, counting midnight
    /// crossings backwards from it.
    private mutating func learnDate(_ reference: DateReference, into fixes: inout [GPSFix]) {
        knownDate = reference
        guard !awaitingDate.isEmpty else { return }
        var later = reference
        for index in awaitingDate.indices.reversed() {
            let time = awaitingDate[index].timeOfDay
            later = DateReference(day: later.day(of: time), timeOfDay: time)
            awaitingDate[index].fix.timestamp = Self.timestamp(day: later.day, time: time)
        }
        fixes += awaitingDate.map(\.fix)
        awaitingDate.removeAll()
    }

    /// The sentence type's bit in an epoch's mask of types seen.
    private static func bit(of sentence: NMEASentence) -> UInt8 {
        switch sentence {
        case .rmc: 1
        case .gga: 2
        case .vtg: 4
        case .gll: 8
        case .gns: 16
        case .zda: 0
        }
    }

    /// What a GGA says about the fix: quality 0 is none, fewer than 3 satellites vouch for nothing.
    private static func verdict(of gga: NMEASentence.GGA) -> Bool? {
        guard gga.isValid else { return false }
        if let satellites = gga.satellites, satellites < 3 { return nil }
        return true
    }

    /// The epoch's fix with its time of day as timestamp, or `nil` without a valid position.
    private func fix(of epoch: Epoch) -> GPSFix? {
        let position: (latitude: Double, longitude: Double)? =
            if let rmc = epoch.rmc, let lat = rmc.latitude, let lon = rmc.longitude { (lat, lon) }
            else if let gga = epoch.gga, let lat = gga.latitude, let lon = gga.longitude { (lat, lon) }
            else if let gns = epoch.gns, let lat = gns.latitude, let lon = gns.longitude { (lat, lon) }
            else if let gll = epoch.gll, let lat = gll.latitude, let lon = gll.longitude { (lat, lon) }
            else { nil }
        guard let time = epoch.timeOfDay, epoch.vouchesForFix, !epoch.saysNoFix, let position else { return nil }
        let hdop = epoch.gga?.hdop ?? epoch.gns?.hdop
        return GPSFix(
            latitude: position.latitude, longitude: position.longitude,
            altitude: epoch.gga?.altitude ?? epoch.gns?.altitude, course: epoch.rmc?.course ?? epoch.vtg?.course,
            speed: epoch.rmc?.speed ?? epoch.vtg?.speed, horizontalAccuracy: hdop.map { $0 * metersPerHDOP },
            timestamp: Self.timestamp(day: 0, time: time), source: "nmea",
            satellites: epoch.gga?.satellites ?? epoch.gns?.satellites)
    }

    private static func timestamp(day: Int, time: Int) -> Timestamp {
        Timestamp(secondsSince1970: Double(day) * 86_400 + Double(time) / 1000)
    }
}
