import Foundation

/// 16-bit mono PCM in a RIFF WAVE file.
public struct WAVFile: Sendable, Equatable {
    public var sampleRate: Int
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The file's bytes: the RIFF header, a `fmt ` chunk for 16-bit mono PCM and the `data` chunk.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        let dataSize = samples.count * 2
        bytes.reserveCapacity(44 + dataSize)
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes += $0 } }
        append("RIFF")
        append32(36 + dataSize)
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(sampleRate)
        append32(sampleRate * 2)  // bytes per second
        append16(2)  // bytes per frame
        append16(16)  // bits per sample
        append("data")
        append32(dataSize)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { bytes += $0 } }
        return bytes
    }

    /// Writes the file through a temporary name, so a reader never sees half of it.
    /// - Throws: ``SpeechError`` when the file cannot be written.
    public func write(to path: String) throws(SpeechError) {
        let temporary = path + ".part"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        } catch {
            throw SpeechError("cannot write \(path): \(error)")
        }
    }
}
