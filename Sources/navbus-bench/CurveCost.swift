import Foundation
import NavBus

/// What libzmq's CURVE costs by itself, apart from navbus: two-frame messages (the topic frame and an envelope
/// of the bus benchmark's size) from a PUSH to a PULL socket over tcp loopback in one process, once plain and once
/// with CURVE, counting the CPU of libzmq's I/O thread (where both the encryption of the sending side and the
/// decryption of the receiving side run). The difference per message is the price of one hop; on the bus a
/// message makes two (publisher → proxy → subscriber).
enum CurveCost {
    struct Hop {
        /// I/O-thread CPU per message, plain and with CURVE, in microseconds.
        var plain: Double
        var curve: Double
        var extra: Double { curve - plain }
    }

    static func measure(topic: [UInt8], envelope: [UInt8], messages: Int) throws -> Hop {
        Hop(
            plain: try ioMicroseconds(curve: false, topic: topic, envelope: envelope, messages: messages),
            curve: try ioMicroseconds(curve: true, topic: topic, envelope: envelope, messages: messages))
    }

    private static func ioMicroseconds(curve: Bool, topic: [UInt8], envelope: [UInt8], messages: Int) throws -> Double {
        let context = ZMQContext(security: .plain)
        let receiver = try context.socket(.pull)
        let sender = try context.socket(.push)
        defer {
            sender.close()
            receiver.close()
        }
        for socket in [receiver, sender] {
            try socket.setSendHighWaterMark(0)
            try socket.setReceiveHighWaterMark(0)
        }
        if curve {
            let server = try ZMQCurve.generateKeyPair()
            let client = try ZMQCurve.generateKeyPair()
            guard let serverSecret = ZMQCurve.decode(server.secretKey), let serverPublic = ZMQCurve.decode(server.publicKey),
                let clientSecret = ZMQCurve.decode(client.secretKey), let clientPublic = ZMQCurve.decode(client.publicKey)
            else { throw BenchError("libzmq made a key that does not decode") }
            // No ZAP handler runs in this context, so the server lets every CURVE client in.
            try receiver.setCurveServer(secretKey: serverSecret, zapDomain: "navbus-bench")
            try sender.setCurveClient(publicKey: clientPublic, secretKey: clientSecret, serverKey: serverPublic)
        }
        let port = Int.random(in: 40_000..<50_000)
        try receiver.bind("tcp://127.0.0.1:\(port)")
        try sender.connect("tcp://127.0.0.1:\(port)")
        // One message first, so the handshake is not counted.
        _ = try sender.send(frames: [topic, envelope])
        _ = try receiver.receiveFrames()
        let before = ProcessCPU.sample(pid: getpid())
        // Queued all at once (no high-water mark), so the I/O thread works while this thread receives.
        for _ in 0..<messages { _ = try sender.send(frames: [topic, envelope]) }
        for _ in 0..<messages {
            guard try receiver.receiveFrames() != nil else { throw BenchError("PULL socket stopped receiving") }
        }
        let used = ProcessCPU.sample(pid: getpid()) - before
        return used.io / Double(messages) * 1e6
    }
}
