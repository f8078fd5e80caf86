/// A min-heap of search labels with lazy deletion: an entry whose `cost` no longer matches its state's
/// label is stale and skipped by the caller.
struct BinaryHeap {
    struct Entry {
        var key: Int
        var cost: Int
        var state: UInt32
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var top: Entry? { entries.first }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if entries[parent].key <= entries[child].key { break }
            entries.swapAt(parent, child)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            var parent = 0
            let count = entries.count
            while true {
                let left = 2 * parent + 1
                if left >= count { break }
                let right = left + 1
                let child = right < count && entries[right].key < entries[left].key ? right : left
                if entries[parent].key <= entries[child].key { break }
                entries.swapAt(parent, child)
                parent = child
            }
        }
        return first
    }
}
