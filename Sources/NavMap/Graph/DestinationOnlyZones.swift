import NavCore

/// Streets that lie behind destination-only roads count as destination-only themselves.
///
/// A gated estate is often tagged at its entrance only: the road in carries `access=private` or
/// `motor_vehicle=destination`, the streets inside carry nothing; a car park or a square behind a driveway
/// (``WayRules``) is the same. Read literally, the ``ThroughTrafficRule`` would then forbid every trip that starts
/// inside (open street, then destination-only road, then the open network is through traffic) and every trip that
/// ends there. The access tag of the entrance is meant for the whole place, so a street segment that the main
/// network reaches only through destination-only arcs, or that reaches it only through them, is made
/// destination-only too. The test is per segment, in either direction: a street one of whose directions the open
/// network reaches freely is a public place, and driving through a destination-only road to its other direction
/// would be through traffic. Streets the open network reaches and leaves freely are never touched, so no through
/// route is gained: the zone's own streets become part of the restricted stretch at the start or the end of a leg.
///
/// Only roads within the map count as a way in or out. A car park that runs on beyond the map's edge, or a quay
/// whose ferry leaves the map, would otherwise count as open to the world beyond the border, and a trip from it
/// could not leave by its own driveway; but no route goes beyond the edge, so within the map the driveway is the
/// only way out, as it is for a driver parked there. Nothing is opened by this: such a place becomes
/// destination-only, never a shortcut.
///
/// Marking can cut another open street off (one reached only through a newly marked one), so it repeats until
/// nothing changes; the main part of the network is never marked.
enum DestinationOnlyZones {
    /// Marks the zones of every travel mode that has destination-only arcs, in place.
    static func mark(in graph: inout RoadGraph) {
        for mode in TravelMode.allCases where graph.hasRestrictedArcs(for: mode) {
            let rules = TurnRules(graph: graph, mode: mode)
            var restricted = (0..<graph.arcCount).map { graph.isRestricted(mode, onArc: $0) }
            let main = rules.mainComponent(restricted: restricted)
            let reachedAtAll = rules.reach(from: main, restricted: restricted, forward: true, phased: false)
            let leavesAtAll = rules.reach(from: main, restricted: restricted, forward: false, phased: false)
            while true {
                let reachedOpenly = rules.reach(
                    from: main, restricted: restricted, forward: true, phased: false, openOnly: true)
                let leavesOpenly = rules.reach(
                    from: main, restricted: restricted, forward: false, phased: false, openOnly: true)
                var changed = false
                for segment in 0..<graph.segmentCount {
                    let forward = 2 * segment
                    let backward = forward + 1
                    let useForward = rules.usable(forward) && !restricted[forward]
                    let useBackward = rules.usable(backward) && !restricted[backward]
                    guard useForward || useBackward else { continue }
                    func any(_ set: [Bool]) -> Bool { (useForward && set[forward]) || (useBackward && set[backward]) }
                    let behind =
                        (any(reachedAtAll) && !any(reachedOpenly)) || (any(leavesAtAll) && !any(leavesOpenly))
                    guard behind else { continue }
                    for (arc, used) in [(forward, useForward), (backward, useBackward)] where used {
                        restricted[arc] = true
                        graph.arcRestrictedModes[arc] |= mode.bit
                    }
                    changed = true
                }
                if !changed { break }
            }
        }
    }
}
