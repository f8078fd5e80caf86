import Foundation
import NavBus
import NavService

/// `navbus keygen NAME --out DIR`: a CURVE key pair as `NAME.key` (secret, mode 0600) and `NAME.pub`;
/// `navbus keygen --bus --out DIR [--secrets DIR]`: a pair for every process of a standard installation and its
/// `acl.json`; with `--secrets` each secret key in a directory of its own, to hand each process only its own.
enum KeygenCommand: CLICommand {
    static let name = "keygen"
    static let summary = "make a CURVE key pair: NAME.key (secret, mode 0600) and NAME.pub in a directory"
    static let parser = OptionParser(
        command: "navbus keygen", summary: summary, usage: "navbus keygen NAME --out DIR [--force] | navbus keygen --bus --out DIR [--secrets DIR] [--force]",
        options: [
            Option.flag(
                "bus",
                help: "keys for proxy, navigator, feeder, logger, speeding-alerter, lighting-controller, web, speaker and cli, and acl.json"),
            Option("out", default: ".", help: "directory to write the two files to (created if missing)", valueName: "DIR"),
            Option(
                "secrets",
                help: "with --bus: write each NAME.key to DIR/NAME/ instead (--out gets the public keys and acl.json)",
                valueName: "DIR"),
            Option.flag("force", help: "replace existing files of that name"),
        ])

    static func run(_ options: ParsedOptions) throws {
        if options.flag("bus") {
            guard options.positional.isEmpty else { throw UsageError("--bus takes no key name") }
            let secrets = options.value("secrets").flatMap { $0.isEmpty ? nil : $0 }
            for path in try BusKeySet.write(to: try options.require("out"), secretsDirectory: secrets, replace: options.flag("force")) {
                print(path)
            }
            return
        }
        guard options.value("secrets") == nil else { throw UsageError("--secrets goes with --bus") }
        guard options.positional.count == 1, let name = options.positional.first else {
            throw UsageError("expected one key name, e.g. navbus keygen navigator --out keys")
        }
        let directory = try options.require("out")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create \(directory): \(error.localizedDescription)")
        }
        let written = try KeyFiles.generate(name: name, directory: directory, replace: options.flag("force"))
        // The public key only: it goes into the ACL; the secret stays in its file.
        print("\(written.secretKeyPath) (secret, mode 0600)")
        print("\(written.publicKeyPath) \(written.publicKey.z85)")
    }
}
