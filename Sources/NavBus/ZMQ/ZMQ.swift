import CZeroMQ
import Foundation
import Synchronization

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
    /// How sockets made from this context protect themselves (plain unless keys were given).
    public let security: BusSecurity
    private let zapHandler = Mutex<ZAPHandlerThread?>(nil)

    /// Creates a context.
    /// - Parameter ioThreads: libzmq I/O threads; one is enough below about a gigabyte per second.
    /// - Parameter security: the keys (and for servers the access control) every socket of the context uses; by
    ///   default what the process installed at start (plain without keys).
    public init(ioThreads: Int32 = 1, security: BusSecurity = .processDefault) {
        guard let handle = zmq_ctx_new() else {
            preconditionFailure("zmq_ctx_new failed: out of memory or file descriptors")
        }
        zmq_ctx_set(handle, ZMQ_IO_THREADS, ioThreads)
        self.handle = handle
        self.security = security
    }

    deinit {
        if let handler = zapHandler.withLock({ $0 }) {
            // The handler's sockets do not keep the context alive; shutting down ends its poll with ETERM.
            zmq_ctx_shutdown(handle)
            handler.waitUntilFinished()
        }
        // Every socket sets a bounded linger, so termination never waits long.
        while zmq_ctx_term(handle) != 0 && zmq_errno() == EINTR {}
    }

    /// Starts the context's ZAP handler, once: every CURVE server socket of the context asks `decide` about each
    /// client key, and failed handshakes of monitored sockets are reported to `onFailure`. Call before binding.
    /// - Throws: `ZMQError` when another handler is bound in this context.
    public func startAuthentication(
        decide: @escaping @Sendable (ZAPRequest) -> ZAPDecision,
        onFailure: @escaping @Sendable (HandshakeFailure) -> Void
    ) throws(ZMQError) {
        try zapHandler.withLock { (handler: inout ZAPHandlerThread?) throws(ZMQError) in
            guard handler == nil else { return }
            handler = try ZAPHandlerThread(context: handle, decide: decide, onFailure: onFailure)
        }
    }

    var authenticator: ZAPHandlerThread? { zapHandler.withLock { $0 } }

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
    let context: ZMQContext

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

// MARK: - CURVE security

/// libzmq's CURVE helpers: key generation and Z85, the text form of keys.
public enum ZMQCurve {
    /// Whether this libzmq was built with CURVE (libsodium or tweetnacl).
    public static var isAvailable: Bool { zmq_has("curve") != 0 }

