import Testing
@testable import SplitCore

/// Dates as people say them (``DateReader``), against a fixed today: Monday 2025-01-20.
@Suite struct DateReaderTests {
    static let monday = CivilDate(year: 2025, month: 1, day: 20)!
    let reader = DateReader(today: monday)

    static func day(_ text: String) -> CivilDate { CivilDate(parsing: text)! }

    @Test("each accepted form names its day", arguments: [
        ("today", "2025-01-20"), ("Yesterday", "2025-01-19"), ("TOMORROW", "2025-01-21"), ("  today ", "2025-01-20"),
        ("-0", "2025-01-20"), ("-3", "2025-01-17"), ("-366", "2024-01-20"),
        ("3 days ago", "2025-01-17"), ("1 day ago", "2025-01-19"), ("0 days ago", "2025-01-20"),
        ("a week ago", "2025-01-13"), ("2 weeks ago", "2025-01-06"),
        ("friday", "2025-01-17"), ("Fri", "2025-01-17"), ("thurs", "2025-01-16"), ("sunday", "2025-01-19"),
        ("monday", "2025-01-20"), ("last monday", "2025-01-13"), ("last friday", "2025-01-17"), ("Last Sun", "2025-01-19"),
        ("Jun 7", "2024-06-07"), ("7 Jun", "2024-06-07"), ("June 7th", "2024-06-07"), ("7th of June", "2024-06-07"),
        ("Jun. 7", "2024-06-07"), ("jan 20", "2025-01-20"), ("jan 21", "2024-01-21"), ("Sept 3", "2024-09-03"),
        ("June 7 2025", "2025-06-07"), ("7 June 2025", "2025-06-07"), ("Jun 7, 2025", "2025-06-07"),
        ("2025-06-07", "2025-06-07"), ("2025-6-7", "2025-06-07"), ("06-07", "2024-06-07"), ("01-19", "2025-01-19"),
        ("28/11/2026", "2026-11-28"), ("28/11", "2024-11-28"), ("28/11/24", "2024-11-28"), ("15/01", "2025-01-15"),
        ("7/7", "2024-07-07"), ("13/1/2025", "2025-01-13"),
    ])
    func accepted(_ typed: String, _ expected: String) throws {
        #expect(try reader.read(typed) == Self.day(expected), "\(typed)")
    }

