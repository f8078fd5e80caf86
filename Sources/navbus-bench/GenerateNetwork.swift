import Foundation
import NavMap

/// `navbus-bench generate --nodes N --out FILE.osm [--network regional|grid] [--seed N] [--gated PERCENT]
/// [--features realistic|plain]`: writes a synthetic network as OSM XML, for import and preparation
/// measurements (`navbus import`, OSRM, Valhalla) on the same file. The regional network streams, so ten
/// million nodes need little memory; it has every ``RegionalNetwork/Features`` (dual carriageways with
/// ramps, collectors, cul-de-sacs, signals) unless `--features plain` asks for round two's network;
/// `--gated` makes that share of its pockets destination-only estates.
enum GenerateNetwork {
    static func run(arguments: [String]) throws {
        var nodes = 100_000
        var output: String?
        var kind = "regional"
        var seed: UInt64 = 42
        var gatedPercent = 0
        var features = RegionalNetwork.Features.realistic
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next() else { throw RoutingBenchmark.UsageError(message: "\(flag) needs a value") }
            switch flag {
            case "--nodes": nodes = try RoutingBenchmark.Configuration.number(value, flag)
            case "--out": output = value
            case "--network": kind = value
            case "--seed": seed = UInt64(try RoutingBenchmark.Configuration.number(value, flag))
            case "--gated": gatedPercent = try RoutingBenchmark.Configuration.number(value, flag)
            case "--features":
                switch value {
                case "realistic": features = .realistic
                case "plain": features = []
                default: throw RoutingBenchmark.UsageError(message: "--features expects realistic or plain, got \(value)")
                }
            default: throw RoutingBenchmark.UsageError(message: "unknown option \(flag)")
            }
        }
        guard let output else { throw RoutingBenchmark.UsageError(message: "generate needs --out FILE.osm") }
        let started = Date()
        switch kind {
        case "regional":
            let gatedShare = Double(gatedPercent) / 100
            try RegionalNetwork(nodeCount: nodes, seed: seed, gatedShare: gatedShare, features: features)
                .writeOSMXML(to: output)
        case "grid":
            let xml = SyntheticNetwork(nodeCount: nodes, seed: seed).osmXML()
            try Data(xml.utf8).write(to: URL(fileURLWithPath: output))
        default:
            throw RoutingBenchmark.UsageError(message: "--network expects regional or grid, got \(kind)")
        }
        print(String(format: "%@: %@ network of about %d nodes in %.1f s", output, kind, nodes, Date().timeIntervalSince(started)))
    }
}

/// `navbus-bench bounds MAP`: the bounding box of a map's road nodes as `south west north east`, so that
/// benchmark scripts can draw query points over any map. A generated OSM file says it in its `<bounds>`
/// element, read without importing the file (minutes at ten million nodes).
enum MapBounds {
    static func run(arguments: [String]) throws {
        guard let path = arguments.first else { throw RoutingBenchmark.UsageError(message: "bounds needs a MAP") }
        if path.hasSuffix(".osm"), let handle = FileHandle(forReadingAtPath: path) {
            let head = String(decoding: (try? handle.read(upToCount: 4_096)) ?? Data(), as: UTF8.self)
            try? handle.close()
            if let bounds = OSMXMLStreamWriter.boundsElement(in: head) {
                print("\(bounds.minLatitude) \(bounds.minLongitude) \(bounds.maxLatitude) \(bounds.maxLongitude)")
                return
            }
        }
        let graph = try MapLoader.load(path: path)
        let latitudes = graph.latitudes
        let longitudes = graph.longitudes
        print(
            "\(latitudes.min() ?? 0) \(longitudes.min() ?? 0) \(latitudes.max() ?? 0) \(longitudes.max() ?? 0)")
    }
}
