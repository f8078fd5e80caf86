public import NavProtocol

/// What speaks a prompt: a speech synthesizer behind the speaker sink, so the sink's queueing and timing
/// can be tested without one.
public protocol PromptVoice: AnyObject {
    /// Speaks `text` on the sound device and returns when it has been said.
    /// - Throws: When the text cannot be spoken.
    func speak(_ text: String, language: VoiceLanguage, volume: VoiceVolumeLevel) throws

    /// Renders `text` into a WAV file at `path` instead of playing it.
    /// - Returns: The length of the recording in seconds.
    /// - Throws: When the text cannot be rendered or the file not written.
    func render(_ text: String, language: VoiceLanguage, volume: VoiceVolumeLevel, to path: String) throws -> Double
}
