import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// All unsafe pointer code that touches libzmq lives in this file; everything else uses the safe types.

/// An error reported by libzmq, with its `errno` value and message.
public struct ZMQError: Error, CustomStringConvertible, Sendable, Equatable {
    public let code: Int32
    public let operation: String

    public var description: String {
        "\(operation): \(String(cString: zmq_strerror(code)))"
    }

    /// libzmq's own `errno`, captured right after a failing call.
    static func last(_ operation: String) -> ZMQError {
        ZMQError(code: zmq_errno(), operation: operation)
    }

    /// The call was interrupted by a signal; the caller should check whether it must stop.
    public var isInterrupted: Bool { code == EINTR }
    /// A non-blocking call had nothing to do.
    public var isWouldBlock: Bool { code == EAGAIN }
    /// The context is shutting down; the socket must be closed.
    public var isTerminated: Bool { code == ETERM }
}

/// A ZeroMQ context. It is thread-safe: share one per process.
public final class ZMQContext: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    /// Creates a context.
    /// - Parameter ioThreads: libzmq I/O threads; one is enough below about a gigabyte per second.
    public init(ioThreads: Int32 = 1) {
        guard let handle = zmq_ctx_new() else {
            preconditionFailure("zmq_ctx_new failed: out of memory or file descriptors")
        }
        zmq_ctx_set(handle, ZMQ_IO_THREADS, ioThreads)
        self.handle = handle
    }

    deinit {
        // Every socket sets a bounded linger, so termination never waits long.
        while zmq_ctx_term(handle) != 0 && zmq_errno() == EINTR {}
    }

    /// Creates a socket of the given type.
    /// - Throws: `ZMQError` when libzmq refuses (too many sockets, context terminated).
    public func socket(_ type: ZMQSocketType) throws(ZMQError) -> ZMQSocket {
        guard let raw = zmq_socket(handle, type.rawValue) else { throw .last("zmq_socket") }
        return ZMQSocket(handle: raw, type: type, context: self)
    }

    /// The version of the libzmq library this process runs with, e.g. `4.3.4`.
    public static var libraryVersion: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

/// The socket patterns navbus uses.
public enum ZMQSocketType: Int32, Sendable {
    case pair = 0
    case pub = 1
    case sub = 2
    case req = 3
    case rep = 4
    case dealer = 5
    case router = 6
    case pull = 7
    case push = 8
    case xpub = 9
    case xsub = 10
}

/// A ZeroMQ socket. Not thread-safe: keep each socket on one thread, as libzmq requires.
public final class ZMQSocket {
    let handle: UnsafeMutableRawPointer
    public let type: ZMQSocketType
    private var closed = false
    /// Keeps the context alive while the socket is: terminating a context waits for its sockets to close.
    private let context: ZMQContext

    init(handle: UnsafeMutableRawPointer, type: ZMQSocketType, context: ZMQContext) {
        self.handle = handle
        self.type = type
        self.context = context
        // A bounded linger by default, so closing never blocks the process exit for long.
        try? setOption(ZMQ_LINGER, Int32(200))
    }

    deinit { close() }

    /// Closes the socket. Pending outgoing messages get at most the linger period.
    public func close() {
        guard !closed else { return }
        closed = true
        zmq_close(handle)
    }

    // MARK: Endpoints

    public func bind(_ endpoint: String) throws(ZMQError) {
        guard zmq_bind(handle, endpoint) == 0 else { throw .last("bind \(endpoint)") }
    }

    public func connect(_ endpoint: String) throws(ZMQError) {
        guard zmq_connect(handle, endpoint) == 0 else { throw .last("connect \(endpoint)") }
    }

