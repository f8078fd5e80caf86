/// The topic frame a client limited to some vehicles receives: `nav.location.v1[car-1]`.
///
/// libzmq filters by prefix on the topic frame alone, and an XPUB cannot send one message to only some of the
/// subscribers whose prefixes match it. So such clients connect to the proxy's vehicle-scoped subscriber
/// endpoint, where the messages about their vehicles go out under scoped frames and the proxy registers, for
/// each of their subscriptions, only the scoped frames of the vehicles they may see. Their own prefix (`nav.`)
/// still matches the scoped frame; receivers strip the bracket and check that it names the envelope's subject.
public enum ScopedTopic {
    /// The scoped frame of `topic` for `vehicle`.
    public static func frame(topic: [UInt8], vehicle: String) -> [UInt8] {
        topic + [UInt8(ascii: "[")] + Array(vehicle.utf8) + [UInt8(ascii: "]")]
    }

    /// The prefix registered for a vehicle pattern: the whole scoped frame for an exact id, the open bracket
    /// and the prefix for `car-*`.
    static func registration(topic: String, vehiclePattern: String) -> [UInt8] {
        if vehiclePattern.hasSuffix("*") {
            return Array(topic.utf8) + [UInt8(ascii: "[")] + Array(vehiclePattern.dropLast().utf8)
        }
        return frame(topic: Array(topic.utf8), vehicle: vehiclePattern)
    }

    /// Splits a topic frame into the topic and, for a scoped frame, the vehicle it names.
    public static func split(_ frame: [UInt8]) -> (topic: ArraySlice<UInt8>, vehicle: ArraySlice<UInt8>?) {
        guard frame.last == UInt8(ascii: "]"), let open = frame.firstIndex(of: UInt8(ascii: "[")) else {
            return (frame[...], nil)
        }
        return (frame[..<open], frame[(open + 1)..<(frame.count - 1)])
    }

    /// Whether a subject can travel in a scoped frame (brackets would make the frame ambiguous).
    static func canScope(_ subject: String) -> Bool {
        !subject.utf8.contains(UInt8(ascii: "[")) && !subject.utf8.contains(UInt8(ascii: "]"))
    }
}
