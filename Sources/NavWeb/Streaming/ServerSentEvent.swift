/// One Server-Sent Event in the `text/event-stream` format: `event: NAME`, one `data:` line per line of the data,
/// and a blank line.
public enum ServerSentEvent {
    /// The bytes of an event named `name` carrying `data` (JSON has no raw newlines, but any are split correctly).
    public static func encode(name: String, data: [UInt8]) -> [UInt8] {
        var bytes = Array("event: \(name)\n".utf8)
        bytes.reserveCapacity(bytes.count + data.count + 16)
        bytes += Array("data: ".utf8)
        for byte in data {
            if byte == UInt8(ascii: "\n") {
                bytes += Array("\ndata: ".utf8)
            } else if byte != UInt8(ascii: "\r") {
                bytes.append(byte)
            }
        }
        bytes += [UInt8(ascii: "\n"), UInt8(ascii: "\n")]
        return bytes
    }

    /// A comment line, which browsers ignore: keeps idle connections alive and reveals closed ones.
    public static let keepAlive = Array(": keep-alive\n\n".utf8)

    /// Tells the browser how long to wait before reconnecting, in milliseconds.
    public static func retry(milliseconds: Int) -> [UInt8] { Array("retry: \(milliseconds)\n\n".utf8) }
}
