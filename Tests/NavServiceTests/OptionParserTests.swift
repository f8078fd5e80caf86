import NavCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import NavService

@Suite struct OptionParserTests {
    let parser = OptionParser(
        command: "navbus-test", summary: "a test command", usage: "navbus-test [options] FILE...",
        options: [
            Option("pub", variable: "NAVBUS_TEST_OPTION_PUB", default: "tcp://127.0.0.1:5560", help: "where to publish"),
            Option("vehicle", help: "a vehicle", valueName: "V", repeats: true),
            Option("o", help: "output file", valueName: "FILE"),
            Option("rate", help: "a number"),
            Option.flag("json", help: "JSON output"),
        ])

    @Test func valuesComeFromTheCommandLineThenTheEnvironmentThenTheDefault() throws {
        let given = try #require(try parser.parse(["--pub", "ipc:///tmp/x"]))
        #expect(given.value("pub") == "ipc:///tmp/x")
        let defaulted = try #require(try parser.parse([]))
        #expect(defaulted.value("pub") == "tcp://127.0.0.1:5560")
        setenv("NAVBUS_TEST_OPTION_PUB", "tcp://10.0.0.1:1", 1)
        defer { unsetenv("NAVBUS_TEST_OPTION_PUB") }
        #expect(try parser.parse([])?.value("pub") == "tcp://10.0.0.1:1")
        #expect(try parser.parse(["--pub=tcp://a:1"])?.value("pub") == "tcp://a:1")
    }

    @Test func acceptsEqualsFormsShortOptionsRepeatsSwitchesAndPositionals() throws {
        let options = try #require(
            try parser.parse(["a.osm", "--vehicle", "car-1", "--vehicle=car-2", "-o", "out.svg", "--json", "--", "--b"]))
        #expect(options.values("vehicle") == ["car-1", "car-2"])
        #expect(options.value("o") == "out.svg")
        #expect(options.flag("json"))
        #expect(options.positional == ["a.osm", "--b"])
        #expect(try parser.parse([])?.flag("json") == false)
    }

    @Test func helpIsAskedForAndDescribesEveryOption() throws {
        #expect(try parser.parse(["--json", "--help"]) == nil)
        let help = parser.helpText
        for fragment in ["usage: navbus-test", "--pub VALUE", "env NAVBUS_TEST_OPTION_PUB", "default tcp://127.0.0.1:5560",
            "-o FILE", "--json", "--help"]
        {
            #expect(help.contains(fragment), "\(fragment) missing from:\n\(help)")
        }
    }

    @Test func mistakesSayWhatToTypeInstead() throws {
        #expect(throws: UsageError.self) { try parser.parse(["--vehicel", "x"]) }
        do {
            _ = try parser.parse(["--vehicel", "x"])
        } catch {
            #expect(error.message.contains("did you mean --vehicle?"))
        }
        do {
            _ = try parser.parse(["--rate"])
            Issue.record("a missing value must be an error")
        } catch {
            #expect(error.message == "--rate needs a value: --rate VALUE")
        }
        let options = try #require(try parser.parse(["--rate", "fast"]))
        #expect(throws: UsageError.self) { try options.double("rate") }
        #expect(throws: UsageError.self) { try options.require("o") }
    }
}

@Suite struct LoggerTests {
    @Test func levelsParseAndOrder() {
        #expect(Logger.Level(name: "WARNING") == .warning)
        #expect(Logger.Level(name: "verbose") == nil)
        #expect(Logger.Level.debug < .info && Logger.Level.info < .warning && Logger.Level.warning < .error)
    }
}
