public import NavProtocol

/// The thresholds of the speeding alerter, like the SDK's speedometer warning levels.
///
/// An alert level is raised when the percentage above the limit reaches its threshold and is held until the
/// percentage falls below the threshold minus `clearMargin` (hysteresis). Every change — up or down — takes effect
/// only after its condition has held for `minimumDuration` seconds of message time, so a speed hovering at a
/// threshold raises or clears nothing.
public struct SpeedAlertPolicy: Sendable, Equatable {
    /// Percentage above the limit from which the minor alert is raised.
    public var minorPercentage: Double
    /// Percentage above the limit from which the major alert is raised.
    public var majorPercentage: Double
    /// Percentage points below a threshold the speed must fall before that level clears.
    public var clearMargin: Double
    /// Seconds a raise or a clear condition must persist before it takes effect.
    public var minimumDuration: Double

    public init(
        minorPercentage: Double = 5, majorPercentage: Double = 15, clearMargin: Double = 2,
        minimumDuration: Double = 2
    ) {
        self.minorPercentage = minorPercentage
        self.majorPercentage = majorPercentage
        self.clearMargin = clearMargin
        self.minimumDuration = minimumDuration
    }

    /// Why the thresholds make no sense, or `nil` when they are usable.
    public var problem: String? {
        if !(minorPercentage > 0) { return "the minor percentage must be above 0" }
        if !(majorPercentage > minorPercentage) { return "the major percentage must be above the minor percentage" }
        if !(clearMargin >= 0 && clearMargin < minorPercentage) {
            return "the clear margin must be at least 0 and below the minor percentage"
        }
        if !(minimumDuration >= 0) { return "the minimum duration must be at least 0 seconds" }
        return nil
    }

    /// The percentage from which `level` is raised (0 for no alert).
    public func raiseThreshold(_ level: SpeedAlertSeverity) -> Double {
        switch level {
        case .noAlert: 0
        case .minor: minorPercentage
        case .major: majorPercentage
        }
    }

    /// The percentage below which `level` is no longer held.
    public func clearThreshold(_ level: SpeedAlertSeverity) -> Double {
        level == .noAlert ? 0 : raiseThreshold(level) - clearMargin
    }
}

extension SpeedAlertSeverity {
    /// The levels from lowest to highest.
    static let ascending: [SpeedAlertSeverity] = [.noAlert, .minor, .major]

    /// The position in ``ascending``, for comparing levels.
    var rank: Int {
        switch self {
        case .noAlert: 0
        case .minor: 1
        case .major: 2
        }
    }
}
