import Foundation
import NavService

/// The navbus processes a demo starts, each with its standard error kept in a file; a child that dies is
/// reported, not hidden.
final class DemoChildren {
    struct Child {
        let name: String
        let process: Process
        let errorLog: URL
    }

    private(set) var children: [Child] = []
    private let binaries: URL
    private let logDirectory: URL
    private let environment: [String: String]

    init(binaries: URL, logDirectory: URL, environment: [String: String]) {
        self.binaries = binaries
        self.logDirectory = logDirectory
        self.environment = environment
    }

    /// Starts `name` from the directory holding `navbus`.
    /// - Parameter environment: variables for this child only (its key files).
    func start(_ name: String, _ arguments: [String], environment own: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = binaries.appendingPathComponent(name)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment.merging(own, uniquingKeysWith: { $1 }) { merged[key] = value }
        process.environment = merged
        let errorLog = logDirectory.appendingPathComponent("\(name).stderr")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start \(process.executableURL!.path): \(error.localizedDescription)")
        }
        children.append(Child(name: name, process: process, errorLog: errorLog))
    }

    /// The first child that has exited, with its status and last lines of standard error.
    func firstDead() -> String? {
        for child in children where !child.process.isRunning {
            let lines = (try? String(contentsOf: child.errorLog, encoding: .utf8))?.split(separator: "\n").suffix(3)
                .joined(separator: " | ") ?? ""
            return "\(child.name) exited with status \(child.process.terminationStatus): \(lines)"
        }
        return nil
    }

    /// The address navbus-web says it serves (`http://HOST:PORT/`), once it has said so.
    func webAddress() -> String? {
        guard let child = children.first(where: { $0.name == "navbus-web" }),
            let log = try? String(contentsOf: child.errorLog, encoding: .utf8),
            let start = log.range(of: "serving http://")
        else { return nil }
        let address = log[start.lowerBound...].dropFirst("serving ".count).prefix { !$0.isWhitespace }
        return String(address)
    }

    /// Stops every child with SIGTERM (SIGKILL after `timeout`), newest first.
    /// - Returns: the children that did not exit 0.
    func stopAll(timeout: Double = 5) -> [String] {
        var failures: [String] = []
        for child in children.reversed() {
            if child.process.isRunning { kill(child.process.processIdentifier, SIGTERM) }
            let deadline = Date().addingTimeInterval(timeout)
            while child.process.isRunning && Date() < deadline { usleep(10_000) }
            if child.process.isRunning {
                kill(child.process.processIdentifier, SIGKILL)
                child.process.waitUntilExit()
                failures.append("\(child.name) did not stop within \(timeout) s")
            } else if child.process.terminationStatus != 0 {
                failures.append("\(child.name) exited with status \(child.process.terminationStatus)")
            }
        }
        children.removeAll()
        return failures
    }
}
