// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "navbus",
    products: [
        .library(name: "NavCore", targets: ["NavCore"]),
        .library(name: "NavBus", targets: ["NavBus"]),
        .library(name: "NavProtocol", targets: ["NavProtocol"]),
        .library(name: "NavMap", targets: ["NavMap"]),
        .library(name: "NavRouting", targets: ["NavRouting"]),
        .library(name: "NavGuidance", targets: ["NavGuidance"]),
        .library(name: "NavSources", targets: ["NavSources"]),
        .library(name: "NavService", targets: ["NavService"]),
        .library(name: "NavNavigator", targets: ["NavNavigator"]),
        .library(name: "NavSinks", targets: ["NavSinks"]),
        .library(name: "NavFeeder", targets: ["NavFeeder"]),
        .library(name: "NavConsole", targets: ["NavConsole"]),
        .library(name: "NavWeb", targets: ["NavWeb"]),
        .executable(name: "navbus", targets: ["navbus"]),
        .executable(name: "navbus-proxy", targets: ["navbus-proxy"]),
        .executable(name: "navbus-navigator", targets: ["navbus-navigator"]),
        .executable(name: "navbus-feeder", targets: ["navbus-feeder"]),
        .executable(name: "navbus-logger", targets: ["navbus-logger"]),
        .executable(name: "navbus-speeding-alerter", targets: ["navbus-speeding-alerter"]),
        .executable(name: "navbus-lighting-controller", targets: ["navbus-lighting-controller"]),
        .executable(name: "navbus-speaker", targets: ["navbus-speaker"]),
        .executable(name: "navbus-web", targets: ["navbus-web"]),
    ],
    targets: [
        // System libraries (apt: libzmq3-dev, libreadosm-dev, libmicrohttpd-dev).
        .systemLibrary(name: "CZeroMQ", providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(name: "CReadOSM", providers: [.apt(["libreadosm-dev"])]),
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CPrefetch"),

        // Libraries, one job each. NavCore is the shared vocabulary at the bottom.
        .target(name: "NavCore", swiftSettings: strict),
        .target(name: "NavProtocol", dependencies: ["NavCore"], swiftSettings: strict),
        .target(name: "NavBus", dependencies: ["CZeroMQ", "NavCore", "NavProtocol"], swiftSettings: strict),
        .target(name: "NavMap", dependencies: ["CReadOSM", "NavCore"], swiftSettings: strict),
        .target(name: "NavRouting", dependencies: ["CPrefetch", "NavCore", "NavMap"], swiftSettings: strict),
        .target(name: "NavGuidance", dependencies: ["NavCore"], swiftSettings: strict),
        .target(name: "NavSources", dependencies: ["NavCore", "NavProtocol"], swiftSettings: strict),
        .target(
            name: "NavService", dependencies: ["CMalloc", "NavCore", "NavBus", "NavProtocol"], swiftSettings: strict),
        .target(
            name: "NavNavigator",
            dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavMap", "NavRouting", "NavGuidance"],
            swiftSettings: strict),
        .target(name: "NavSinks", dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol"], swiftSettings: strict),
        .target(
            name: "NavSpeech", dependencies: ["CEspeakNG", "NavCore", "NavProtocol", "NavSinks"], swiftSettings: strict),
        .target(
            name: "NavFeeder",
            dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavSources", "NavMap", "NavRouting"],
            swiftSettings: strict),
        .target(name: "NavConsole", dependencies: ["NavCore", "NavBus", "NavProtocol"], swiftSettings: strict),
        .target(
            name: "NavWeb", dependencies: ["CMicroHTTPD", "NavCore", "NavBus", "NavService", "NavProtocol", "NavMap"],
            swiftSettings: strict),
        .target(name: "NavTesting", dependencies: ["NavCore", "NavBus", "NavProtocol", "NavMap"], swiftSettings: strict),

        // Executables: parse configuration, wire services, run.
        .executableTarget(name: "navbus-proxy", dependencies: ["NavCore", "NavBus", "NavService"], swiftSettings: strict),
        .executableTarget(
            name: "navbus-navigator",
            dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavNavigator"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-feeder", dependencies: ["NavCore", "NavService", "NavFeeder"], swiftSettings: strict),
        .executableTarget(
            name: "navbus-logger", dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-speeding-alerter", dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-lighting-controller", dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-speaker",
            dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavSinks", "NavSpeech"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-web", dependencies: ["NavCore", "NavBus", "NavService", "NavWeb"], swiftSettings: strict),
        .executableTarget(
            name: "navbus",
            dependencies: [
                "NavCore", "NavConsole", "NavBus", "NavService", "NavProtocol", "NavMap", "NavRouting", "NavSinks",
                "NavNavigator",
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-bench",
            dependencies: ["NavCore", "NavBus", "NavService", "NavProtocol", "NavMap", "NavRouting", "NavNavigator"],
            swiftSettings: strict),

        // Tests.
        .testTarget(name: "NavCoreTests", dependencies: ["NavCore"], swiftSettings: strict),
        .testTarget(
            name: "NavFeederTests", dependencies: ["NavFeeder", "NavCore", "NavBus", "NavProtocol", "NavSources"],
            swiftSettings: strict),
        .testTarget(
            name: "NavConsoleTests", dependencies: ["NavConsole", "NavBus", "NavProtocol"], swiftSettings: strict),
        .testTarget(name: "NavProtocolTests", dependencies: ["NavCore", "NavProtocol", "NavBus"], swiftSettings: strict),
        .testTarget(name: "NavBusTests", dependencies: ["NavCore", "NavBus", "NavProtocol", "NavTesting"], swiftSettings: strict),
        .testTarget(name: "NavMapTests", dependencies: ["NavCore", "NavMap", "NavTesting"], swiftSettings: strict),
        .testTarget(name: "NavRoutingTests", dependencies: ["NavCore", "NavRouting", "NavMap", "NavTesting"], swiftSettings: strict),
        .testTarget(name: "NavGuidanceTests", dependencies: ["NavCore", "NavGuidance"], swiftSettings: strict),
        .testTarget(
            name: "NavSourcesTests", dependencies: ["NavCore", "NavSources", "NavProtocol", "NavTesting"],
            // Real receiver logs with gpsd's decoding of them (BSD-2-Clause, see the directory's COPYING).
            resources: [.copy("Fixtures/gpsd-regression")], swiftSettings: strict),
        .testTarget(
            name: "NavNavigatorTests",
            dependencies: ["NavCore", "NavNavigator", "NavGuidance", "NavRouting", "NavMap", "NavBus", "NavProtocol", "NavTesting"],
            swiftSettings: strict),
        .testTarget(
            name: "NavSinksTests", dependencies: ["NavCore", "NavSinks", "NavBus", "NavProtocol", "NavTesting"],
            swiftSettings: strict),
        .testTarget(name: "NavSpeechTests", dependencies: ["NavSpeech", "NavProtocol"], swiftSettings: strict),
        .testTarget(
            name: "NavWebTests", dependencies: ["NavCore", "NavWeb", "NavProtocol", "NavMap", "NavBus", "NavTesting"],
            swiftSettings: strict),
        .testTarget(name: "NavServiceTests", dependencies: ["NavCore", "NavService", "NavBus"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["NavCore", "NavBus", "NavProtocol", "NavTesting", "NavSources", "NavMap", "NavRouting"],
            swiftSettings: strict),
    ]
)
