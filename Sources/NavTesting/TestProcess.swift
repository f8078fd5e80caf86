public import Foundation

/// A navbus executable started by a test, with its standard error kept in a file for failure messages.
public final class TestProcess: @unchecked Sendable {
    public let name: String
    private let process = Process()
    private let errorFile: URL
    private let outputFile: URL

    /// Starts `.build/debug/<name>` (or the release build when tests run in release) with `arguments`.
    /// - Throws: when the executable is missing (build first) or cannot start.
    public init(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        self.name = name
        let executable = PackagePaths.executable(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw TestSupportError("\(executable.path) is missing; run 'swift build' first")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-tests", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tag = UUID().uuidString.prefix(8)
        errorFile = directory.appendingPathComponent("\(name)-\(tag).stderr")
        outputFile = directory.appendingPathComponent("\(name)-\(tag).stdout")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        try process.run()
    }

    deinit {
        if process.isRunning { process.interrupt() }
    }

    public var isRunning: Bool { process.isRunning }
    public var processIdentifier: Int32 { process.processIdentifier }

    /// What the process wrote to standard error so far.
    public var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }
    /// What the process wrote to standard output so far.
    public var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// Waits until the process has written `text` to standard error, as a service does with its ready line once
    /// its signal handlers are in place (a signal sent before that would end it with the default action).
    /// - Returns: whether the text came within `timeout` while the process ran.
    @discardableResult
    public func waitForStandardError(containing text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if standardError.contains(text) { return true }
            if !process.isRunning { return false }
            usleep(20_000)
        }
        return standardError.contains(text)
    }

    /// Sends `signal` (SIGTERM by default) and waits for the exit.
    /// - Returns: the exit status, or `nil` when the process did not exit within `timeout` (it is then killed).
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 5) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return waitForExit(timeout: timeout)
    }

    /// Waits for the process to end by itself.
    /// - Returns: the exit status, or `nil` on timeout (the process is then killed).
    @discardableResult
    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}

/// Where the package and its build products are.
public enum PackagePaths {
    /// The package root, found from this file's location.
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A built executable: next to the running test bundle, which is where `swift test` put it.
    public static func executable(_ name: String) -> URL {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        let beside = bundleDirectory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    /// A file under `maps/` (fetched by `scripts/fetch-maps.sh`).
    public static func map(_ name: String) throws -> URL {
        let url = root.appendingPathComponent("maps/\(name)")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw TestSupportError("\(url.path) is missing; run scripts/fetch-maps.sh (make test does)")
        }
        return url
    }
}

/// Endpoints private to one test, so tests never share sockets even when they run in parallel.
public struct TestEndpoints: Sendable {
    public let publisher: String
    public let subscriber: String
    public let navigator: String
    public let feeder: String

    public init() {
        let base = "ipc:///tmp/navbus-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        publisher = base + "-pub"
        subscriber = base + "-sub"
        navigator = base + "-nav"
        feeder = base + "-feed"
    }

    /// The environment that points navbus processes at these endpoints.
    public var environment: [String: String] {
        [
            "NAVBUS_PUB_ENDPOINT": publisher, "NAVBUS_SUB_ENDPOINT": subscriber,
            "NAVBUS_NAVIGATOR_ENDPOINT": navigator, "NAVBUS_FEEDER_ENDPOINT": feeder,
        ]
    }
}

public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Polls `condition` until it holds or `timeout` passes.
/// - Returns: whether the condition held in time.
public func eventually(timeout: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}
