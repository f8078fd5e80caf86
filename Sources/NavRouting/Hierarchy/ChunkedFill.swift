/// The growing fill of a symbolic contraction: every vertex's upper neighbours, appended in rank order.
///
/// Kept in chunks of 16 M entries rather than one array that doubles: at ten million nodes the fill is a few
/// hundred million entries, and a doubling array holds up to twice that in slack and briefly three times the
/// fill while it moves. At the end the chunks are joined into one exact-size array, each chunk freed as soon as
/// it is copied, so the peak stays near the fill's own size.
struct ChunkedFill {
    static let chunkCapacity = 1 << 24

    private var chunks: [[UInt32]] = []
    /// The position in the whole fill of each chunk's first entry.
    private var chunkStarts: [Int] = []
    private(set) var count = 0

    /// Appends one vertex's list; a list never spans two chunks, so it can be read back as one slice.
    mutating func append(_ list: [UInt32]) {
        if chunks.isEmpty || (chunks[chunks.count - 1].count + list.count > Self.chunkCapacity && !list.isEmpty) {
            var chunk: [UInt32] = []
            chunk.reserveCapacity(max(Self.chunkCapacity, list.count))
            chunks.append(chunk)
            chunkStarts.append(count)
        }
        chunks[chunks.count - 1].append(contentsOf: list)
        count += list.count
    }

    /// The list appended at positions `start ..< end` of the whole fill.
    func list(_ start: Int, _ end: Int) -> ArraySlice<UInt32> {
        guard start < end else { return [] }
        // The last chunk starting at or before `start` (a binary search over a few dozen chunks).
        var low = 0
        var high = chunkStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if chunkStarts[middle] <= start { low = middle } else { high = middle }
        }
        let base = chunkStarts[low]
        return chunks[low][(start - base)..<(end - base)]
    }

    /// The whole fill as one array; the chunks are released on the way.
    mutating func joined() -> [UInt32] {
        let total = count
        return [UInt32](unsafeUninitializedCapacity: total) { buffer, initialized in
            var position = 0
            for index in chunks.indices {
                chunks[index].withUnsafeBufferPointer { chunk in
                    guard let source = chunk.baseAddress, let destination = buffer.baseAddress else { return }
                    (destination + position).initialize(from: source, count: chunk.count)
                }
                position += chunks[index].count
                chunks[index] = []
            }
            initialized = position
        }
    }
}
