/// How fast the simulated driver wants to go on each road.
public enum SpeedProfile: Sendable, Equatable, CustomStringConvertible {
    /// Exactly the posted limit, or the travel mode's default speed where the limit is unknown.
    case limit
    /// The limit (or default speed) times a factor: `limit+15%` is `.scaledLimit(1.15)`.
    case scaledLimit(Double)
    /// One speed in m/s on every road, whatever its limit.
    case constant(Double)

    /// Fastest constant speed accepted, m/s (540 km/h): beyond any road vehicle, short of numeric trouble.
    public static let maximumConstantSpeed = 150.0
    /// Largest percentage above the limit accepted (`limit+300%` drives at four times the limit).
    public static let maximumPercentAbove = 300.0

    /// Parses `limit`, `limit+15%`, `limit-10%` (up to ``maximumPercentAbove``, down to just above −100 %) or
    /// `constant:13.9` (m/s, up to ``maximumConstantSpeed``).
    /// - Throws: ``SourceError`` `.invalidOption` with the accepted forms when the text is none of them.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingASCIIWhitespace()
        let usage = "expected `limit`, `limit+15%`, `limit-10%` or `constant:<m/s>`"
        if trimmed == "limit" {
            self = .limit
        } else if trimmed.hasPrefix("constant:") {
            guard let speed = Double(trimmed.dropFirst("constant:".count)), speed > 0,
                speed <= Self.maximumConstantSpeed
            else {
                throw SourceError(
                    .invalidOption,
                    "speed profile \"\(Self.excerpt(text))\": the constant speed must be a number of m/s above 0 and at most "
                        + "\(Int(Self.maximumConstantSpeed))")
            }
            self = .constant(speed)
        } else if trimmed.hasPrefix("limit"), trimmed.hasSuffix("%"), trimmed.count > 7 {
            let body = trimmed.dropFirst("limit".count).dropLast()
            guard let sign = body.first, sign == "+" || sign == "-", let percent = Double(body.dropFirst()),
                percent >= 0, sign == "+" ? percent <= Self.maximumPercentAbove : percent < 100
            else {
                throw SourceError(
                    .invalidOption,
                    "speed profile \"\(Self.excerpt(text))\": \(usage), with at most +\(Int(Self.maximumPercentAbove))% and above -100%")
            }
            self = .scaledLimit(1 + (sign == "+" ? percent : -percent) / 100)
        } else {
            throw SourceError(.invalidOption, "speed profile \"\(Self.excerpt(text))\": \(usage)")
        }
    }

    /// The text as quoted back in an error: a 100 kB value must not come back as a 100 kB message.
    static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    /// The driver's desired speed on a road with this limit and default speed, in m/s.
    public func targetSpeed(limit: Double?, defaultSpeed: Double) -> Double {
        switch self {
        case .limit: limit ?? defaultSpeed
        case .scaledLimit(let factor): (limit ?? defaultSpeed) * factor
        case .constant(let speed): speed
        }
    }

    /// The text form accepted by ``init(parsing:)``.
    public var description: String {
        switch self {
        case .limit:
            return "limit"
        case .scaledLimit(let factor):
            let percent = ((factor - 1) * 100 * 1000).rounded() / 1000
            let magnitude = abs(percent)
            // Int(_:) traps beyond its range; a factor made in code rather than parsed may be that large.
            let whole = magnitude == magnitude.rounded() && magnitude < 1e15
            let number = whole ? String(Int(magnitude)) : String(magnitude)
            return "limit" + (percent < 0 ? "-" : "+") + number + "%"
        case .constant(let speed):
            return "constant:\(speed)"
        }
    }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
