import NavCore
import NavProtocol
import Testing

@testable import NavSinks

@Suite struct LightingDwellFilterTests {
    let start = Timestamp(rfc3339: "2026-11-29T15:00:00Z")!

    func run(_ suggestions: [(Double, LightingMode)], dwell: Double = 30) -> [LightingDwellFilter.Change] {
        var filter = LightingDwellFilter(dwellSeconds: dwell)
        return suggestions.compactMap { filter.observe($0.1, at: start.adding(seconds: $0.0)) }
    }

    @Test func theFirstSuggestionAppliesAtOnce() {
        #expect(run([(0, .lowLight)]) == [.init(mode: .lowLight, changedAt: start)])
    }

    @Test func aSuggestionFlickeringAroundDuskChangesNothing() {
        var flicker: [(Double, LightingMode)] = [(0, .normal)]
        for index in 1...20 { flicker.append((Double(index) * 10, index % 2 == 0 ? .normal : .lowLight)) }
        #expect(run(flicker) == [.init(mode: .normal, changedAt: start)])
    }

    @Test func aChangeThatPersistsAppliesOnceTheDwellHasPassed() {
        let changes = run([(0, .normal), (100, .lowLight), (110, .normal), (120, .lowLight), (140, .lowLight),
            (151, .lowLight), (160, .lowLight)])
        #expect(changes == [
            .init(mode: .normal, changedAt: start),
            .init(mode: .lowLight, changedAt: start.adding(seconds: 150)),
        ])
    }

    @Test func silenceAfterASuggestionCountsAsPersistence() {
        var filter = LightingDwellFilter(dwellSeconds: 30)
        _ = filter.observe(.normal, at: start)
        #expect(filter.observe(.lowLight, at: start.adding(seconds: 60)) == nil)
        #expect(filter.advance(to: start.adding(seconds: 89)) == nil)
        #expect(filter.advance(to: start.adding(seconds: 91)) == .init(mode: .lowLight, changedAt: start.adding(seconds: 90)))
        #expect(filter.applied == .lowLight)
        #expect(filter.advance(to: start.adding(seconds: 200)) == nil)
    }

    @Test func aZeroDwellFollowsEverySuggestion() {
        let changes = run([(0, .normal), (1, .lowLight), (2, .normal)], dwell: 0)
        #expect(changes.map(\.mode) == [.normal, .lowLight, .normal])
    }

    @Test func themesFollowTheAppliedMode() {
        let themes = LightingThemes()
        #expect(themes.theme(for: .normal) == Theme.day)
        #expect(themes.theme(for: .lowLight) == Theme.night)
    }

    @Test(arguments: [("#1A73E8", true), ("#1a73e8ff", true), ("1A73E8", false), ("#1A73E", false), ("#GGGGGG", false),
        ("blue", false)])
    func coloursAreCheckedLikeTheSchemaDoes(_ text: String, _ valid: Bool) {
        #expect(LightingThemes.isColour(text) == valid)
    }
}
