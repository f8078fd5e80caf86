public import NavProtocol

/// Combines the sentences a receiver sends for one measurement epoch (RMC, GGA, VTG, GLL sharing a time of
/// day) into one ``GPSFix`` with source `nmea`.
///
/// An epoch ends when a sentence with another time arrives, or as soon as it holds every sentence type the
/// previous complete epoch had, so a receiver's usual burst yields its fix without waiting a second for the
/// next one. VTG carries no time and joins the epoch it arrives in.
///
/// - Position comes from RMC, else GGA, else GLL; an epoch produces a fix only when every position sentence
///   in it reports a valid fix (RMC status `A`, GGA quality > 0, GLL status `A`, mode not `N`).
/// - Speed and course come from RMC, else VTG; altitude and satellites from GGA.
/// - `horizontalAccuracy` is HDOP × ``metersPerHDOP`` (5 m by default: a typical user equivalent range error
///   for a consumer receiver), `nil` without HDOP.
/// - The date comes from the last RMC; sentences after midnight before the next RMC roll over to the next
///   day. Without any RMC date the `dateFallback` clock supplies the day, and without one no fix is made.
public struct NMEAFixAssembler: Sendable {
    /// Metres of horizontal accuracy per unit of HDOP.
    public var metersPerHDOP: Double
    /// Epochs that ended without a fix (no valid position, or no date), for diagnostics.
    public private(set) var epochsWithoutFix = 0

    private let dateFallback: (@Sendable () -> Timestamp)?
    private var pending: Epoch?
    private var completeMask: UInt8 = 0
    private var knownDay: Int?
    private var knownDayTime = 0

    private struct Epoch {
        var timeOfDay: Int?
        var mask: UInt8 = 0
        var rmc: NMEASentence.RMC?
        var gga: NMEASentence.GGA?
        var vtg: NMEASentence.VTG?
        var gll: NMEASentence.GLL?
    }

    /// - Parameters:
    ///   - metersPerHDOP: horizontal accuracy per unit of HDOP.
    ///   - dateFallback: the current time, used for the date only while no RMC has given one (GGA-only
    ///     receivers). Pass `nil` for pure replay, where a guessed date would be wrong.
    public init(metersPerHDOP: Double = 5, dateFallback: (@Sendable () -> Timestamp)? = nil) {
        self.metersPerHDOP = metersPerHDOP
        self.dateFallback = dateFallback
    }

    /// Adds a sentence; returns the fixes of epochs it completed (usually none or one).
    public mutating func add(_ sentence: NMEASentence) -> [GPSFix] {
        var fixes = [GPSFix]()
        if let time = sentence.timeOfDay {
            if let current = pending, let currentTime = current.timeOfDay, currentTime != time {
                completeMask = current.mask
                if let fix = finishEpoch(current) { fixes.append(fix) }
                pending = nil
            }
            if pending == nil { pending = Epoch() }
            pending?.timeOfDay = time
        } else if pending == nil {
            pending = Epoch()
        }
        guard var epoch = pending else { return fixes }
        switch sentence {
        case .rmc(let rmc):
            if epoch.rmc == nil { epoch.rmc = rmc }
            epoch.mask |= 1
        case .gga(let gga):
            if epoch.gga == nil { epoch.gga = gga }
            epoch.mask |= 2
        case .vtg(let vtg):
            if epoch.vtg == nil { epoch.vtg = vtg }
            epoch.mask |= 4
        case .gll(let gll):
            if epoch.gll == nil { epoch.gll = gll }
            epoch.mask |= 8
        }
        if completeMask != 0, epoch.timeOfDay != nil, epoch.mask & completeMask == completeMask {
            pending = nil
            if let fix = finishEpoch(epoch) { fixes.append(fix) }
        } else {
            pending = epoch
        }
        return fixes
    }

    /// Ends the epoch in progress (at the end of input) and returns its fix, if it makes one.
    public mutating func finish() -> GPSFix? {
        guard let epoch = pending else { return nil }
        pending = nil
        return finishEpoch(epoch)
    }

    private mutating func finishEpoch(_ epoch: Epoch) -> GPSFix? {
        guard let time = epoch.timeOfDay, let day = day(for: epoch, time: time) else {
            epochsWithoutFix += 1
            return nil
        }
        let validities = [epoch.rmc?.isValid, epoch.gga?.isValid, epoch.gll?.isValid].compactMap { $0 }
        let position: (Double, Double)? =
            if let rmc = epoch.rmc, let lat = rmc.latitude, let lon = rmc.longitude { (lat, lon) }
            else if let gga = epoch.gga, let lat = gga.latitude, let lon = gga.longitude { (lat, lon) }
            else if let gll = epoch.gll, let lat = gll.latitude, let lon = gll.longitude { (lat, lon) }
            else { nil }
        guard !validities.isEmpty, validities.allSatisfy({ $0 }), let (latitude, longitude) = position else {
            epochsWithoutFix += 1
            return nil
        }
        let seconds = Double(day) * 86_400 + Double(time) / 1000
        return GPSFix(
            latitude: latitude, longitude: longitude, altitude: epoch.gga?.altitude,
            course: epoch.rmc?.course ?? epoch.vtg?.course, speed: epoch.rmc?.speed ?? epoch.vtg?.speed,
            horizontalAccuracy: epoch.gga?.hdop.map { $0 * metersPerHDOP },
            timestamp: Timestamp(secondsSince1970: seconds), source: "nmea", satellites: epoch.gga?.satellites)
    }

    /// The day of an epoch: its RMC date, else the last known date rolled over past midnight, else the
    /// fallback clock's day nearest to the epoch's time of day.
    private mutating func day(for epoch: Epoch, time: Int) -> Int? {
        let halfDay = 43_200_000
        if let day = epoch.rmc?.daysSince1970 {
            knownDay = day
            knownDayTime = time
            return day
        }
        if var day = knownDay {
            if time < knownDayTime - halfDay { day += 1 }
            knownDay = day
            knownDayTime = time
            return day
        }
        guard let now = dateFallback?().secondsSince1970 else { return nil }
        let today = Int((now / 86_400).rounded(.down))
        let nowTime = Int((now - Double(today) * 86_400) * 1000)
        if time - nowTime > halfDay { return today - 1 }
        if nowTime - time > halfDay { return today + 1 }
        return today
    }
}
