import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "routing":
        try RoutingBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "fleet":
        try FleetBenchmark.run(arguments: Array(arguments.dropFirst()))
    default:
        FileHandle.standardError.write(Data("usage: navbus-bench routing|fleet [options]\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("navbus-bench: \(error)\n".utf8))
    exit(1)
}
