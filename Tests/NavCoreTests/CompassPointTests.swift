import NavCore
import Testing

/// The compass points and ordinals every instruction and phrasebook shares.
@Suite struct CompassPointTests {
    @Test(
        "a bearing is named by its nearest point, whatever its range",
        arguments: [
            (0.0, CompassPoint.north), (22.4, .north), (22.6, .northeast), (90, .east), (135, .southeast),
            (180, .south), (225, .southwest), (270, .west), (315, .northwest), (337.6, .north), (359.9, .north),
            (-10, .north), (-90, .west), (450, .east), (.nan, .north), (.infinity, .north),
        ])
    func nearestPoint(bearing: Double, point: CompassPoint) {
        #expect(CompassPoint(bearing: bearing) == point)
    }

    @Test func englishNames() {
        #expect(CompassPoint.allCases.map(\.englishName) == [
            "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
        ])
    }

    @Test(
        "English ordinals take st, nd, rd and th, with 11th to 13th",
        arguments: [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
                    (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th")])
    func ordinals(n: Int, text: String) {
        #expect(Ordinal.english(n) == text)
    }
}
