/// A request as the web service's routes see it: only what a GET needs.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The path without the query, e.g. `/vehicle/taxi-7`.
    public var path: String
    /// Query arguments, already percent-decoded.
    public var query: [String: String]

    public init(method: String = "GET", path: String, query: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
    }
}

/// A body that is produced while it is sent, such as a Server-Sent Events stream.
///
/// The HTTP server calls ``nextChunk(maxBytes:)`` from the connection's own thread, so it may block until there is
/// something to send; it must return within a few seconds (a keep-alive comment will do) so a closed browser is
/// noticed, and must return `nil` promptly once the stream is closed.
public protocol ResponseStream: AnyObject, Sendable {
    /// Up to `maxBytes` bytes (a longer chunk is sent in pieces); `nil` ends the response.
    func nextChunk(maxBytes: Int) -> [UInt8]?
    /// The connection ended (the browser left, or the server stops).
    func connectionClosed()
}

/// What the server sends back.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        case stream(any ResponseStream)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A complete body of `contentType`.
    public static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200, cache: Bool = false)
        -> HTTPResponse
    {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", contentType), ("Cache-Control", cache ? "max-age=3600" : "no-store")],
            body: .bytes(bytes))
    }

    /// A short plain-text answer, for errors.
    public static func text(_ text: String, status: Int) -> HTTPResponse {
        bytes(Array((text + "\n").utf8), contentType: "text/plain; charset=utf-8", status: status)
    }

    /// A Server-Sent Events stream.
    public static func eventStream(_ stream: any ResponseStream) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                ("X-Accel-Buffering", "no"),
            ],
            body: .stream(stream))
    }

    /// The body when it is complete, `nil` for a stream.
    public var completeBody: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }

    /// The value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
