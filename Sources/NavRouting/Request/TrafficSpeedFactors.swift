/// Run-time speed factors from traffic, keyed by OSM way id: 0.5 means traffic moves at half the
/// free-flow speed. Factors above 1 are allowed but switch the router off landmark bounds.
public struct TrafficSpeedFactors: Sendable, Equatable {
    public var byWayID: [Int64: Double]

    public init(byWayID: [Int64: Double] = [:]) {
        self.byWayID = byWayID
    }

    public var isEmpty: Bool { byWayID.isEmpty }
}