    /// The endpoint the socket last bound, with the real port when bound to `tcp://host:*`.
    public var lastEndpoint: String {
        var buffer = [CChar](repeating: 0, count: 1024)
        var size = buffer.count
        guard zmq_getsockopt(handle, ZMQ_LAST_ENDPOINT, &buffer, &size) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Options

    func setOption(_ option: Int32, _ value: Int32) throws(ZMQError) {
        var value = value
        guard zmq_setsockopt(handle, option, &value, MemoryLayout<Int32>.size) == 0 else {
            throw .last("zmq_setsockopt(\(option))")
        }
    }

    func setOption(_ option: Int32, bytes: some Collection<UInt8>) throws(ZMQError) {
        let array = Array(bytes)
        let result = array.withUnsafeBytes { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        guard result == 0 else { throw .last("zmq_setsockopt(\(option))") }
    }

    func intOption(_ option: Int32) throws(ZMQError) -> Int32 {
        var value: Int32 = 0
        var size = MemoryLayout<Int32>.size
        guard zmq_getsockopt(handle, option, &value, &size) == 0 else { throw .last("zmq_getsockopt(\(option))") }
        return value
    }

    /// Milliseconds to keep unsent messages after `close()`.
    public func setLinger(milliseconds: Int32) throws(ZMQError) { try setOption(ZMQ_LINGER, milliseconds) }
    /// High-water mark for outgoing messages per peer (0 = unlimited).
    public func setSendHighWaterMark(_ messages: Int32) throws(ZMQError) { try setOption(ZMQ_SNDHWM, messages) }
    /// High-water mark for incoming messages per peer (0 = unlimited).
    public func setReceiveHighWaterMark(_ messages: Int32) throws(ZMQError) { try setOption(ZMQ_RCVHWM, messages) }
    /// Delay before reconnecting after a connection is lost.
    public func setReconnectInterval(milliseconds: Int32) throws(ZMQError) {
        try setOption(ZMQ_RECONNECT_IVL, milliseconds)
    }
    /// Upper bound for the exponential reconnect back-off.
    public func setReconnectIntervalMax(milliseconds: Int32) throws(ZMQError) {
        try setOption(ZMQ_RECONNECT_IVL_MAX, milliseconds)
    }
    /// ZMTP heartbeats: a PING every `interval`; the connection is dropped when nothing arrives for `timeout`.
    public func setHeartbeat(intervalMilliseconds: Int32, timeoutMilliseconds: Int32) throws(ZMQError) {
        try setOption(ZMQ_HEARTBEAT_IVL, intervalMilliseconds)
        try setOption(ZMQ_HEARTBEAT_TIMEOUT, timeoutMilliseconds)
        try setOption(ZMQ_HEARTBEAT_TTL, timeoutMilliseconds)
    }
    /// Receive timeout for blocking receives (-1 = forever).
    public func setReceiveTimeout(milliseconds: Int32) throws(ZMQError) { try setOption(ZMQ_RCVTIMEO, milliseconds) }
    /// Send timeout for blocking sends (-1 = forever).
    public func setSendTimeout(milliseconds: Int32) throws(ZMQError) { try setOption(ZMQ_SNDTIMEO, milliseconds) }
    /// Queue messages only to completed connections (REQ/DEALER clients that must not queue for a dead peer).
    public func setImmediate(_ on: Bool) throws(ZMQError) { try setOption(ZMQ_IMMEDIATE, on ? 1 : 0) }
    /// XPUB: pass every subscription upstream, not only the first per topic (a last-value cache needs each).
    public func setXPubVerbose(_ on: Bool) throws(ZMQError) { try setOption(ZMQ_XPUB_VERBOSE, on ? 1 : 0) }
    /// ROUTER: fail instead of silently dropping a reply to a peer that has gone.
    public func setRouterMandatory(_ on: Bool) throws(ZMQError) { try setOption(ZMQ_ROUTER_MANDATORY, on ? 1 : 0) }
    /// SUB: receive messages whose topic frame starts with `prefix` (empty = everything).
    public func subscribe(_ prefix: String) throws(ZMQError) { try setOption(ZMQ_SUBSCRIBE, bytes: Array(prefix.utf8)) }
    public func unsubscribe(_ prefix: String) throws(ZMQError) {
        try setOption(ZMQ_UNSUBSCRIBE, bytes: Array(prefix.utf8))
    }

    // MARK: Sending

    /// Sends one frame; `more` marks that another frame of the same message follows.
    /// - Returns: `false` when `dontWait` is set and the message could not be queued (high-water mark).
    @discardableResult
    public func send(_ bytes: UnsafeRawBufferPointer, more: Bool = false, dontWait: Bool = false) throws(ZMQError)
        -> Bool
    {
        let flags = (more ? ZMQ_SNDMORE : 0) | (dontWait ? ZMQ_DONTWAIT : 0)
        while true {
            if zmq_send(handle, bytes.baseAddress, bytes.count, flags) >= 0 { return true }
            let error = ZMQError.last("zmq_send")
            if error.isWouldBlock { return false }
            if error.isInterrupted { continue }
            throw error
        }
    }

    /// Sends one frame from a byte array.
    @discardableResult
    public func send(_ bytes: [UInt8], more: Bool = false, dontWait: Bool = false) throws(ZMQError) -> Bool {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(ZMQError) -> Bool in try send(buffer, more: more, dontWait: dontWait) }
        }
        return try outcome.get()
    }

    /// Sends a whole multipart message. With `dontWait`, either every frame is queued or none is
    /// (libzmq queues multipart messages atomically).
    @discardableResult
    public func send(frames: [[UInt8]], dontWait: Bool = false) throws(ZMQError) -> Bool {
        for (index, frame) in frames.enumerated() {
            let sent = try send(frame, more: index < frames.count - 1, dontWait: dontWait)
            if !sent { return false }
        }
        return true
    }

    // MARK: Receiving

