/// One parsed NMEA 0183 sentence of a type that carries position, time or motion.
///
/// Units are already converted: degrees (south and west negative), m/s, milliseconds since midnight UTC,
/// days since 1970-01-01. Empty fields are `nil`.
public enum NMEASentence: Sendable, Equatable {
    case rmc(RMC)
    case gga(GGA)
    case vtg(VTG)
    case gll(GLL)
    case gns(GNS)
    case zda(ZDA)

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

    /// Multi-constellation fix data (NMEA 3.0+): like GGA, with one mode character per constellation.
    public struct GNS: Sendable, Equatable {
        public var talker: String
        public var timeOfDay: Int?
        /// One mode indicator per constellation in the order GPS, GLONASS, Galileo, BeiDou, QZSS, NavIC
        /// (`N` no fix, `A` autonomous, `D` differential, `P` precise, `R` RTK, `F` float RTK, `E` estimated, …).
        public var modes: String
        public var latitude: Double?
        public var longitude: Double?
        public var satellites: Int?
        public var hdop: Double?
        public var altitude: Double?
        /// The NMEA 4.1 navigation status: `S` safe, `C` caution, `U` unsafe, `V` not valid for navigation.
        public var navigationStatus: Character?

        /// Whether any constellation contributes a fix (a mode other than `N` no fix or `M` manual input)
        /// that the receiver does not itself call unsafe or invalid for navigation.
        public var isValid: Bool {
            modes.contains { $0 != "N" && $0 != "M" } && navigationStatus != "U" && navigationStatus != "V"
        }
    }

    /// Time and date: the full UTC date, which GGA, GLL and GNS lack.
    public struct ZDA: Sendable, Equatable {
        public var talker: String
        public var timeOfDay: Int?
        public var daysSince1970: Int?
    }

    /// The two-character talker of the sentence (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, …).
    public var talker: String {
        switch self {
        case .rmc(let rmc): rmc.talker
        case .gga(let gga): gga.talker
        case .vtg(let vtg): vtg.talker
        case .gll(let gll): gll.talker
        case .gns(let gns): gns.talker
        case .zda(let zda): zda.talker
        }
    }

    /// UTC time of day in milliseconds; `nil` for VTG, which carries none.
    public var timeOfDay: Int? {
        switch self {
        case .rmc(let rmc): rmc.timeOfDay
        case .gga(let gga): gga.timeOfDay
        case .vtg: nil
        case .gll(let gll): gll.timeOfDay
        case .gns(let gns): gns.timeOfDay
        case .zda(let zda): zda.timeOfDay
        }
    }
}