    @Test("a slash date that reads both ways is refused with both readings")
    func ambiguous() {
        #expect(throws: DateReadError.ambiguous("7/6", dayMonth: Self.day("2024-06-07"), monthDay: Self.day("2024-07-06"))) {
            try reader.read("7/6")
        }
        #expect(throws: DateReadError.ambiguous("7/6/2025", dayMonth: Self.day("2025-06-07"), monthDay: Self.day("2025-07-06"))) {
            try reader.read("7/6/2025")
        }
        #expect(DateReadError.ambiguous("7/6", dayMonth: Self.day("2024-06-07"), monthDay: Self.day("2024-07-06")).description
            == "date '7/6' could be day/month or month/day; did you mean 2024-06-07 or 2024-07-06?")
    }

    @Test("a slash date that only reads month first is refused with that reading")
    func monthFirst() {
        #expect(throws: DateReadError.monthFirst("11/28/2026", reading: Self.day("2026-11-28"))) { try reader.read("11/28/2026") }
        #expect(throws: DateReadError.monthFirst("1/19", reading: Self.day("2025-01-19"))) { try reader.read("1/19") }
    }

    @Test("a form that names no day is refused with the nearest day")
    func notADay() {
        #expect(throws: DateReadError.notADay("2026-11-31", read: "2026-11-31", nearest: Self.day("2026-11-30"))) {
            try reader.read("2026-11-31")
        }
        #expect(throws: DateReadError.notADay("2025-13-01", read: "2025-13-01", nearest: Self.day("2025-01-13"))) {
            try reader.read("2025-13-01")
        }
        #expect(throws: DateReadError.notADay("31/11/2026", read: "2026-11-31", nearest: Self.day("2026-11-30"))) {
            try reader.read("31/11/2026")
        }
        #expect(throws: DateReadError.notADay("Feb 30 2024", read: "2024-02-30", nearest: Self.day("2024-02-29"))) {
            try reader.read("Feb 30 2024")
        }
        #expect(throws: DateReadError.notADay("32/13", read: "2024-13-32", nearest: nil)) { try reader.read("32/13") }
        let march = DateReader(today: Self.day("2025-03-01"))
        #expect(throws: DateReadError.notADay("02-29", read: "2025-02-29", nearest: Self.day("2025-02-28"))) {
            try march.read("02-29")
        }
        #expect(DateReadError.notADay("2026-11-31", read: "2026-11-31", nearest: Self.day("2026-11-30")).description
            == "date '2026-11-31' does not exist; did you mean 2026-11-30?")
        #expect(DateReadError.notADay("02-29", read: "2025-02-29", nearest: Self.day("2025-02-28")).description
            == "date '02-29' is 2025-02-29, which does not exist; did you mean 2025-02-28?")
    }

    @Test("an unknown date suggests the form it most likely meant", arguments: [
        ("frday", "friday", "2025-01-17"), ("yesterdy", "yesterday", "2025-01-19"), ("3 days", "3 days ago", "2025-01-17"),
        ("last fridya", "last friday", "2025-01-17"), ("wensday", "wednesday", "2025-01-15"),
        ("3 dyas ago", "3 days ago", "2025-01-17"), ("Juen 7", "june 7", "2024-06-07"),
    ])
    func suggested(_ typed: String, _ words: String, _ date: String) {
        let expected = DateReadError.unknown(typed, suggestion: .init(words: words, date: Self.day(date)))
        #expect(throws: expected) { try reader.read(typed) }
    }

    @Test("what is no date at all lists the forms", arguments: ["xyz", "", "-123456", "2025/01/05/1", "in 3 days", "7/6/123"])
    func unknown(_ typed: String) {
        #expect(throws: DateReadError.unknown(typed, suggestion: nil)) { try reader.read(typed) }
        #expect(DateReadError.unknown(typed, suggestion: nil).description
            == "date '\(typed)' is not a date split reads; use \(DateReader.forms)")
    }

    /// Over a fortnight of todays and every weekday: a weekday alone is within the last week,
    /// today included; `last` and the day is within the seven days before today.
    @Test("weekdays count back from any today")
    func weekdays() throws {
        for offset in 0..<14 {
            let today = Self.monday.adding(days: Int64(offset))
            let reader = DateReader(today: today)
            for (index, name) in CalendarWords.weekdays.enumerated() {
                let plain = try reader.read(name)
                let last = try reader.read("last " + name)
                #expect(plain.weekday == index && last.weekday == index)
                #expect((0...6).contains(today.daysSinceEpoch - plain.daysSinceEpoch), "\(name) on \(today)")
                #expect((1...7).contains(today.daysSinceEpoch - last.daysSinceEpoch), "last \(name) on \(today)")
            }
        }
    }

    @Test("weekday: 1970-01-01 was a Thursday, and the count holds before it")
    func weekdayOfDates() {
        #expect(Self.day("1970-01-01").weekday == 4)
        #expect(Self.day("2025-01-20").weekday == 1)
        #expect(Self.day("1969-12-28").weekday == 0)
    }

    @Test("a date years ahead suggests the same day this year")
    func tooFarAhead() {
        let error = DateError.tooFarAhead(Self.day("2052-01-05"), today: Self.monday, latest: DateRule.latest(today: Self.monday))
        #expect(error.description == "date 2052-01-05 is more than a year ahead of today (2025-01-20); the latest date split "
            + "takes is 2026-01-20; did you mean 2025-01-05?")
        #expect(DateError.thisYear(Self.day("2030-06-01"), today: Self.monday) == Self.day("2025-06-01"))
        #expect(DateError.thisYear(Self.day("2028-02-29"), today: Self.monday) == Self.day("2025-02-28"))
    }
}