    /// A fresh key pair, both keys in Z85 (40 characters each).
    /// - Throws: `ZMQError` when libzmq has no CURVE support.
    public static func generateKeyPair() throws(ZMQError) -> (publicKey: String, secretKey: String) {
        var publicKey = [CChar](repeating: 0, count: 41)
        var secretKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicKey, &secretKey) == 0 else { throw .last("zmq_curve_keypair") }
        defer { for index in secretKey.indices { secretKey[index] = 0 } }
        return (text(publicKey), text(secretKey))
    }

    /// The Z85 public key that belongs to a Z85 secret key; `nil` when the text is not a key.
    public static func publicKey(forSecretKey secretKey: String) -> String? {
        guard decode(secretKey) != nil else { return nil }
        var publicKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_public(&publicKey, secretKey) == 0 else { return nil }
        return text(publicKey)
    }

    /// The 32 bytes of a 40-character Z85 key; `nil` for anything else.
    public static func decode(_ z85: String) -> [UInt8]? {
        let characters = Array(z85.utf8)
        guard characters.count == 40, characters.allSatisfy(isZ85Character) else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard zmq_z85_decode(&bytes, z85) != nil else { return nil }
        return bytes
    }

    /// The Z85 text of 32 key bytes.
    public static func encode(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 32 else { return nil }
        var text = [CChar](repeating: 0, count: 41)
        guard zmq_z85_encode(&text, bytes, bytes.count) != nil else { return nil }
        return Self.text(text)
    }

    private static func isZ85Character(_ byte: UInt8) -> Bool {
        // Z85's alphabet: digits, letters and `.-:+=^!/*?&<>()[]{}@%$#`.
        if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return true }
        return Array(".-:+=^!/*?&<>()[]{}@%$#".utf8).contains(byte)
    }

    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension ZMQSocket {
    /// Serves CURVE with this secret key (32 bytes): every peer must know the matching public key. Set before
    /// `bind`. Clients are then checked by the context's ZAP handler, if one runs.
    public func setCurveServer(secretKey: [UInt8], zapDomain: String) throws(ZMQError) {
        try setOption(ZMQ_CURVE_SERVER, 1)
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: secretKey)
        try setOption(ZMQ_ZAP_DOMAIN, bytes: Array(zapDomain.utf8))
    }

    /// Connects as a CURVE client with its own key pair to a server whose public key is `serverKey` (32 bytes
    /// each). Set before `connect`.
    public func setCurveClient(publicKey: [UInt8], secretKey: [UInt8], serverKey: [UInt8]) throws(ZMQError) {
        try setOption(ZMQ_CURVE_SERVERKEY, bytes: serverKey)
        try setOption(ZMQ_CURVE_PUBLICKEY, bytes: publicKey)
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: secretKey)
    }

    /// XPUB: hand every (un)subscription to the application, which decides with `register(_:)` what the
    /// subscriber really gets.
    public func setXPubManual(_ on: Bool) throws(ZMQError) { try setOption(ZMQ_XPUB_MANUAL, on ? 1 : 0) }

    /// XPUB in manual mode: adds (or removes) `prefix` for the subscriber whose subscription was received last.
    public func register(_ prefix: [UInt8], subscribe: Bool) throws(ZMQError) {
        try setOption(subscribe ? ZMQ_SUBSCRIBE : ZMQ_UNSUBSCRIBE, bytes: prefix)
    }

    /// Receives a whole multipart message and the `User-Id` the ZAP handler gave its sender (absent without
    /// CURVE, or over `inproc`).
    /// - Returns: `nil` when `dontWait` is set and nothing is waiting.
    public func receiveFramesWithUserID(dontWait: Bool = false) throws(ZMQError) -> (frames: [[UInt8]], userID: String?)? {
        let frame = ZMQFrame()
        guard try frame.receive(from: self, dontWait: dontWait) else { return nil }
        // A ROUTER makes the routing-id frame itself, without the connection's metadata: ask every frame.
        var userID = frame.userID
        var frames = [frame.bytes]
        while frame.hasMore {
            _ = try frame.receive(from: self, dontWait: false)
            frames.append(frame.bytes)
            if userID == nil { userID = frame.userID }
        }
        return (frames, userID)
    }

    /// Reports failed handshakes of this (server) socket to the context's ZAP handler, which counts them: a
    /// client without CURVE, with the wrong server key, or refused by the ZAP handler.
    public func monitorHandshakeFailures() throws(ZMQError) {
        guard let watcher = context.authenticator else { return }
        let endpoint = "inproc://navbus-monitor-\(UInt64.random(in: .min ... .max))"
        let events =
            ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL | ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL | ZMQ_EVENT_HANDSHAKE_FAILED_AUTH
        guard zmq_socket_monitor(handle, endpoint, events) == 0 else { throw .last("zmq_socket_monitor") }
        try watcher.watch(endpoint, context: context.handle)
    }
}

/// One frame held in a `zmq_msg_t`, for forwarding without copying: the proxy receives into it, reads the
/// bytes in place, and sends it on (or a copy of it to several sockets).
public final class ZMQFrame {
    private let message: UnsafeMutablePointer<zmq_msg_t>

    public init() {
        message = .allocate(capacity: 1)
        zmq_msg_init(message)
    }

    deinit {
        zmq_msg_close(message)
        message.deallocate()
    }

    /// Receives the next frame from `socket`, replacing what the frame held.
    /// - Returns: `false` when `dontWait` is set and nothing is waiting.
    public func receive(from socket: ZMQSocket, dontWait: Bool) throws(ZMQError) -> Bool {
        while zmq_msg_recv(message, socket.handle, dontWait ? ZMQ_DONTWAIT : 0) < 0 {
            let error = ZMQError.last("zmq_msg_recv")
            if error.isInterrupted { continue }
            if error.isWouldBlock { return false }
            throw error
        }
        return true
    }

    /// Sends the frame; afterwards it is empty (libzmq takes the content).
    /// - Returns: `false` when `dontWait` is set and the queue is full.
    @discardableResult
    public func send(to socket: ZMQSocket, more: Bool, dontWait: Bool = false) throws(ZMQError) -> Bool {
        let flags = (more ? ZMQ_SNDMORE : 0) | (dontWait ? ZMQ_DONTWAIT : 0)
        while zmq_msg_send(message, socket.handle, flags) < 0 {
            let error = ZMQError.last("zmq_msg_send")
            if error.isInterrupted { continue }
            if error.isWouldBlock { return false }
            throw error
        }
        return true
    }

    /// Makes this frame share `other`'s content (libzmq counts references; nothing is copied).
    public func copy(from other: ZMQFrame) {
        zmq_msg_copy(message, other.message)
    }

