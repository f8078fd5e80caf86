public import NavCore
import NavBus
public import Dispatch
import NavProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT and SIGTERM into a `StopFlag`, so loops end cleanly, close their sockets and exit 0.
public enum SignalStop {
    /// Installs the handlers. Call once, early in `main`.
    ///
    /// The handlers run on a Dispatch queue, not the main actor: a closure written in top-level code would be
    /// main-actor isolated and crash when the signal arrives on another queue (see MACHINE-NOTES.md).
    public nonisolated static func install(_ stop: StopFlag, logger: Logger) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "navbus.signals")
        return [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { @Sendable in
                logger.info("received \(signalNumber == SIGINT ? "SIGINT" : "SIGTERM"), stopping")
                stop.requestStop()
            }
            source.resume()
            return source
        }
    }
}

/// The common `main` of every navbus executable: parse options, report usage errors with exit 64 and other
/// failures with a one-line reason and exit 1.
public enum ProcessMain {
    public static func run(
        parser: OptionParser, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        body: (ParsedOptions) throws -> Void
    ) -> Never {
        do {
            guard let options = try parser.parse(arguments) else {
                StandardOutput.writeLine(parser.helpText)
                exit(.success)
            }
            try body(options)
            exit(.success)
        } catch let error as UsageError {
            writeError("\(parser.command): \(error.message)")
            exit(.usage)
        } catch {
            writeError("\(parser.command): \(error)")
            exit(.failure)
        }
    }

    /// Ends the process with `code`.
    public static func exit(_ code: ExitCode) -> Never {
        Glibc.exit(code.rawValue)
    }

    /// Writes one line to standard error.
    public static func writeError(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBytes { buffer in _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
    }
}
