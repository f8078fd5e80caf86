import CEspeakNG
import Foundation
import Synchronization
public import NavProtocol
public import NavSinks

/// Speech from libespeak-ng, the only file that touches its C API.
///
/// The library keeps one global synthesizer per process, set up for either playing on the sound device
/// or handing samples back (for WAV files); an instance takes the process's synthesizer for one of the two
/// and must be used from one thread at a time.
public final class EspeakVoice: PromptVoice {
    /// What the synthesizer produces.
    public enum Output: Sendable, Equatable {
        /// Plays through the sound device (PulseAudio or ALSA, as libespeak-ng was built).
        case soundDevice
        /// Returns samples, for ``render(_:language:volume:to:)``.
        case samples
    }

    public let output: Output
    /// Samples per second of the synthesizer's output.
    public let sampleRate: Int

    /// Sets up libespeak-ng, once per process: a second voice must ask for the same output.
    /// - Throws: ``SpeechError`` when the library or its voice data cannot be loaded, or it was set up for the
    ///   other output.
    public init(output: Output) throws(SpeechError) {
        self.output = output
        sampleRate = try Self.library.withLock { state throws(SpeechError) -> Int in
            if let (started, rate) = state {
                guard started == output else {
                    throw SpeechError("libespeak-ng is already set up for the other output in this process")
                }
                return rate
            }
            let mode = output == .soundDevice ? AUDIO_OUTPUT_SYNCH_PLAYBACK : AUDIO_OUTPUT_SYNCHRONOUS
            let rate = espeak_Initialize(mode, 200, nil, Int32(espeakINITIALIZE_DONT_EXIT))
            guard rate > 0 else { throw SpeechError("libespeak-ng could not start (its voice data may be missing)") }
            espeak_SetSynthCallback { samples, count, events in
                guard let samples, count > 0, let sink = events?.pointee.user_data else { return 0 }
                let buffer = Unmanaged<SampleBuffer>.fromOpaque(sink).takeUnretainedValue()
                buffer.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
                return 0
            }
            state = (output, Int(rate))
            return Int(rate)
        }
    }

    /// The process's one synthesizer: which output it was set up for and its sample rate. libespeak-ng
    /// cannot be set up again after `espeak_Terminate` in the same process, so it is never terminated.
    private static let library = Mutex<(Output, Int)?>(nil)

    /// espeak-ng's amplitude (0…200, 100 its default) for each volume level.
    public static func amplitude(_ volume: VoiceVolumeLevel) -> Int32 {
        switch volume {
        case .low: 40
        case .normal: 100
        case .high: 180
        }
    }

    /// The espeak-ng voice for a language.
    static func voice(_ language: VoiceLanguage) -> String {
        switch language {
        case .english: "en"
        case .finnish: "fi"
        }
    }

    public func speak(_ text: String, language: VoiceLanguage, volume: VoiceVolumeLevel) throws {
        _ = try synthesize(text, language: language, volume: volume)
    }

    public func render(_ text: String, language: VoiceLanguage, volume: VoiceVolumeLevel, to path: String) throws
        -> Double
    {
        guard output == .samples else { throw SpeechError("this voice plays on the sound device; it cannot render") }
        let samples = try synthesize(text, language: language, volume: volume)
        try WAVFile(sampleRate: sampleRate, samples: samples).write(to: path)
        return Double(samples.count) / Double(sampleRate)
    }

    /// Synthesizes `text`; in sample mode returns the samples, in playback mode returns once it was played.
    private func synthesize(_ text: String, language: VoiceLanguage, volume: VoiceVolumeLevel) throws(SpeechError)
        -> [Int16]
    {
        let name = Self.voice(language)
        guard espeak_SetVoiceByName(name) == EE_OK else { throw SpeechError("espeak-ng has no voice '\(name)'") }
        espeak_SetParameter(espeakVOLUME, Self.amplitude(volume), 0)
        let buffer = SampleBuffer()
        let sink = Unmanaged.passRetained(buffer)
        defer { sink.release() }
        let status = text.withCString { pointer in
            espeak_Synth(
                pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, sink.toOpaque())
        }
        guard status == EE_OK else {
            throw SpeechError("espeak-ng could not speak the text (error \(status.rawValue))")
        }
        return buffer.samples
    }
}

/// Where the synthesis callback puts samples; reached through the `user_data` pointer.
private final class SampleBuffer {
    var samples: [Int16] = []
}

/// Why speech failed.
public struct SpeechError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
