import NavCore
import NavBus
import NavProtocol

/// In-process cost of the envelope codec alone, split into its stages, to show where bus time goes.
enum CodecBenchmark {
    static func run(arguments: [String]) throws {
        let count = Int(arguments.first ?? "") ?? 200_000
        let codec = EnvelopeCodec()
        let value = BusBenchmark.payload(1)
        let header = BusBenchmark.header(sequence: 1)
        var bytes: [UInt8] = []
        let encode = try measure(count) { bytes = try codec.encode(header: header, payload: value) }
        let frames = [Array(BusBenchmark.topic.rawValue.utf8), bytes]
        let parse = try measure(count) { _ = try JSONParser.parse(bytes) }
        var message: BusMessage?
        let envelope = try measure(count) { message = try codec.decode(frames: frames) }
        let typed = try measure(count) { _ = try message!.decode(BusBenchmark.Payload.self) }
        let scan = try measure(count) { _ = try codec.scan(frames: frames) }
        print("envelope codec, \(count) iterations, \(bytes.count)-byte envelope:")
        for (name, seconds) in [
            ("encode (envelope + payload)", encode), ("parse JSON only", parse),
            ("decode envelope (parse + attributes)", envelope), ("decode typed payload", typed),
            ("proxy cache: scan attributes, skip data", scan),
        ] {
            print("  \(name): \(Int(Double(count) / seconds)) /s, \(String(format: "%.2f", seconds / Double(count) * 1e6)) us each")
        }
    }

    static func measure(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
        let start = MonotonicClock.seconds()
        for _ in 0..<count { try body() }
        return MonotonicClock.seconds() - start
    }
}
