#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One command-line option: `--name VALUE` (or `--name=VALUE`), or a `--name` switch, with an optional
/// environment-variable fallback and default.
public struct Option: Sendable {
    public let name: String
    public let variable: String?
    public let defaultValue: String?
    public let help: String
    public let isSwitch: Bool
    /// Whether the option may be given several times (all values are kept).
    public let repeats: Bool
    /// The placeholder shown in help, e.g. `ENDPOINT`.
    public let valueName: String

    public init(
        _ name: String, variable: String? = nil, default defaultValue: String? = nil, help: String,
        valueName: String = "VALUE", repeats: Bool = false
    ) {
        self.name = name
        self.variable = variable
        self.defaultValue = defaultValue
        self.help = help
        self.isSwitch = false
        self.repeats = repeats
        self.valueName = valueName
    }

    init(switchNamed name: String, variable: String?, help: String) {
        self.name = name
        self.variable = variable
        self.defaultValue = nil
        self.help = help
        self.isSwitch = true
        self.repeats = false
        self.valueName = ""
    }

    /// A `--name` switch without a value.
    public static func flag(_ name: String, variable: String? = nil, help: String) -> Option {
        Option(switchNamed: name, variable: variable, help: help)
    }
}

/// A command-line mistake. Processes exit with `ExitCode.usage` (64) and print the message, which says what to
/// type instead.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Process exit codes, as values.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
}

/// The parsed command line of one command.
public struct ParsedOptions: Sendable {
    private var values: [String: [String]]
    private let declared: [String: Option]
    /// Arguments that are not options, in order.
    public let positional: [String]

    init(values: [String: [String]], declared: [String: Option], positional: [String]) {
        self.values = values
        self.declared = declared
        self.positional = positional
    }

    /// The option's value: the command line, then its environment variable, then its default.
    public func value(_ name: String) -> String? {
        precondition(declared[name] != nil, "option --\(name) was not declared")
        if let given = values[name]?.last { return given }
        if let variable = declared[name]?.variable, let fromEnvironment = ProcessEnvironment.value(variable) {
            return fromEnvironment
        }
        return declared[name]?.defaultValue
    }

    /// Every value given for a repeatable option, in order.
    public func values(_ name: String) -> [String] {
        precondition(declared[name] != nil, "option --\(name) was not declared")
        return values[name] ?? []
    }

    /// Whether a switch was given (or its environment variable is `1`, `true` or `yes`).
    public func flag(_ name: String) -> Bool {
        guard let value = value(name) else { return false }
        return ["1", "true", "yes", ""].contains(value.lowercased())
    }

    public func require(_ name: String) throws(UsageError) -> String {
        guard let value = value(name), !value.isEmpty else { throw UsageError("missing --\(name); see --help") }
        return value
    }

    public func double(_ name: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("--\(name) expects a number, got '\(text)'")
        }
        return number
    }

    public func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw UsageError("--\(name) expects a whole number, got '\(text)'") }
        return number
    }
}

/// Parses `--name VALUE`, `--name=VALUE`, switches, `--` and positional arguments against declared options.
public struct OptionParser: Sendable {
    public let command: String
    public let summary: String
    public let usage: String
    public let options: [Option]

    public init(command: String, summary: String, usage: String, options: [Option]) {
        self.command = command
        self.summary = summary
        self.usage = usage
        self.options = options + [Option.flag("help", help: "show this help and exit")]
    }

    /// The text `--help` prints.
    public var helpText: String {
        var lines = ["\(command): \(summary)", "", "usage: \(usage)", "", "options:"]
        let width = options.map { $0.name.count + ($0.isSwitch ? 0 : $0.valueName.count + 1) }.max() ?? 0
        for option in options {
            let dashes = option.name.count == 1 ? "-" : "--"
            let left = option.isSwitch ? "\(dashes)\(option.name)" : "\(dashes)\(option.name) \(option.valueName)"
            var line = "  " + left + String(repeating: " ", count: max(1, width + 4 - left.count)) + option.help
            var notes: [String] = []
            if let variable = option.variable { notes.append("env \(variable)") }
            if let defaultValue = option.defaultValue { notes.append("default \(defaultValue)") }
            if !notes.isEmpty { line += " [" + notes.joined(separator: ", ") + "]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Parses `arguments` (without the program name).
    /// - Returns: `nil` when `--help` was asked for (the caller prints `helpText` and exits 0).
    /// - Throws: `UsageError` for an unknown option or a missing value.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedOptions? {
        let byName = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        var values: [String: [String]] = [:]
        var positional: [String] = []
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let isShort = argument.count == 2 && argument.hasPrefix("-") && byName[String(argument.dropFirst())] != nil
            guard !onlyPositional, (argument.hasPrefix("--") && argument.count > 2) || isShort else {
                if argument == "--" && !onlyPositional {
                    onlyPositional = true
                } else {
                    positional.append(argument)
                }
                continue
            }
            var name = String(argument.dropFirst(isShort ? 1 : 2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = byName[name] else {
                let suggestion = byName.keys.sorted().first { $0.hasPrefix(String(name.prefix(3))) }
                throw UsageError(
                    "unknown option --\(name)" + (suggestion.map { "; did you mean --\($0)?" } ?? "")
                        + " (see \(command) --help)")
            }
            if name == "help" { return nil }
            if option.isSwitch {
                values[name, default: []].append(inline ?? "true")
                continue
            }
            if let inline {
                values[name, default: []].append(inline)
            } else {
                guard index < arguments.count else {
                    throw UsageError("--\(name) needs a value: --\(name) \(option.valueName)")
                }
                values[name, default: []].append(arguments[index])
                index += 1
            }
        }
        return ParsedOptions(values: values, declared: byName, positional: positional)
    }
}

/// Reads environment variables.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
