public import NavCore
public import Foundation
import NavMap

/// Named places that waypoints can refer to by `placeID`, read from a JSON object
/// `{ "<placeID>": { "title": ..., "latitude": ..., "longitude": ... } }`.
public struct PlacesCatalogue: Sendable, Equatable {
    public struct Place: Sendable, Equatable, Codable {
        public var title: String
        public var latitude: Double
        public var longitude: Double

        public init(title: String, latitude: Double, longitude: Double) {
            self.title = title
            self.latitude = latitude
            self.longitude = longitude
        }

        public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    }

    public var places: [String: Place]

    public init(places: [String: Place] = [:]) {
        self.places = places
    }

    /// Reads a catalogue file.
    /// - Throws: the file or JSON decoding error.
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        self.places = try JSONDecoder().decode([String: Place].self, from: data)
    }

    public subscript(placeID: String) -> Place? { places[placeID] }
}
