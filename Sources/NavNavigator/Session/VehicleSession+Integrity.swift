import NavGuidance
import NavProtocol

extension VehicleSession {
    /// Why a session read from disk cannot be resumed, or `nil` when it can.
    ///
    /// Decoding checks the shape of the file; this checks its values, the way the code uses them: an index
    /// that points past its array would trap on the first fix or `navigator.getState` and, since the proxy
    /// hands the navigator a cached fix at every start, crash-loop the navigator with every vehicle in it.
    var integrityProblem: String? {
        if let problem = Vehicle.problem(with: vehicle) { return problem }
        guard destinations.count <= SetDestinationsParams.maximumWaypoints else {
            return "\(destinations.count) destinations, at most \(SetDestinationsParams.maximumWaypoints) are allowed"
        }
        let routeLegs = guidance.route?.legs.count ?? 0
        guard legs.count == routeLegs else {
            return "\(legs.count) leg records for a route of \(routeLegs) legs"
        }
        if let problem = guidance.integrityProblem { return problem }
        if let fix = lastFix, let problem = fix.validationProblem { return "last fix: \(problem)" }
        return nil
    }
}
