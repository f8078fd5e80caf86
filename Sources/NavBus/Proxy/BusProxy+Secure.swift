import NavCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BusProxy {
    /// The proxy with CURVE: both public sides serve CURVE with the proxy's key and let in only the keys of the
    /// access control list (ZAP), the cache's replays come in over a separate trusted `inproc` XSUB, and
    /// `SecureForwarder` checks every message and subscription.
    func runSecure(stop: StopFlag, log: @escaping @Sendable (String) -> Void) throws {
        let security = context.security
        guard let accessControl = security.accessControl else {
            throw SecurityError(.invalidAccessControl, path: "navbus-proxy", "a CURVE proxy needs --acl FILE")
        }
        let publishers = try context.socket(.xsub)
        let replays = try context.socket(.xsub)
        let capture = try context.socket(.pub)
        for socket in [publishers, replays] {
            try socket.setSendHighWaterMark(100_000)
            try socket.setReceiveHighWaterMark(100_000)
        }
        try publishers.setHeartbeat(intervalMilliseconds: 1000, timeoutMilliseconds: 5000)
        try capture.setSendHighWaterMark(200_000)
        try security.secureServer(publishers, domain: .publishers, counters: counters)
        try publishers.bind(configuration.publisherEndpoint)
        try replays.bind(replayEndpoint)
        try capture.bind(captureEndpoint)
        // Subscribe to everything, for the cache and because the subscriber sides filter per key anyway.
        try publishers.send([1])
        try replays.send([1])
        var sides = try makeSubscriberSides()

        let cacheDone = startCache(stop: stop, log: log)

        let vehicleSide = configuration.vehicleSubscriberEndpoint.map { ", \($0) (subscribers limited to vehicles)" } ?? ""
        log(
            "forwarding with CURVE \(configuration.publisherEndpoint) (publishers) -> "
                + "\(configuration.subscriberEndpoint) (subscribers)\(vehicleSide); "
                + "\(accessControl.current.clients.count) clients in the access control list")
        let forwarder = SecureForwarder(
            sockets: .init(
                publishers: publishers, replays: replays, subscribers: sides.all, vehicleSubscribers: sides.vehicles,
                capture: capture),
            accessControl: accessControl, counters: counters, log: log
        ) { [self] sockets in
            sockets.subscribers.close()
            sockets.vehicleSubscribers?.close()
            sides = try makeSubscriberSides()
            sockets.subscribers = sides.all
            sockets.vehicleSubscribers = sides.vehicles
        }
        defer {
            let sockets = forwarder.currentSockets
            for socket in [sockets.publishers, sockets.replays, sockets.subscribers, sockets.capture] { socket.close() }
            sockets.vehicleSubscribers?.close()
        }
        do {
            try forwarder.run(stop: stop)
        } catch {
            stop.requestStop()
            cacheDone.wait()
            throw error
        }
        cacheDone.wait()
    }

    /// Binds the subscriber side and, when configured, the vehicle-scoped one. After a close, libzmq releases a
    /// port or an ipc path asynchronously, so binding again retries for a moment.
    private func makeSubscriberSides() throws -> (all: ZMQSocket, vehicles: ZMQSocket?) {
        func side(_ endpoint: String, _ domain: ZAPDomain) throws -> ZMQSocket {
            let socket = try context.socket(.xpub)
            try socket.setXPubManual(true)
            try socket.setSendHighWaterMark(100_000)
            try socket.setReceiveHighWaterMark(100_000)
            try socket.setHeartbeat(intervalMilliseconds: 1000, timeoutMilliseconds: 5000)
            try context.security.secureServer(socket, domain: domain, counters: counters)
            for _ in 0..<50 {
                switch Result(catching: { () throws(ZMQError) in try socket.bind(endpoint) }) {
                case .success:
                    return socket
                case .failure(let error) where error.code == EADDRINUSE:
                    usleep(20_000)
                case .failure(let error):
                    throw error
                }
            }
            try socket.bind(endpoint)
            return socket
        }
        let all = try side(configuration.subscriberEndpoint, .subscribers)
        let vehicles = try configuration.vehicleSubscriberEndpoint.map { try side($0, .vehicleSubscribers) }
        return (all, vehicles)
    }
}
