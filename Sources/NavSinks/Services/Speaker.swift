import Foundation
import NavBus
import NavCore
public import NavService
import NavProtocol

/// The `navbus-speaker` service: speaks `nav.voice_prompt.v1` at each prompt's volume, or writes one WAV
/// file per prompt into a directory, through a ``PromptVoice``.
///
/// Prompts wait in a ``PromptQueue`` that drops the ones gone stale before their turn (counted as
/// `promptsDropped` in the heartbeat); speech runs on a thread of its own so the bus is never held up.
/// Hook environment (`--exec`): `NAVBUS_VEHICLE`, `NAVBUS_PROMPT_TEXT`, `NAVBUS_PROMPT_KIND`,
/// `NAVBUS_PROMPT_LANGUAGE`, `NAVBUS_VOLUME_LEVEL`, `NAVBUS_PROMPT_SECONDS` and, with a WAV directory,
/// `NAVBUS_PROMPT_WAV`.
public final class Speaker: Service {
    public struct Configuration: Sendable {
        public var settings: VehicleSinkSettings
        /// Where WAV files go instead of the sound device; nil plays.
        public var wavDirectory: String?
        /// Prompts that may wait at once.
        public var queueCapacity: Int

        public init(settings: VehicleSinkSettings, wavDirectory: String? = nil, queueCapacity: Int = 16) {
            self.settings = settings
            self.wavDirectory = wavDirectory
            self.queueCapacity = queueCapacity
        }
    }

    public let configuration: Configuration
    private let voice: any PromptVoice

    /// - Parameter voice: Speaks or renders the prompts; used from the speech thread only.
    public init(configuration: Configuration, voice: any PromptVoice) {
        self.configuration = configuration
        self.voice = voice
    }

    /// Runs until the context's stop flag is raised.
    /// - Throws: `ZMQError` when the sockets cannot be set up.
    public func run(_ context: ServiceContext) throws {
        let counters = context.counters
        let logger = context.logger
        let desk = SpeechDesk(capacity: configuration.queueCapacity)
        let loop = try VehicleSinkLoop<VoicePrompt>(
            settings: configuration.settings, topic: .navVoicePrompt, context: context)
        let finished = DispatchSemaphore(value: 0)
        let worker = SpeechThread(desk: desk, voice: voice, wavDirectory: configuration.wavDirectory)
        let thread = Thread {
            worker.run()
            finished.signal()
        }
        thread.name = "navbus-speech"
        thread.start()
        defer {
            desk.close()
            _ = finished.wait(timeout: .now() + 10)
        }

        var dropped = 0
        func collect() {
            let (said, failures, droppedNow) = desk.collect()
            for failure in failures {
                counters.add("promptsFailed")
                logger.warning(failure)
            }
            for done in said {
                counters.add(done.file == nil ? "promptsSpoken" : "promptsWritten")
                logger.info("\(done.file == nil ? "said" : "wrote") for \(done.entry.vehicle): \(done.entry.prompt.text)")
                loop.hooks?.run(variables: Self.hookVariables(done))
            }
            if droppedNow > dropped {
                counters.add("promptsDropped", UInt64(droppedNow - dropped))
                dropped = droppedNow
            }
        }
        logger.info(
            configuration.wavDirectory.map { "writing voice prompts as WAV files into \($0)" }
                ?? "speaking voice prompts")
        try loop.run(
            stop: context.stop,
            observe: { vehicle, prompt, _ in
                counters.add("promptsReceived")
                desk.push(prompt, vehicle: vehicle)
            },
            advance: { _, _ in collect() },
            heartbeatExtra: {
                collect()
                return [:]
            })
        collect()
    }

    /// The environment variables the hook gets for a prompt said.
    static func hookVariables(_ done: SpeechDesk.Said) -> [String: String] {
        var variables = [
            "NAVBUS_VEHICLE": done.entry.vehicle,
            "NAVBUS_PROMPT_TEXT": done.entry.prompt.text,
            "NAVBUS_PROMPT_KIND": done.entry.prompt.kind.rawValue,
            "NAVBUS_PROMPT_LANGUAGE": done.entry.prompt.language.rawValue,
            "NAVBUS_VOLUME_LEVEL": done.entry.prompt.volumeLevel.rawValue,
            "NAVBUS_PROMPT_SECONDS": String(format: "%.2f", done.seconds),
        ]
        if let file = done.file { variables["NAVBUS_PROMPT_WAV"] = file }
        return variables
    }
}

/// The speech side of the speaker: takes prompts from the desk and says or writes them, one at a time.
private final class SpeechThread: @unchecked Sendable {
    // Used from the speech thread only, after it starts.
    private let desk: SpeechDesk
    private let voice: any PromptVoice
    private let wavDirectory: String?
    private var written = 0

    init(desk: SpeechDesk, voice: any PromptVoice, wavDirectory: String?) {
        self.desk = desk
        self.voice = voice
        self.wavDirectory = wavDirectory
    }

    func run() {
        while let entry = desk.take() {
            let prompt = entry.prompt
            do {
                if let directory = wavDirectory {
                    written += 1
                    let path = directory + "/" + Self.fileName(entry, number: written)
                    let seconds = try voice.render(
                        prompt.text, language: prompt.language, volume: prompt.volumeLevel, to: path)
                    desk.report(SpeechDesk.Said(entry: entry, file: path, seconds: seconds))
                } else {
                    let start = MonotonicClock.seconds()
                    try voice.speak(prompt.text, language: prompt.language, volume: prompt.volumeLevel)
                    desk.report(SpeechDesk.Said(entry: entry, file: nil, seconds: MonotonicClock.seconds() - start))
                }
            } catch {
                desk.report(failure: "could not speak \"\(prompt.text)\": \(error)")
            }
        }
    }

    /// `<vehicle>-<number>-<kind>.wav`, the vehicle id reduced to letters, digits, `-` and `_`.
    static func fileName(_ entry: PromptQueue.Entry, number: Int) -> String {
        let vehicle = String(
            entry.vehicle.unicodeScalars.map { scalar in
                CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
            })
        return "\(vehicle)-\(String(format: "%06d", number))-\(entry.prompt.kind.rawValue).wav"
    }
}
