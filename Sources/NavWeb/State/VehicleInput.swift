public import NavProtocol

/// A bus message that changes what a vehicle's page shows, decoded.
public enum VehicleInput: Sendable, Equatable {
    case navInfo(NavInfo)
    case location(SnappedLocation)
    case routeChanged(RouteChanged)
    case remainingTime(RemainingTime)
    case remainingDistance(RemainingDistance)
    case delayCategory(DelayCategoryUpdate)
    case speeding(SpeedingUpdate)
    case speedAlert(SpeedAlert)
    case lighting(AppliedLighting)
    case arrival(Arrival)
}
