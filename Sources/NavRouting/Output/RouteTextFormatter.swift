import Foundation

/// Plain-text route summaries for the command line.
public enum RouteTextFormatter {
    /// A summary line per route and a numbered list of its steps, e.g.
    /// `Route 1: 2.4 km, 5 min 12 s (2 legs)` then `  1. Head north on Mannerheimintie (350 m)`.
    public static func describe(_ result: RouteResult) -> String {
        guard result.status == .ok else { return "\(result.status.rawValue): \(result.message)" }
        var lines: [String] = []
        for (index, route) in result.routes.enumerated() {
            let label = index == 0 ? "Route" : "Alternative \(index)"
            let legs = route.legs.count == 1 ? "1 leg" : "\(route.legs.count) legs"
            lines.append("\(label): \(distance(route.distanceMeters)), \(duration(route.durationSeconds)) (\(legs))")
            var number = 1
            for step in route.steps {
                let suffix = step.maneuver == .arrive ? "" : " (\(distance(step.distanceMeters)))"
                lines.append("  \(number). \(step.instruction)\(suffix)")
                number += 1
            }
            if !route.violatedAvoids.isEmpty {
                lines.append("  Could not avoid: \(route.violatedAvoids.map(\.rawValue).joined(separator: ", "))")
            }
        }
        for (index, waypoint) in result.waypoints.enumerated() {
            let moved = distance(waypoint.position.distanceMeters)
            lines.append("Waypoint \(index): moved \(moved) onto the road")
        }
        return lines.joined(separator: "\n")
    }

    /// "850 m" below a kilometre, "12.3 km" above.
    public static func distance(_ meters: Double) -> String {
        meters < 1000 ? "\(Int(meters.rounded())) m" : String(format: "%.1f km", meters / 1000)
    }

    /// "45 s", "5 min 12 s", "1 h 05 min".
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min \(total % 60) s" }
        return String(format: "%d h %02d min", total / 3600, (total % 3600) / 60)
    }
}
