import NavCore
import Foundation

/// The sun's position by the NOAA solar calculator equations (after Meeus, *Astronomical Algorithms*),
/// good to about 0.01° between 1800 and 2100.
public enum SolarPosition {
    /// The sun's geometric elevation above the horizon, without atmospheric refraction.
    /// - Parameters:
    ///   - latitude: Observer latitude in degrees.
    ///   - longitude: Observer longitude in degrees, positive east.
    ///   - time: Seconds since 1970-01-01T00:00:00Z.
    /// - Returns: Elevation in degrees, negative below the horizon.
    public static func elevation(latitude: Double, longitude: Double, time: Double) -> Double {
        let radians = Double.pi / 180
        let julianDay = time / 86_400 + 2_440_587.5
        let t = (julianDay - 2_451_545) / 36_525

        let meanLongitude = Geodesy.normalizedDegrees(280.46646 + t * (36_000.76983 + t * 0.0003032))
        let meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = meanAnomaly * radians
        let centre =
            sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let trueLongitude = meanLongitude + centre
        let omega = (125.04 - 1_934.136 * t) * radians
        let apparentLongitude = (trueLongitude - 0.00569 - 0.00478 * sin(omega)) * radians
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = (meanObliquity + 0.00256 * cos(omega)) * radians
        let declination = asin(sin(obliquity) * sin(apparentLongitude))

        let y = tan(obliquity / 2) * tan(obliquity / 2)
        let l0 = meanLongitude * radians
        let equationOfTime =
            4 / radians
            * (y * sin(2 * l0) - 2 * eccentricity * sin(m)
                + 4 * eccentricity * y * sin(m) * cos(2 * l0) - 0.5 * y * y * sin(4 * l0)
                - 1.25 * eccentricity * eccentricity * sin(2 * m))

        let minutesOfDay = (time / 60).truncatingRemainder(dividingBy: 1_440)
        let trueSolarMinutes = minutesOfDay + equationOfTime + 4 * longitude
        let hourAngle = (trueSolarMinutes / 4 - 180) * radians

        let phi = latitude * radians
        let cosZenith = sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)
        return 90 - acos(min(max(cosZenith, -1), 1)) / radians
    }
}
