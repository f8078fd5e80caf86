import Foundation
import NavBus
import NavCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import NavService

/// The key options' mistakes, each refused with what to type instead (before anything is installed).
@Suite struct SecurityOptionsTests {
    let logger = Logger(label: "test", level: .error)

    func options(_ role: SecurityOptions.Role, _ arguments: [String]) throws -> ParsedOptions {
        let parser = OptionParser(command: "t", summary: "", usage: "", options: SecurityOptions.options(for: role))
        return try #require(try parser.parse(arguments))
    }

    func refusal(_ role: SecurityOptions.Role, _ arguments: [String]) -> String? {
        do {
            _ = try SecurityOptions.security(from: try options(role, arguments), role: role, logger: logger)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func refusesHalfConfigurationsAndExposedKeys() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-opts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keys = try KeyFiles.generate(name: "p", directory: directory)
        #expect(refusal(.client, ["--server-key", keys.publicKeyPath])?.contains("--secret-key") == true)
        #expect(refusal(.client, ["--secret-key", keys.secretKeyPath])?.contains("--server-key") == true)
        #expect(refusal(.server, ["--secret-key", keys.secretKeyPath])?.contains("--acl") == true)
        #expect(refusal(.client, ["--secret-key", directory + "/missing.key", "--server-key", keys.publicKeyPath]) != nil)
        #expect(refusal(.client, ["--secret-key", keys.publicKeyPath, "--server-key", keys.publicKeyPath]) != nil)
        chmod(keys.secretKeyPath, 0o640)
        let exposed = refusal(.client, ["--secret-key", keys.secretKeyPath, "--server-key", keys.publicKeyPath])
        #expect(exposed?.contains("chmod 600") == true)
        #expect(SecurityOptions.options(for: .client).map(\.name) == ["secret-key", "server-key"])
        #expect(SecurityOptions.options(for: .server).map(\.name) == ["secret-key", "acl"])
    }
}
