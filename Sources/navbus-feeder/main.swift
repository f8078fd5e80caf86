import NavFeeder
import NavService

ServiceRunner(
    command: "navbus-feeder", role: "feeder",
    summary: "publishes gps.fix.v1 from the route simulator or a real GPS, and serves the simulator control API",
    usage: "navbus-feeder [--source SPEC] [--vehicle ID] [--fleet N --map PATH] [--rate X] [--jitter M] "
        + "[--speed-multiplier X] [--pub ENDPOINT] [--sub ENDPOINT] [--control ENDPOINT]",
    security: .clientAndServer,
    options: FeederConfiguration.options
).main { options, _ in Feeder(configuration: try FeederConfiguration(options)) }
