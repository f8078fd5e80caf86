import Foundation

/// `navbus-bench SUITE`: benchmarks, kept apart from the tests. `make bench` runs them in release mode.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "bus": try BusBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "bus-pub": try BusBenchmark.publishChild(Array(arguments.dropFirst()))
    case "bus-sub": try BusBenchmark.subscribeChild(Array(arguments.dropFirst()))
    case "codec": try CodecBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "routing": try RoutingBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "fleet": try FleetBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "generate": try GenerateNetwork.run(arguments: Array(arguments.dropFirst()))
    case "bounds": try MapBounds.run(arguments: Array(arguments.dropFirst()))
    case "voice": try VoiceBenchmark.run(arguments: Array(arguments.dropFirst()))
    default:
        FileHandle.standardError.write(
            Data(
                ("usage: navbus-bench bus [--messages N] [--runs R] | codec [N] | routing [options] | fleet [options] "
                    + "| voice [options] | generate --nodes N --out FILE.osm | bounds MAP\n").utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("navbus-bench: \(error)\n".utf8))
    exit(1)
}
