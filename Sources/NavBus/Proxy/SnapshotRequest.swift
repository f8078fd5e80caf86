/// The last-value cache's snapshot protocol: how a subscriber gets the current state at once without anybody
/// else receiving a copy.
///
/// A subscriber that wants the cached messages of topics starting with `P` subscribes, besides `P` itself, to
/// `@snapshot/<nonce>/P`, with a nonce of its own. The proxy sees the subscription and publishes each cached
/// message under the topic frame `@snapshot/<nonce>/<topic>` (the envelope unchanged), then the end marker
/// `@snapshot/<nonce>/P@end` with a small JSON body `{"snapshotEnd":"P","count":N}` — two frames like every bus
/// message, so a client subscribed to everything that unpacks two frames never trips over it. Only that subscriber is subscribed to the nonce, so the
/// proxy's XPUB delivers the snapshot to nobody else; a client subscribed to everything sees these frames too and
/// skips them like any topic outside the catalogue. This is the ZeroMQ Guide's Clone pattern (subscribe first,
/// then ask for the snapshot) with the request carried by the subscription itself, so it needs no endpoint,
/// socket or security set-up beyond the bus's own.
public struct SnapshotRequest: Sendable, Equatable {
    /// What every snapshot topic frame starts with; no catalogue topic starts with `@`.
    public static let marker = "@snapshot/"

    /// Identifies the requesting subscriber: 16 hexadecimal digits.
    public var nonce: String
    /// The topic prefix whose cached messages are wanted.
    public var prefix: String

    public init(nonce: String, prefix: String) {
        self.nonce = nonce
        self.prefix = prefix
    }

    /// A fresh random nonce.
    public static func makeNonce() -> String {
        let value = UInt64.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads a subscription (without its leading 1 byte); `nil` when it is not a snapshot request.
    public init?(subscription: [UInt8]) {
        let marker = Array(Self.marker.utf8)
        guard subscription.starts(with: marker) else { return nil }
        let rest = subscription.dropFirst(marker.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash - rest.startIndex == 16 else { return nil }
        nonce = String(decoding: rest[rest.startIndex..<slash], as: UTF8.self)
        prefix = String(decoding: rest[(slash + 1)...], as: UTF8.self)
    }

    /// What frames of this subscriber's snapshot start with.
    public var framePrefix: String { Self.marker + nonce + "/" }

    /// The subscription that asks for the snapshot (and receives it).
    public var subscription: String { framePrefix + prefix }

    /// The topic frame under which a cached message of `topic` is sent.
    public func frame(for topic: String) -> String { framePrefix + topic }

    /// The topic frame of the end marker; no catalogue topic contains `@`, so it is never a cached message's.
    public var endFrame: String { subscription + "@end" }
}
