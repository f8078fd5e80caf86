// swift-tools-version:5.4
// libFuzzer targets for navbus, built only by `make fuzz` (scripts/fuzz.sh) with
// `swift build -Xswiftc -sanitize=fuzzer`; the main package's `swift build` never sees them.
//
// Tools version 5.4 on purpose: from 5.5 on SwiftPM renames an executable's entry point and links
// `--defsym main=<module>_main`, which collides with the `main` libFuzzer brings. The targets are still
// compiled in the Swift 6 language mode (`-swift-version 6`) and define only `LLVMFuzzerTestOneInput`.
import PackageDescription

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library", "-swift-version", "6"])]

let package = Package(
    name: "navbus-fuzz",
    dependencies: [.package(name: "navbus", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Targets/FuzzSupport", swiftSettings: [.unsafeFlags(["-swift-version", "6"])]),
        .executableTarget(
            name: "fuzz-json", dependencies: ["FuzzSupport", .product(name: "NavBus", package: "navbus")], path: "Targets/FuzzJSON",
            swiftSettings: fuzzer),
        .executableTarget(
            name: "fuzz-envelope",
            dependencies: [
                "FuzzSupport", .product(name: "NavBus", package: "navbus"), .product(name: "NavProtocol", package: "navbus"),
            ],
            path: "Targets/FuzzEnvelope", swiftSettings: fuzzer),
        .executableTarget(
            name: "fuzz-nmea",
            dependencies: [
                "FuzzSupport", .product(name: "NavSources", package: "navbus"),
                .product(name: "NavProtocol", package: "navbus"),
            ],
            path: "Targets/FuzzNMEA", swiftSettings: fuzzer),
        .executableTarget(
            name: "fuzz-osm",
            dependencies: [
                "FuzzSupport", .product(name: "NavMap", package: "navbus"), .product(name: "NavRouting", package: "navbus"),
            ],
            path: "Targets/FuzzOSM", swiftSettings: fuzzer),
        .executableTarget(
            name: "fuzz-session",
            dependencies: [
                "FuzzSupport", .product(name: "NavNavigator", package: "navbus"), .product(name: "NavMap", package: "navbus"),
                .product(name: "NavRouting", package: "navbus"), .product(name: "NavProtocol", package: "navbus"),
                .product(name: "NavBus", package: "navbus"),
            ],
            path: "Targets/FuzzSession", swiftSettings: fuzzer),
    ]
)
