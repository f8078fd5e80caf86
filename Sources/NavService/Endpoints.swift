/// The public endpoint settings of DESIGN.md: environment variable names and native defaults (loopback only).
public enum Endpoints {
    public static let publisherVariable = "NAVBUS_PUB_ENDPOINT"
    public static let subscriberVariable = "NAVBUS_SUB_ENDPOINT"
    public static let navigatorVariable = "NAVBUS_NAVIGATOR_ENDPOINT"
    public static let feederVariable = "NAVBUS_FEEDER_ENDPOINT"
    /// Where subscribers limited to some vehicles connect when the bus runs CURVE (the proxy's second XPUB).
    public static let vehicleSubscriberVariable = "NAVBUS_VEHICLE_SUB_ENDPOINT"

    public static let defaultPublisher = "tcp://127.0.0.1:5560"
    public static let defaultSubscriber = "tcp://127.0.0.1:5561"
    public static let defaultNavigator = "tcp://127.0.0.1:5562"
    public static let defaultFeeder = "tcp://127.0.0.1:5563"
    public static let defaultVehicleSubscriber = "tcp://127.0.0.1:5564"

    /// The options every bus process accepts: `--pub`, `--sub` with their variables.
    public static let busOptions: [Option] = [
        Option(
            "pub", variable: publisherVariable, default: defaultPublisher,
            help: "endpoint where publishers connect (the proxy's XSUB)", valueName: "ENDPOINT"),
        Option(
            "sub", variable: subscriberVariable, default: defaultSubscriber,
            help: "endpoint where subscribers connect (the proxy's XPUB)", valueName: "ENDPOINT"),
    ]
}
