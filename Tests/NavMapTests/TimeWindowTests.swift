import Foundation
import NavCore
import NavMap
import Testing

@Suite struct TimeWindowTests {
    static let tuesdayMorning = WeekTime(weekday: 1, minute: 8 * 60)
    static let tuesdayEvening = WeekTime(weekday: 1, minute: 19 * 60)
    static let saturdayNoon = WeekTime(weekday: 5, minute: 12 * 60)

    @Test func dayAndHourTagsOfARestriction() throws {
        let window = try #require(TimeWindow(dayOn: "Mo", dayOff: "Fr", hourOn: "7", hourOff: "18"))
        #expect(window.contains(Self.tuesdayMorning))
        #expect(!window.contains(Self.tuesdayEvening))
        #expect(!window.contains(Self.saturdayNoon))
        #expect(window.contains(WeekTime(weekday: 4, minute: 7 * 60)), "from 07:00 on")
        #expect(!window.contains(WeekTime(weekday: 4, minute: 18 * 60)), "until 18:00")
    }

    @Test func missingHoursMeanTheWholeDayAndMissingDaysEveryDay() throws {
        let weekends = try #require(TimeWindow(dayOn: "Sa", dayOff: "Su", hourOn: nil, hourOff: nil))
        #expect(weekends.contains(Self.saturdayNoon))
        #expect(weekends.contains(WeekTime(weekday: 6, minute: 23 * 60 + 59)))
        #expect(!weekends.contains(Self.tuesdayMorning))
        let nights = try #require(TimeWindow(dayOn: nil, dayOff: nil, hourOn: "22:00", hourOff: "6:00"))
        #expect(nights.contains(WeekTime(weekday: 2, minute: 23 * 60)))
        #expect(nights.contains(WeekTime(weekday: 3, minute: 5 * 60)))
        #expect(!nights.contains(Self.saturdayNoon))
        #expect(TimeWindow(dayOn: nil, dayOff: nil, hourOn: nil, hourOff: nil) == nil, "no tags, no window")
        #expect(TimeWindow(dayOn: "Moonday", dayOff: "Fr", hourOn: nil, hourOff: nil) == nil)
    }

    @Test func conditionsOfConditionalTags() throws {
        let peaks = try #require(TimeWindow(condition: "Mo-Fr 07:00-09:00,16:00-18:00"))
        #expect(peaks.contains(Self.tuesdayMorning))
        #expect(!peaks.contains(WeekTime(weekday: 1, minute: 12 * 60)))
        #expect(peaks.contains(WeekTime(weekday: 4, minute: 17 * 60)))
        #expect(!peaks.contains(Self.saturdayNoon))
        let twoRules = try #require(TimeWindow(condition: "Mo-Fr 07:00-18:00; Sa 10:00-14:00"))
        #expect(twoRules.contains(Self.saturdayNoon))
        #expect(!twoRules.contains(WeekTime(weekday: 6, minute: 12 * 60)))
        let allDay = try #require(TimeWindow(condition: "Sa,Su"))
        #expect(allDay.contains(WeekTime(weekday: 6, minute: 3)))
        #expect(TimeWindow(condition: "weight>3.5") == nil)
        #expect(TimeWindow(condition: "Mo-Fr 07:00-18:00; PH off") == nil, "holidays are not guessed at")
    }

    @Test func localDateTimesAndClockTimes() throws {
        #expect(WeekTime(localDateTime: "2026-12-01T08:00") == Self.tuesdayMorning)
        #expect(WeekTime(localDateTime: "2026-12-05T12:00:00") == Self.saturdayNoon)
        #expect(WeekTime(localDateTime: "2026-12-01") == nil)
        #expect(WeekTime(localDateTime: "2026-02-30T08:00") == nil)
        #expect(WeekTime(localDateTime: "2026-12-01T25:00") == nil)
        let helsinki = try #require(TimeZone(identifier: "Europe/Helsinki"))
        // 2026-12-01 06:30 UTC is 08:30 in Helsinki (EET, UTC+2).
        #expect(WeekTime(Date(timeIntervalSince1970: 1_796_106_600), timeZone: helsinki) == WeekTime(weekday: 1, minute: 510))
    }
}
