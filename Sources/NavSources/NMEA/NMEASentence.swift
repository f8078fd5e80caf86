/// One parsed NMEA 0183 sentence of a type that carries position, time or motion.
///
/// Units are already converted: degrees (south and west negative), m/s, milliseconds since midnight UTC,
/// days since 1970-01-01. Empty fields are `nil`.
public enum NMEASentence: Sendable, Equatable {
    case rmc(RMC)
    case gga(GGA)
    case vtg(VTG)
    case gll(GLL)

    /// Recommended minimum data: time, date, position, speed and course.
    public struct RMC: Sendable, Equatable {
        public var talker: String
        public var timeOfDay: Int?
        /// Status `A` and a mode indicator (when present) that is not "no fix".
        public var isValid: Bool
        public var latitude: Double?
        public var longitude: Double?
        public var speed: Double?
        public var course: Double?
        public var daysSince1970: Int?
        /// The NMEA 2.3 mode indicator (`A` autonomous, `D` differential, `E` estimated, `N` not valid, …).
        public var mode: Character?
    }

    /// Fix data: time, position, quality, satellites, HDOP and altitude above mean sea level.
    public struct GGA: Sendable, Equatable {
        public var talker: String
        public var timeOfDay: Int?
        /// 0 is no fix; 1 GPS, 2 DGPS, 4/5 RTK, 6 dead reckoning, …
        public var quality: Int
        public var latitude: Double?
        public var longitude: Double?
        public var satellites: Int?
        public var hdop: Double?
        public var altitude: Double?

        public var isValid: Bool { quality > 0 }
    }

    /// Course and speed over ground.
    public struct VTG: Sendable, Equatable {
        public var talker: String
        public var course: Double?
        public var speed: Double?
        public var mode: Character?
    }

    /// Geographic position with time and status.
    public struct GLL: Sendable, Equatable {
        public var talker: String
        public var latitude: Double?
        public var longitude: Double?
        public var timeOfDay: Int?
        public var isValid: Bool
        public var mode: Character?
    }

    /// The two-character talker of the sentence (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, …).
    public var talker: String {
        switch self {
        case .rmc(let rmc): rmc.talker
        case .gga(let gga): gga.talker
        case .vtg(let vtg): vtg.talker
        case .gll(let gll): gll.talker
        }
    }

    /// UTC time of day in milliseconds; `nil` for VTG, which carries none.
    public var timeOfDay: Int? {
        switch self {
        case .rmc(let rmc): rmc.timeOfDay
        case .gga(let gga): gga.timeOfDay
        case .vtg: nil
        case .gll(let gll): gll.timeOfDay
        }
    }
}
