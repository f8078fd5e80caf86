import NavCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The access control list a server uses now. Read from `--acl FILE` at start; re-read when the file changes
/// (checked at most once a second, whenever the list is consulted) or when `reload()` is called on SIGHUP, so
/// keys can be added, replaced and removed without stopping the bus. A file that no longer parses is reported
/// and the previous list stays in force.
public final class AccessControlStore: Sendable {
    /// The file, or `nil` for a fixed list (tests, `navbus demo`).
    public let path: String?
    private let log: @Sendable (String) -> Void
    private let state: Mutex<State>

    private struct State: Sendable {
        var list: AccessControlList
        var generation: UInt64 = 1
        var stamp: FileStamp?
        var checkedAt: Int64 = MonotonicClock.milliseconds()
        var refusalsLogged: [String: Int64] = [:]
    }

    private struct FileStamp: Equatable, Sendable {
        var modified: Int
        var modifiedNanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    /// Loads `path`.
    /// - Throws: `SecurityError` when the file cannot be read or is not a valid ACL.
    public init(path: String, log: @escaping @Sendable (String) -> Void) throws(SecurityError) {
        self.path = path
        self.log = log
        let stamp = Self.stamp(path)
        state = Mutex(State(list: try Self.load(path), stamp: stamp))
    }

    /// A fixed list that is never re-read.
    public init(list: AccessControlList, log: @escaping @Sendable (String) -> Void = { _ in }) {
        path = nil
        self.log = log
        state = Mutex(State(list: list))
    }

    /// The list in force; re-reads the file first when it changed (looked at no more than once a second).
    public var current: AccessControlList {
        refresh()
        return state.withLock { $0.list }
    }

    /// Goes up by one every time a new list takes effect.
    public var generation: UInt64 {
        refresh()
        return state.withLock { $0.generation }
    }

    /// Re-reads the file now (SIGHUP).
    /// - Returns: whether a new list took effect.
    @discardableResult
    public func reload() -> Bool {
        guard let path else { return false }
        let stamp = Self.stamp(path)
        do {
            let list = try Self.load(path)
            let changed = state.withLock { state in
                state.stamp = stamp
                guard list != state.list else { return false }
                state.list = list
                state.generation += 1
                return true
            }
            if changed { log("access control reloaded from \(path): \(list.clients.count) clients") }
            return changed
        } catch {
            state.withLock { $0.stamp = stamp }
            log("access control not reloaded, keeping the previous list: \(error)")
            return false
        }
    }

    private func refresh() {
        guard let path else { return }
        let now = MonotonicClock.milliseconds()
        let due = state.withLock { state in
            guard now - state.checkedAt >= 1000 else { return false }
            state.checkedAt = now
            return true
        }
        guard due else { return }
        if Self.stamp(path) != state.withLock({ $0.stamp }) { reload() }
    }

    /// The ZAP handler's decision for a client connecting to a socket of `domain`. Refusals are counted as
    /// `authDenied` and logged at most once a minute per key and socket.
    public func decide(_ request: ZAPRequest, counters: BusCounters) -> ZAPDecision {
        let decision = Self.decision(for: request, in: current)
        if case .deny(let reason) = decision {
            counters.add("authDenied")
            let key = "\(request.clientKey ?? "-") \(request.domain)"
            let now = MonotonicClock.milliseconds()
            let shouldLog = state.withLock { state in
                if let last = state.refusalsLogged[key], now - last < 60_000 { return false }
                state.refusalsLogged[key] = now
                return true
            }
            if shouldLog { log("refused \(request.address) on \(request.domain): \(reason)") }
        }
        return decision
    }

    static func decision(for request: ZAPRequest, in list: AccessControlList) -> ZAPDecision {
        guard request.mechanism == "CURVE", let key = request.clientKey else {
            return .deny(reason: "not a CURVE client")
        }
        guard let client = list.client(withKey: key) else { return .deny(reason: "key \(key) is not in the ACL") }
        switch ZAPDomain(rawValue: request.domain) {
        case .publishers where client.publish.isEmpty:
            return .deny(reason: "client '\(client.name)' may not publish")
        case .subscribers where client.subscribe.isEmpty, .vehicleSubscribers where client.subscribe.isEmpty:
            return .deny(reason: "client '\(client.name)' may not subscribe")
        case .subscribers where client.vehicles != nil:
            return .deny(reason: "client '\(client.name)' sees only some vehicles: it must use the vehicle-scoped endpoint")
        case .vehicleSubscribers where client.vehicles == nil:
            return .deny(reason: "client '\(client.name)' sees every vehicle: it must use the subscriber endpoint")
        case .control where client.call.isEmpty:
            return .deny(reason: "client '\(client.name)' may not call methods")
        case .none:
            return .deny(reason: "unknown ZAP domain '\(request.domain)'")
        case .publishers, .subscribers, .vehicleSubscribers, .control:
            return .allow(userID: key)
        }
    }

    private static func load(_ path: String) throws(SecurityError) -> AccessControlList {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SecurityError(.unreadable, path: path, "cannot read the access control list")
        }
        do {
            return try AccessControlList(json: Array(data))
        } catch {
            throw SecurityError(.invalidAccessControl, path: path, "not a valid ACL: \(error.message)")
        }
    }

    private static func stamp(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(
            modified: status.st_mtim.tv_sec, modifiedNanoseconds: status.st_mtim.tv_nsec, size: Int64(status.st_size),
            inode: UInt64(status.st_ino))
    }
}

/// The ZAP domain of each kind of server socket: it tells the handler which permission a client needs.
public enum ZAPDomain: String, Sendable {
    /// The proxy's XSUB, where publishers connect.
    case publishers = "navbus-pub"
    /// The proxy's XPUB for clients that see every vehicle.
    case subscribers = "navbus-sub"
    /// The proxy's XPUB for clients limited to some vehicles.
    case vehicleSubscribers = "navbus-sub-vehicles"
    /// A JSON-RPC control server.
    case control = "navbus-control"
}
