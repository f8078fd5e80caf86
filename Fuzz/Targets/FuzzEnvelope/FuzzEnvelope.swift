import FuzzSupport
import NavBus
import NavProtocol

/// Feeds arbitrary two-frame messages to the envelope decoder: the input up to the first newline is the
/// topic frame, the rest the envelope frame.
///
/// Besides "never trap", the proxy's attribute scan must not reject what the subscriber's decoder accepts
/// (the proxy would then drop a valid message), and an accepted envelope must survive a re-encode (times to the
/// millisecond, navbus's resolution).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(start, count)
    let split = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let frames = [Array(bytes[..<split]), Array(bytes[min(split + 1, bytes.endIndex)...])]
    let codec = EnvelopeCodec(maximumSize: 64 * 1024)
    let scanned = try? codec.scan(frames: frames)
    _ = try? codec.decode(frames: frames, acceptUnknownTopics: true)
    guard let message = try? codec.decode(frames: frames) else { return 0 }
    require(scanned?.subject == message.header.subject, "scan and decode disagree on an accepted envelope")
    guard let encoded = try? codec.encode(header: message.header, payload: message.data) else {
        fail("an accepted envelope cannot be encoded again")
    }
    guard let again = try? codec.decode(frames: [frames[0], encoded]) else {
        fail("a re-encoded envelope is rejected: \(String(decoding: encoded.prefix(200), as: UTF8.self))")
    }
    // navbus writes times to the millisecond; finer fractions a foreign publisher sends are rounded.
    var expected = message.header
    expected.time = again.header.time
    require(abs(again.header.time.seconds(since: message.header.time)) < 0.001, "a re-encoded envelope has another time")
    require(again.header == expected, "a re-encoded envelope has other attributes")
    return 0
}
