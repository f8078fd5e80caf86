import Foundation
import NavProtocol
import NavSpeech
import Testing

/// libespeak-ng keeps one synthesizer per process, so the tests that use it run one after another.
@Suite("espeak-ng renders prompts", .serialized)
struct EspeakVoiceTests {
    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    @Test("a rendered prompt is a WAV file a second or more long, and high is louder than low")
    func rendersWAVAtTheVolumeLevel() throws {
        let voice = try EspeakVoice(output: .samples)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-espeak-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var levels: [VoiceVolumeLevel: Double] = [:]
        for level in VoiceVolumeLevel.allCases {
            let path = directory.appendingPathComponent("\(level.rawValue).wav").path
            let seconds = try voice.render(
                "In 300 meters, turn right onto Mannerheimintie.", language: .english, volume: level, to: path)
            #expect(seconds > 1 && seconds < 8, "\(seconds) s")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WAVE".utf8))
            let samples = stride(from: 44, to: bytes.count - 1, by: 2).map {
                Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
            }
            #expect(Double(samples.count) / Double(voice.sampleRate) == seconds)
            levels[level] = Self.rms(samples[...])
        }
        let low = try #require(levels[.low])
        let normal = try #require(levels[.normal])
        let high = try #require(levels[.high])
        #expect(low < normal && normal < high, "\(levels)")
        #expect(high > 2 * low)
    }

    @Test("Finnish prompts use the Finnish voice")
    func finnish() throws {
        let voice = try EspeakVoice(output: .samples)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-fi-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let seconds = try voice.render(
            "300 metrin päästä käänny oikealle Kaivokadulle.", language: .finnish, volume: .normal, to: path)
        #expect(seconds > 1)
    }

    @Test("a WAV file's header describes 16-bit mono PCM at the sample rate")
    func wavHeader() {
        let bytes = WAVFile(sampleRate: 22_050, samples: [0, 1, -1]).bytes
        #expect(bytes.count == 44 + 6)
        #expect(Array(bytes[12..<16]) == Array("fmt ".utf8))
        #expect(bytes[22] == 1 && bytes[34] == 16)
        #expect(UInt32(bytes[24]) | UInt32(bytes[25]) << 8 | UInt32(bytes[26]) << 16 == 22_050)
        #expect(Array(bytes[36..<40]) == Array("data".utf8) && bytes[40] == 6)
        #expect(Array(bytes[44...]) == [0, 0, 1, 0, 0xff, 0xff])
    }
}
