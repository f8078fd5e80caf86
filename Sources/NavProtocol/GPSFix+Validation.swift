extension GPSFix {
    /// Why this fix breaks the bounds of `Protocols/topics/gps.fix.v1.schema.json`, or `nil` when it keeps them:
    /// latitude −90…90, longitude −180…180, course 0..<360, speed and horizontalAccuracy ≥ 0, satellites ≥ 0,
    /// every number finite. A receiver must not act on a fix its own schema rejects (an accuracy of −1, a
    /// latitude of 1.5e302).
    public var validationProblem: String? {
        func bad(_ name: String, _ value: Double, _ rule: String) -> String { "\(name) \(value) is not \(rule)" }
        guard latitude.isFinite, (-90...90).contains(latitude) else { return bad("latitude", latitude, "within -90...90") }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return bad("longitude", longitude, "within -180...180")
        }
        if let altitude, !altitude.isFinite { return bad("altitude", altitude, "a finite number") }
        if let course, !(course.isFinite && course >= 0 && course < 360) {
            return bad("course", course, "within 0..<360")
        }
        if let speed, !(speed.isFinite && speed >= 0) { return bad("speed", speed, "zero or more") }
        if let horizontalAccuracy, !(horizontalAccuracy.isFinite && horizontalAccuracy >= 0) {
            return bad("horizontalAccuracy", horizontalAccuracy, "zero or more")
        }
        if let satellites, satellites < 0 { return "satellites \(satellites) is not zero or more" }
        guard timestamp.secondsSince1970.isFinite else { return "timestamp is not a finite time" }
        return nil
    }
}
