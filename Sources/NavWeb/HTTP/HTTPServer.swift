import CMicroHTTPD
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why the HTTP server could not start.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// An HTTP/1.1 server on libmicrohttpd with one thread per connection, so a Server-Sent Events stream may wait for
/// its next event without holding up other browsers. All libmicrohttpd (and socket address) code is in this file.
///
/// `connectionLimit` bounds the open connections; libmicrohttpd refuses more, so a crowd of browsers costs at most
/// that many threads.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port the server listens on (the one picked when the address asked for port 0).
    public let port: Int
    // Only `start` and `stop` touch these, from the thread that owns the server.
    private var daemon: OpaquePointer?
    private let context: Unmanaged<HandlerBox>

    /// Starts listening.
    /// - Parameters:
    ///   - address: where to listen; a host name is resolved and its first address used.
    ///   - connectionLimit: the most simultaneous connections.
    ///   - handler: answers each request, on the connection's thread.
    /// - Throws: ``HTTPServerError`` when the address does not resolve or cannot be bound.
    public init(address: ListenAddress, connectionLimit: Int, handler: @escaping Handler) throws(HTTPServerError) {
        let resolved = try Self.resolve(address)
        let context = Unmanaged.passRetained(HandlerBox(handler))
        self.context = context
        var flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
        if resolved.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let started = resolved.bytes.withUnsafeBytes { raw in
            navbus_mhd_start(
                flags, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), UInt32(max(1, connectionLimit)), 120,
                accessHandler, context.toOpaque())
        }
        guard let started else {
            context.release()
            throw HTTPServerError("cannot listen on \(address) (address in use or not local?)")
        }
        daemon = started
        port = Int(navbus_mhd_bound_port(started))
    }

    /// Stops accepting, waits for the connection threads (streams must have been closed first) and frees the server.
    public func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        context.release()
    }

    deinit { stop() }

    private static func resolve(_ address: ListenAddress) throws(HTTPServerError) -> (bytes: [UInt8], isIPv6: Bool) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0, let first = list, let socketAddress = first.pointee.ai_addr else {
            throw HTTPServerError("cannot resolve \(address.host): \(String(cString: gai_strerror(status)))")
        }
        let bytes = Array(
            UnsafeRawBufferPointer(start: socketAddress, count: Int(first.pointee.ai_addrlen)))
        return (bytes, first.pointee.ai_family == AF_INET6)
    }
}

private final class HandlerBox {
    let handler: HTTPServer.Handler
    init(_ handler: @escaping HTTPServer.Handler) { self.handler = handler }
}

/// A stream being sent: keeps the part of a chunk that did not fit into libmicrohttpd's buffer.
private final class StreamState {
    let stream: any ResponseStream
    var pending: [UInt8] = []
    var pendingOffset = 0

    init(_ stream: any ResponseStream) { self.stream = stream }
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, _, _ in
    guard let context, let connection else { return .NO }
    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
    let methodName = method.map { String(cString: $0) } ?? "GET"
    let request = HTTPRequest(
        method: methodName, path: url.map { String(cString: $0) } ?? "/", query: queryArguments(connection))
    let answer: HTTPResponse =
        methodName == "GET" || methodName == "HEAD"
        ? box.handler(request) : HTTPResponse.text("only GET is served", status: 405)
    let response: OpaquePointer?
    switch answer.body {
    case .bytes(let bytes):
        response = bytes.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(
                raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .stream(let stream):
        let state = Unmanaged.passRetained(StreamState(stream))
        response = MHD_create_response_from_callback(
            navbus_mhd_size_unknown, 16 * 1024, streamReader, state.toOpaque(), streamFinished)
        if response == nil { streamFinished(state.toOpaque()) }
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    for header in answer.headers {
        _ = MHD_add_response_header(response, header.name, header.value)
    }
    return MHD_queue_response(connection, UInt32(answer.status), response)
}

private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, maxBytes in
    guard let context, let buffer, maxBytes > 0 else { return navbus_mhd_end_with_error }
    let state = Unmanaged<StreamState>.fromOpaque(context).takeUnretainedValue()
    if state.pendingOffset >= state.pending.count {
        guard let chunk = state.stream.nextChunk(maxBytes: maxBytes) else { return navbus_mhd_end_of_stream }
        state.pending = chunk
        state.pendingOffset = 0
    }
    let count = min(maxBytes, state.pending.count - state.pendingOffset)
    state.pending.withUnsafeBytes { raw in
        if let base = raw.baseAddress {
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + state.pendingOffset, byteCount: count)
        }
    }
    state.pendingOffset += count
    return count
}

private let streamFinished: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let state = Unmanaged<StreamState>.fromOpaque(context).takeRetainedValue()
    state.stream.connectionClosed()
}

private final class QueryCollector {
    var values: [String: String] = [:]
}

private func queryArguments(_ connection: OpaquePointer) -> [String: String] {
    let collector = QueryCollector()
    let unmanaged = Unmanaged.passUnretained(collector)
    _ = MHD_get_connection_values(
        connection, .GET_ARGUMENT_KIND,
        { context, _, key, value in
            guard let context, let key else { return .YES }
            let collector = Unmanaged<QueryCollector>.fromOpaque(context).takeUnretainedValue()
            collector.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
            return .YES
        }, unmanaged.toOpaque())
    return withExtendedLifetime(collector) { collector.values }
}
