// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "navbus",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "NavBus", targets: ["NavBus"]),
        .library(name: "NavProtocol", targets: ["NavProtocol"]),
        .library(name: "NavMap", targets: ["NavMap"]),
        .library(name: "NavRouting", targets: ["NavRouting"]),
        .library(name: "NavGuidance", targets: ["NavGuidance"]),
        .library(name: "NavSources", targets: ["NavSources"]),
        .library(name: "NavService", targets: ["NavService"]),
        .library(name: "NavNavigator", targets: ["NavNavigator"]),
        .library(name: "NavSinks", targets: ["NavSinks"]),
        .executable(name: "navbus", targets: ["navbus"]),
        .executable(name: "navbus-proxy", targets: ["navbus-proxy"]),
        .executable(name: "navbus-navigator", targets: ["navbus-navigator"]),
        .executable(name: "navbus-feeder", targets: ["navbus-feeder"]),
        .executable(name: "navbus-logger", targets: ["navbus-logger"]),
        .executable(name: "navbus-speeding-alerter", targets: ["navbus-speeding-alerter"]),
        .executable(name: "navbus-lighting-controller", targets: ["navbus-lighting-controller"]),
        .executable(name: "navbus-speaker", targets: ["navbus-speaker"]),
    ],
    targets: [
        // System libraries (apt: libzmq3-dev, libreadosm-dev).
        .systemLibrary(name: "CZeroMQ", providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(name: "CReadOSM", providers: [.apt(["libreadosm-dev"])]),
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),

        // Libraries, one job each.
        .target(name: "NavProtocol", swiftSettings: strict),
        .target(
            name: "NavBus", dependencies: ["CZeroMQ", "NavProtocol"],
            swiftSettings: strict + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),
        .target(name: "NavMap", dependencies: ["CReadOSM"], swiftSettings: strict),
        .target(name: "NavRouting", dependencies: ["NavMap"], swiftSettings: strict),
        .target(name: "NavGuidance", swiftSettings: strict),
        .target(name: "NavSources", dependencies: ["NavProtocol"], swiftSettings: strict),
        .target(name: "NavService", dependencies: ["NavBus", "NavProtocol"], swiftSettings: strict),
        .target(
            name: "NavNavigator",
            dependencies: ["NavBus", "NavService", "NavProtocol", "NavMap", "NavRouting", "NavGuidance"],
            swiftSettings: strict),
        .target(name: "NavSinks", dependencies: ["NavBus", "NavService", "NavProtocol"], swiftSettings: strict),
        .target(name: "NavSpeech", dependencies: ["CEspeakNG", "NavProtocol", "NavSinks"], swiftSettings: strict),
        .target(name: "NavTesting", dependencies: ["NavBus", "NavProtocol", "NavMap"], swiftSettings: strict),

        // Executables: parse configuration, wire services, run.
        .executableTarget(name: "navbus-proxy", dependencies: ["NavBus", "NavService"], swiftSettings: strict),
        .executableTarget(
            name: "navbus-navigator",
            dependencies: ["NavBus", "NavService", "NavProtocol", "NavNavigator"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-feeder",
            dependencies: ["NavBus", "NavService", "NavProtocol", "NavSources", "NavMap", "NavRouting"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-logger", dependencies: ["NavBus", "NavService", "NavProtocol", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-speeding-alerter", dependencies: ["NavBus", "NavService", "NavProtocol", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-lighting-controller", dependencies: ["NavBus", "NavService", "NavProtocol", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-speaker",
            dependencies: ["NavBus", "NavService", "NavProtocol", "NavSinks", "NavSpeech"], swiftSettings: strict),
        .executableTarget(
            name: "navbus",
            dependencies: ["NavBus", "NavService", "NavProtocol", "NavMap", "NavRouting", "NavSinks"],
            swiftSettings: strict),
        .executableTarget(
            name: "navbus-bench",
            dependencies: ["NavBus", "NavService", "NavProtocol", "NavMap", "NavRouting", "NavNavigator"],
            swiftSettings: strict),

        // Tests.
        .testTarget(name: "NavProtocolTests", dependencies: ["NavProtocol", "NavBus"], swiftSettings: strict),
        .testTarget(name: "NavBusTests", dependencies: ["NavBus", "NavProtocol", "NavTesting"], swiftSettings: strict),
        .testTarget(name: "NavMapTests", dependencies: ["NavMap", "NavTesting"], swiftSettings: strict),
        .testTarget(name: "NavRoutingTests", dependencies: ["NavRouting", "NavMap", "NavTesting"], swiftSettings: strict),
        .testTarget(name: "NavGuidanceTests", dependencies: ["NavGuidance"], swiftSettings: strict),
        .testTarget(
            name: "NavSourcesTests", dependencies: ["NavSources", "NavProtocol", "NavTesting"], swiftSettings: strict),
        .testTarget(
            name: "NavNavigatorTests",
            dependencies: ["NavNavigator", "NavGuidance", "NavRouting", "NavMap", "NavBus", "NavProtocol", "NavTesting"],
            swiftSettings: strict),
        .testTarget(
            name: "NavSinksTests", dependencies: ["NavSinks", "NavBus", "NavProtocol", "NavTesting"],
            swiftSettings: strict),
        .testTarget(name: "NavSpeechTests", dependencies: ["NavSpeech", "NavProtocol"], swiftSettings: strict),
        .testTarget(name: "NavServiceTests", dependencies: ["NavService", "NavBus"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["NavBus", "NavProtocol", "NavTesting", "NavSources", "NavMap", "NavRouting"],
            swiftSettings: strict),
    ]
)
