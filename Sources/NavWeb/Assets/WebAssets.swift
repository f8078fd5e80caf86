/// The pages, scripts and styles navbus-web serves, compiled into the binary as text so the executable needs
/// nothing beside it and the browser fetches nothing from elsewhere (no CDN, no tile server).
public enum WebAssets {
    public struct Asset: Sendable {
        public let text: String
        public let contentType: String
    }

    /// The fleet page (`/`).
    public static let fleetPage = page(title: "navbus fleet", body: fleetBody, scripts: ["map.js", "fleet.js"])
    /// The navigation page of one vehicle (`/vehicle/ID`).
    public static let vehiclePage = page(
        title: "navbus navigation", body: vehicleBody, scripts: ["map.js", "format.js", "vehicle.js"])

    /// A script or style sheet by its name under `/assets/`.
    public static func asset(named name: String) -> Asset? {
        switch name {
        case "app.css": Asset(text: styleSheet, contentType: "text/css; charset=utf-8")
        case "map.js": Asset(text: mapScript, contentType: "text/javascript; charset=utf-8")
        case "format.js": Asset(text: formatScript, contentType: "text/javascript; charset=utf-8")
        case "vehicle.js": Asset(text: vehicleScript, contentType: "text/javascript; charset=utf-8")
        case "fleet.js": Asset(text: fleetScript, contentType: "text/javascript; charset=utf-8")
        default: nil
        }
    }

    /// Every asset name, for page-weight checks.
    public static let assetNames = ["app.css", "map.js", "format.js", "vehicle.js", "fleet.js"]

    private static func page(title: String, body: String, scripts: [String]) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <link rel="stylesheet" href="/assets/app.css">
        </head>
        <body data-theme="day">
        \(body)
        \(scripts.map { "<script src=\"/assets/\($0)\"></script>" }.joined(separator: "\n"))
        </body>
        </html>
        """
    }
}
