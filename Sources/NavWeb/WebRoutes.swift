import NavBus

/// Which page or stream answers a request.
///
/// - `/` the fleet page, `/vehicle/ID` a vehicle's navigation page (the script reads the id from the path);
/// - `/assets/NAME` the page's scripts and styles, shipped inside the binary;
/// - `/map.json` the road network (``MapLayer``), 404 without `--map`;
/// - `/events?vehicle=ID` the vehicle's Server-Sent Events (`route`, `view`), `/events` the fleet's (`fleet`);
/// - `/state.json?vehicle=ID` the vehicle's page model once, `/vehicles.json` the known vehicle ids.
public struct WebRoutes: Sendable {
    public let fleet: LiveFleet
    /// The `/map.json` document, built once at start.
    public let mapJSON: [UInt8]?

    public init(fleet: LiveFleet, mapJSON: [UInt8]?) {
        self.fleet = fleet
        self.mapJSON = mapJSON
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path == "/" || path == "/index.html" {
            return .bytes(Array(WebAssets.fleetPage.utf8), contentType: "text/html; charset=utf-8")
        }
        if path.hasPrefix("/vehicle/") && path.count > "/vehicle/".count {
            return .bytes(Array(WebAssets.vehiclePage.utf8), contentType: "text/html; charset=utf-8")
        }
        if path.hasPrefix("/assets/"), let asset = WebAssets.asset(named: String(path.dropFirst("/assets/".count))) {
            return .bytes(Array(asset.text.utf8), contentType: asset.contentType, cache: true)
        }
        switch path {
        case "/map.json":
            guard let mapJSON else { return .text("navbus-web runs without --map: no road network to draw", status: 404) }
            return .bytes(mapJSON, contentType: "application/json", cache: true)
        case "/events":
            let subscription: EventSubscription = request.query["vehicle"].map { .vehicle($0) } ?? .fleet
            guard let client = fleet.connect(subscription) else {
                return .text("too many open event streams (\(fleet.limits.clients)); try again later", status: 503)
            }
            return .eventStream(client)
        case "/state.json":
            guard let vehicle = request.query["vehicle"] else {
                return .text("add ?vehicle=ID", status: 400)
            }
            guard let view = fleet.view(of: vehicle) else { return .text("no vehicle \(vehicle) on the bus yet", status: 404) }
            return json(view)
        case "/vehicles.json":
            return json(fleet.vehicleIDs)
        case "/favicon.ico":
            return HTTPResponse(status: 204, headers: [], body: .bytes([]))
        default:
            return .text("not found: \(path)", status: 404)
        }
    }

    private func json(_ value: some Encodable) -> HTTPResponse {
        guard let bytes = try? StreamingJSONEncoder().encode(value) else {
            return .text("cannot encode the answer", status: 500)
        }
        return .bytes(bytes, contentType: "application/json")
    }
}
