/// Why the feeder cannot go on: its GPS source failed for good, or fleet mode found no trip to drive.
struct FeederError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
