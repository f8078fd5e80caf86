import NavBus
import NavService

/// `navbus call METHOD [JSON]`: call any JSON-RPC method of the navigator or the feeder.
enum CallCommand: CLICommand {
    static let connectsToBus = true
    static let name = "call"
    static let summary = "call a JSON-RPC control method and print the result"
    static let parser = OptionParser(
        command: "navbus call", summary: summary,
        usage: "navbus call METHOD [JSON-PARAMS] [--vehicle V] [--endpoint E] [--timeout SECONDS]",
        options: [
            Option(
                "endpoint",
                help:
                    "control endpoint (default: $NAVBUS_FEEDER_ENDPOINT or \(Endpoints.defaultFeeder) for locationSimulator.*, else $NAVBUS_NAVIGATOR_ENDPOINT or \(Endpoints.defaultNavigator))",
                valueName: "E"),
            Option("vehicle", help: "adds \"vehicle\": V to the parameters", valueName: "V"),
            Option("timeout", default: "5", help: "seconds to wait for each attempt", valueName: "SECONDS"),
            Option("retries", default: "1", help: "attempts after the first one times out", valueName: "N"),
            Option(
                "navigator-key", variable: "NAVBUS_NAVIGATOR_KEY",
                help: "with CURVE: the navigator's public key file, for navigator.*, router.* and roadSnapped... (default --server-key)",
                valueName: "FILE"),
            Option(
                "feeder-key", variable: "NAVBUS_FEEDER_KEY",
                help: "with CURVE: the feeder's public key file, for locationSimulator.* (default --server-key)",
                valueName: "FILE"),
        ])

    static func run(_ options: ParsedOptions) throws {
        guard (1...2).contains(options.positional.count) else {
            throw UsageError(
                "expected a method and optional JSON parameters, e.g. navbus call navigator.getState '{\"vehicle\":\"car1\"}'")
        }
        let method = options.positional[0]
        var params: JSONValue?
        if options.positional.count == 2 {
            do {
                params = try JSONParser.parse(options.positional[1])
            } catch {
                throw UsageError("the parameters are not valid JSON: \(error)")
            }
        }
        if let vehicle = options.value("vehicle") {
            guard case .object(var object) = params ?? .object(JSONObject()) else {
                throw UsageError("--vehicle needs the parameters to be a JSON object")
            }
            object["vehicle"] = .string(vehicle)
            params = .object(object)
        }
        let endpoint = options.value("endpoint") ?? defaultEndpoint(for: method)
        guard let timeout = try options.double("timeout"), timeout > 0 else {
            throw UsageError("--timeout must be a positive number of seconds")
        }
        // One environment can serve calls to both servers: each has its own public key.
        var security = BusSecurity.processDefault
        if security.isSecure, let path = options.value(method.hasPrefix("locationSimulator.") ? "feeder-key" : "navigator-key") {
            security.endpointKeys[endpoint] = try KeyFiles.readPublicKey(path: path)
        }
        let client = RPCClient(
            context: ZMQContext(security: security), endpoint: endpoint, timeoutMilliseconds: Int(timeout * 1000),
            retries: try options.integer("retries") ?? 1)
        let response = try client.callRaw(method, params: params)
        if let error = response["error"] {
            let code = error["code"]?.int64Value ?? 0
            throw CLIError("error \(code): \(error["message"]?.stringValue ?? error.jsonText)")
        }
        print((response["result"] ?? .null).prettyText)
    }

    static func defaultEndpoint(for method: String) -> String {
        let isSimulator = method.hasPrefix("locationSimulator.")
        let variable = isSimulator ? Endpoints.feederVariable : Endpoints.navigatorVariable
        if let value = ProcessEnvironment.value(variable) { return value }
        return isSimulator ? Endpoints.defaultFeeder : Endpoints.defaultNavigator
    }
}
