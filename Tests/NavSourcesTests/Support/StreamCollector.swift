import NavProtocol
import NavSources

/// Thrown when a source stays silent past a test's deadline.
struct CollectionTimedOut: Error, CustomStringConvertible {
    var description: String { "the source delivered too few fixes before the deadline" }
}

/// Reads fixes from a source's async stream until `count` arrived, failing instead of hanging when the
/// source goes quiet. Ending the collection cancels the stream, which stops the reader thread.
func collectFixes(from source: some GPSFixSource, count: Int, timeoutSeconds: Double = 10) async throws -> [GPSFix] {
    try await withThrowingTaskGroup(of: [GPSFix].self) { group in
        group.addTask {
            var fixes = [GPSFix]()
            for try await fix in source.fixes() {
                fixes.append(fix)
                if fixes.count == count { break }
            }
            return fixes
        }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(timeoutSeconds * 1e9))
            throw CollectionTimedOut()
        }
        defer { group.cancelAll() }
        return try await group.next() ?? []
    }
}
