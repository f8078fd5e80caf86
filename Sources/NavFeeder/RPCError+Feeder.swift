import NavBus

/// The feeder's implementation-defined JSON-RPC errors (JSON-RPC reserves -32000…-32099 for them).
extension RPCError {
    /// `simulateLocationsAlongExistingRoute` before the navigator published a route for the vehicle.
    static func noRoute(vehicle: String) -> RPCError {
        RPCError(
            code: -32001,
            message: "no route to simulate for vehicle \"\(vehicle)\": set destinations with "
                + "navigator.setDestinations first (the feeder follows nav.route_changed.v1)")
    }

    /// A simulator method while the feeder reads a real GPS.
    static func readingRealGPS(source: String) -> RPCError {
        RPCError(
            code: -32002,
            message: "the feeder is reading a real GPS (--source \(source)); the location simulator is off. "
                + "Restart it with --source simulator to simulate")
    }
}
