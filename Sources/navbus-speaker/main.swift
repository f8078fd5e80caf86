import Foundation
import NavCore
import NavBus
import NavProtocol
import NavService
import NavSinks
import NavSpeech

ServiceRunner(
    command: "navbus-speaker", role: "speaker",
    summary: "speaks nav.voice_prompt.v1 with espeak-ng at each prompt's volume, or writes one WAV file per prompt",
    usage: """
        navbus-speaker [--wav-dir DIR] [--vehicle V ...] [--exec CMD]

        Prompts are spoken in their language (en, fi) at their volumeLevel (low, normal, high) on the sound
        device. With --wav-dir DIR nothing is played: each prompt becomes DIR/<vehicle>-<n>-<kind>.wav, for
        machines without sound and for tests. Prompts wait in a queue; one whose validUntil has passed by its
        turn, or that a newer prompt about the same maneuver replaces, is dropped (promptsDropped in the
        heartbeat). --exec CMD runs through /bin/sh -c after each prompt, without waiting, with NAVBUS_VEHICLE,
        NAVBUS_PROMPT_TEXT, NAVBUS_PROMPT_KIND, NAVBUS_PROMPT_LANGUAGE, NAVBUS_VOLUME_LEVEL,
        NAVBUS_PROMPT_SECONDS and, with --wav-dir, NAVBUS_PROMPT_WAV in its environment.
        """,
    options: [
        Option(
            "wav-dir", variable: "NAVBUS_SPEAKER_WAV_DIR", help: "write one WAV file per prompt here instead of playing",
            valueName: "DIR"),
        Option(
            "queue", variable: "NAVBUS_SPEAKER_QUEUE", default: "16", help: "prompts that may wait to be spoken",
            valueName: "N"),
    ] + SinkCommandLine.vehicleSinkOptions(execVariable: "NAVBUS_SPEAKER_EXEC")
).main { options, context in
    let settings = try SinkCommandLine.vehicleSinkSettings(options, command: "navbus-speaker")
    guard let capacity = Int(options.value("queue") ?? "16"), capacity >= 1 else {
        throw UsageError("--queue must be a whole number of prompts, at least 1")
    }
    let directory = options.value("wav-dir").flatMap { $0.isEmpty ? nil : $0 }
    if let directory {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw UsageError("--wav-dir must name an existing directory, got '\(directory)'") }
    }
    let voice = try EspeakVoice(output: directory == nil ? .soundDevice : .samples)
    return Speaker(
        configuration: .init(settings: settings, wavDirectory: directory, queueCapacity: capacity), voice: voice)
}