    /// Replaces the content with `bytes`.
    public func set(_ bytes: [UInt8]) {
        zmq_msg_close(message)
        zmq_msg_init_size(message, bytes.count)
        if !bytes.isEmpty, let data = zmq_msg_data(message) {
            bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        }
    }

    /// Whether another frame of the same message follows.
    public var hasMore: Bool { zmq_msg_more(message) != 0 }

    public var count: Int { zmq_msg_size(message) }

    /// A copy of the frame's bytes.
    public var bytes: [UInt8] {
        let size = zmq_msg_size(message)
        guard size > 0, let data = zmq_msg_data(message) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: size))
    }

    /// Lends the frame's bytes in place, for reading without a copy; the buffer is valid only inside `body`.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let size = zmq_msg_size(message)
        guard size > 0, let data = zmq_msg_data(message) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: data, count: size))
    }

    /// Lends the sender's `User-Id` as bytes in place (`nil` without one), so a hot path can recognise a peer
    /// without building a String for every message. The buffer is valid only inside `body`.
    public func withUserID<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        guard let value = zmq_msg_gets(message, "User-Id") else { return body(nil) }
        let count = strlen(value)
        return body(count == 0 ? nil : UnsafeRawBufferPointer(start: value, count: count))
    }

    /// The `User-Id` the ZAP handler gave the sender; `nil` without one.
    public var userID: String? {
        guard let value = zmq_msg_gets(message, "User-Id") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

/// A ZAP request (ZeroMQ RFC 27) from one of the context's CURVE server sockets.
public struct ZAPRequest: Sendable {
    /// The server socket's ZAP domain, which says which service is asked.
    public let domain: String
    /// The peer's address (IP) as libzmq reports it.
    public let address: String
    public let mechanism: String
    /// For CURVE, the client's public key in Z85.
    public let clientKey: String?

    public init(domain: String, address: String, mechanism: String, clientKey: String?) {
        self.domain = domain
        self.address = address
        self.mechanism = mechanism
        self.clientKey = clientKey
    }
}

/// The ZAP handler's answer: let the client in under a user id, or refuse it.
public enum ZAPDecision: Sendable, Equatable {
    case allow(userID: String)
    case deny(reason: String)
}

/// Why a client could not connect to a monitored server socket.
public enum HandshakeFailure: Sendable {
    /// The client speaks no CURVE, or the other mechanism.
    case mechanismMismatch
    /// The CURVE boxes did not open: the client used a wrong server key.
    case cryptographic
    /// The ZAP handler refused the client's key.
    case refused
    /// Anything else the handshake found wrong.
    case protocolError
}

/// The context's ZAP handler: a REP socket on `inproc://zeromq.zap.01` answered on its own thread, plus the
/// monitors of the server sockets, read on the same thread. It works on raw sockets that do not keep the
/// context alive, so the context's `deinit` can shut it down.
final class ZAPHandlerThread: @unchecked Sendable {
    private struct RawSocket: @unchecked Sendable { let handle: UnsafeMutableRawPointer }

    private let decide: @Sendable (ZAPRequest) -> ZAPDecision
    private let onFailure: @Sendable (HandshakeFailure) -> Void
    private let zap: RawSocket
    private let newMonitors = Mutex<[RawSocket]>([])
    private let finished = DispatchSemaphore(value: 0)

    init(
        context: UnsafeMutableRawPointer, decide: @escaping @Sendable (ZAPRequest) -> ZAPDecision,
        onFailure: @escaping @Sendable (HandshakeFailure) -> Void
    ) throws(ZMQError) {
        guard let socket = zmq_socket(context, ZMQ_REP) else { throw .last("zmq_socket(ZAP)") }
        var linger: Int32 = 0
        zmq_setsockopt(socket, ZMQ_LINGER, &linger, MemoryLayout<Int32>.size)
        guard zmq_bind(socket, "inproc://zeromq.zap.01") == 0 else {
            let error = ZMQError.last("bind inproc://zeromq.zap.01")
            zmq_close(socket)
            throw error
        }
        zap = RawSocket(handle: socket)
        self.decide = decide
        self.onFailure = onFailure
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "navbus-zap"
        thread.start()
    }

    /// Connects a reader to a server socket's monitor endpoint; the thread picks it up on its next turn.
    func watch(_ endpoint: String, context: UnsafeMutableRawPointer) throws(ZMQError) {
        guard let socket = zmq_socket(context, ZMQ_PAIR) else { throw .last("zmq_socket(monitor)") }
        var linger: Int32 = 0
        zmq_setsockopt(socket, ZMQ_LINGER, &linger, MemoryLayout<Int32>.size)
        guard zmq_connect(socket, endpoint) == 0 else {
            let error = ZMQError.last("connect \(endpoint)")
            zmq_close(socket)
            throw error
        }
        newMonitors.withLock { $0.append(RawSocket(handle: socket)) }
    }

    /// Waits until the thread has closed its sockets (after `zmq_ctx_shutdown`).
    func waitUntilFinished() { finished.wait() }

    private func run() {
        var monitors: [UnsafeMutableRawPointer] = []
        defer {
            for monitor in monitors { zmq_close(monitor) }
            for monitor in newMonitors.withLock({ $0 }) { zmq_close(monitor.handle) }
            zmq_close(zap.handle)
        }
        while true {
            monitors += newMonitors.withLock { pending in
                defer { pending.removeAll() }
                return pending.map(\.handle)
            }
            var items = [zmq_pollitem_t(socket: zap.handle, fd: 0, events: Int16(ZMQ_POLLIN), revents: 0)]
            items += monitors.map { zmq_pollitem_t(socket: $0, fd: 0, events: Int16(ZMQ_POLLIN), revents: 0) }
            let ready = items.withUnsafeMutableBufferPointer { zmq_poll($0.baseAddress, Int32($0.count), 100) }
            if ready < 0 {
                if zmq_errno() == EINTR { continue }
                return  // ETERM: the context is shutting down
            }
            if items[0].revents & Int16(ZMQ_POLLIN) != 0, !answerRequest() { return }
            for (index, monitor) in monitors.enumerated() where items[index + 1].revents & Int16(ZMQ_POLLIN) != 0 {
                readEvent(monitor)
            }
        }
    }

    /// Reads one ZAP request and replies. Returns `false` when the context is shutting down.
    private func answerRequest() -> Bool {
        guard let frames = Self.receiveAll(zap.handle) else { return zmq_errno() != ETERM }
        // version, request id, domain, address, routing id, mechanism, credentials...
        guard frames.count >= 6 else { return true }
        let text = { (index: Int) in String(decoding: frames[index], as: UTF8.self) }
        let mechanism = text(5)
        let clientKey = mechanism == "CURVE" && frames.count >= 7 ? ZMQCurve.encode(frames[6]) : nil
        let request = ZAPRequest(domain: text(2), address: text(3), mechanism: mechanism, clientKey: clientKey)
        let reply: [[UInt8]]
        switch text(0) == "1.0" ? decide(request) : .deny(reason: "unsupported ZAP version") {
        case .allow(let userID):
            reply = [Array("1.0".utf8), frames[1], Array("200".utf8), Array("OK".utf8), Array(userID.utf8), []]
        case .deny(let reason):
            reply = [Array("1.0".utf8), frames[1], Array("400".utf8), Array(reason.utf8), [], []]
        }
        for (index, frame) in reply.enumerated() {
            let flags = index < reply.count - 1 ? ZMQ_SNDMORE : 0
            let sent = frame.withUnsafeBytes { zmq_send(zap.handle, $0.baseAddress, $0.count, flags) }
            if sent < 0 { return zmq_errno() != ETERM }
        }
        return true
    }

    /// Reads one monitor event: a frame with a 16-bit event and a 32-bit value, then the endpoint.
    private func readEvent(_ monitor: UnsafeMutableRawPointer) {
        guard let frames = Self.receiveAll(monitor), let first = frames.first, first.count >= 6 else { return }
        let event = Int32(UInt16(first[0]) | UInt16(first[1]) << 8)
        let value = Int32(bitPattern: UInt32(first[2]) | UInt32(first[3]) << 8 | UInt32(first[4]) << 16 | UInt32(first[5]) << 24)
        switch event {
        case ZMQ_EVENT_HANDSHAKE_FAILED_AUTH:
            onFailure(.refused)
        case ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL where value == ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH:
            onFailure(.mechanismMismatch)
        case ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL where value == ZMQ_PROTOCOL_ERROR_ZMTP_CRYPTOGRAPHIC:
            onFailure(.cryptographic)
        case ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL, ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL:
            onFailure(.protocolError)
        default:
            break
        }
    }

    private static func receiveAll(_ socket: UnsafeMutableRawPointer) -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        var message = zmq_msg_t()
        zmq_msg_init(&message)
        defer { zmq_msg_close(&message) }
        while true {
            if zmq_msg_recv(&message, socket, ZMQ_DONTWAIT) < 0 {
                if zmq_errno() == EINTR { continue }
                return frames.isEmpty ? nil : frames
            }
            let size = zmq_msg_size(&message)
            frames.append(size == 0 ? [] : Array(UnsafeRawBufferPointer(start: zmq_msg_data(&message), count: size)))
            if zmq_msg_more(&message) == 0 { return frames }
        }
    }
}
