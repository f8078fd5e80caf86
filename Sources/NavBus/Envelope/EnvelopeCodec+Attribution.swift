extension EnvelopeCodec {
    /// Reads who a message claims to come from and what it is about, for the proxy's publication checks:
    /// the envelope's `source` and `subject`, checking that it is a CloudEvents 1.0 object with `data`, skipping
    /// over `data` without building it. Topics outside the catalogue are read like any other.
    /// - Throws: `EnvelopeError` when the envelope is too large, not an object, or lacks the attributes.
    public func attribution(of envelope: [UInt8]) throws(EnvelopeError) -> (source: String, subject: String) {
        let outcome = envelope.withUnsafeBytes { bytes in
            Result { () throws(EnvelopeError) -> (source: String, subject: String) in try attribution(of: bytes) }
        }
        return try outcome.get()
    }

    /// `attribution(of:)` on bytes read in place (the proxy reads a received frame without copying it).
    public func attribution(of envelope: UnsafeRawBufferPointer) throws(EnvelopeError) -> (source: String, subject: String) {
        guard envelope.count <= maximumSize else {
            throw EnvelopeError(kind: .oversize, reason: "envelope of \(envelope.count) bytes exceeds \(maximumSize)")
        }
        let slots: [JSONValue?]
        do {
            // Repeats refused: a foreign subscriber's parser may read another `subject` than the first.
            slots = try JSONParser.scanObject(
                envelope, keys: ["specversion", "source", "subject"], present: ["data"], rejectingRepeats: true)
        } catch {
            throw EnvelopeError(kind: .malformed, reason: error.description)
        }
        guard slots[0]?.stringValue == EnvelopeHeader.specVersion else {
            throw EnvelopeError(kind: .wrongVersion, reason: "specversion is not 1.0")
        }
        guard let source = slots[1]?.stringValue, slots[3] != nil else {
            throw EnvelopeError(kind: .malformed, reason: "missing 'source' or 'data'")
        }
        switch slots[2] {
        case .none:
            return (source, "default")
        case .string(let subject)?:
            return (source, subject)
        default:
            throw EnvelopeError(kind: .malformed, reason: "attribute 'subject' is not a string")
        }
    }
}