    /// Receives a whole multipart message with `zmq_msg_recv`, frame by frame, whatever the sizes.
    /// - Returns: the frames, or `nil` when `dontWait` is set and nothing is waiting (or the receive timed out).
    public func receiveFrames(dontWait: Bool = false) throws(ZMQError) -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        var message = zmq_msg_t()
        zmq_msg_init(&message)
        defer { zmq_msg_close(&message) }
        while true {
            let flags: Int32 = dontWait && frames.isEmpty ? ZMQ_DONTWAIT : 0
            if zmq_msg_recv(&message, handle, flags) < 0 {
                let error = ZMQError.last("zmq_msg_recv")
                if error.isInterrupted { continue }
                if error.isWouldBlock && frames.isEmpty { return nil }
                throw error
            }
            let size = zmq_msg_size(&message)
            if size == 0 {
                frames.append([])
            } else {
                let data = zmq_msg_data(&message)!
                frames.append(Array(UnsafeRawBufferPointer(start: data, count: size)))
            }
            if zmq_msg_more(&message) == 0 { return frames }
        }
    }

    /// Whether a message can be received now without blocking.
    public var hasInput: Bool {
        ((try? intOption(ZMQ_EVENTS)) ?? 0) & Int32(ZMQ_POLLIN) != 0
    }
}

/// Waits on several sockets at once with `zmq_poll`.
public struct ZMQPoller {
    private var items: [zmq_pollitem_t] = []

    public init() {}

    /// Adds a socket to watch for input; returns its index in the readiness list.
    @discardableResult
    public mutating func addInput(_ socket: ZMQSocket) -> Int {
        items.append(zmq_pollitem_t(socket: socket.handle, fd: 0, events: Int16(ZMQ_POLLIN), revents: 0))
        return items.count - 1
    }

    /// Waits until a socket has input or `timeoutMilliseconds` pass (-1 = forever).
    /// - Returns: for each added socket, whether it is readable. A signal ends the wait early with nothing ready.
    public mutating func poll(timeoutMilliseconds: Int) throws(ZMQError) -> [Bool] {
        let result = items.withUnsafeMutableBufferPointer { zmq_poll($0.baseAddress, Int32($0.count), timeoutMilliseconds) }
        if result < 0 {
            let error = ZMQError.last("zmq_poll")
            if error.isInterrupted { return Array(repeating: false, count: items.count) }
            throw error
        }
        return items.map { $0.revents & Int16(ZMQ_POLLIN) != 0 }
    }
}

/// libzmq's built-in proxy: forwards between `frontend` and `backend` on the calling thread, copying every
/// message to `capture`. It returns when `control` receives `TERMINATE`.
/// - Throws: `ZMQError` when the proxy cannot run (for example the context is terminated).
public func runSteerableProxy(
    frontend: ZMQSocket, backend: ZMQSocket, capture: ZMQSocket?, control: ZMQSocket
) throws(ZMQError) {
    while zmq_proxy_steerable(frontend.handle, backend.handle, capture?.handle, control.handle) != 0 {
        let error = ZMQError.last("zmq_proxy_steerable")
        if error.isInterrupted { continue }
        if error.isTerminated { return }
        throw error
    }
}

/// Connection events of a socket, as `zmq_socket_monitor` reports them.
public struct ZMQSocketEvents: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The connection to a peer broke (the socket reconnects by itself).
    public static let disconnected = ZMQSocketEvents(rawValue: ZMQ_EVENT_DISCONNECTED)
    /// A connection was made and its handshake (security included) completed.
    public static let handshakeSucceeded = ZMQSocketEvents(rawValue: ZMQ_EVENT_HANDSHAKE_SUCCEEDED)

    /// The event in a message read from a monitor socket: the first frame holds a 16-bit event number and a
    /// 32-bit value in host byte order; `nil` for anything else.
    public init?(monitorFrames frames: [[UInt8]]) {
        guard let first = frames.first, first.count >= 2 else { return nil }
        rawValue = first.withUnsafeBytes { Int32($0.loadUnaligned(as: UInt16.self)) }
    }
}

extension ZMQSocket {
    /// Makes libzmq report `events` of this socket as messages on a PAIR socket at `endpoint` (inproc), which
    /// the caller connects to and reads.
    /// - Throws: `ZMQError` when libzmq refuses (a malformed endpoint, a monitor already running).
    public func startMonitor(_ endpoint: String, events: ZMQSocketEvents) throws(ZMQError) {
        guard zmq_socket_monitor(handle, endpoint, events.rawValue) == 0 else { throw .last("monitor \(endpoint)") }
    }
}

/// `ZMQ_XPUB_NODROP`, exposed for the publisher.
let ZMQ_XPUB_NODROP_OPTION = ZMQ_XPUB_NODROP
