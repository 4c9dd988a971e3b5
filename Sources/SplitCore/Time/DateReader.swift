/// Reads a date the way people say it, against today where they are: the one rule for every
/// typed date (`--date`, `--since`, `--until`, a batch line's `date`).
///
/// "Today" is passed in: the core reads no clock, so the caller's clock (the local date, or a
/// fixed one in tests) decides what `yesterday` means. Accepted, in any case:
/// - `2025-06-07` (also `2025-6-7`): that day;
/// - `06-07`, `Jun 7`, `7 Jun`, `June 7th`, `28/11`: the last such day on or before today, so
///   this year, or last year while it is still ahead (on 2025-01-05, `12-31` is 2024-12-31):
///   people type the day of something that happened;
/// - `June 7 2025`, `7 June 2025`, `Jun 7, 2025`: that day;
/// - `today`, `yesterday`, `tomorrow`;
/// - `-N`, `N days ago`, `N weeks ago`, `a week ago` (N up to 5 digits);
/// - `friday`: the most recent Friday, today on a Friday (as `today` is the most recent
///   today); `last friday`: the Friday before today, a week ago on a Friday. Weekdays and
///   months may be shortened to three letters or more (`fri`, `thurs`, `sept`).
/// - slash dates `28/11/2026`, `28/11/26`, `28/11`: day first, as most of the world writes
///   them. Only read when the day is over 12 or both numbers are equal; `7/6` could be either
///   way round and is refused with both readings, `11/28` reads only month first and is
///   refused with that reading, so a date is never taken the wrong way round.
///
/// A form that names no day (`2026-11-31`) is refused with the nearest day, and an unknown
/// one with the form it most likely meant (`frday`: friday). Whether the day may be recorded
/// (not years ahead) is ``DateRule``'s to say.
public struct DateReader: Sendable {
    /// Today where the person is.
    public let today: CivilDate

    public init(today: CivilDate) { self.today = today }

    /// The forms, for help texts and messages.
    public static let forms = "YYYY-MM-DD, MM-DD, Jun 7, 7 Jun, June 7 2025, today, yesterday, friday, last friday, "
        + "3 days ago or -N"

    /// The day `text` names, or why it names none.
    public func read(_ text: String) throws(DateReadError) -> CivilDate {
        let typed = text.trimmingSpaces
        if let date = try reading(typed, as: text) { return date }
        throw .unknown(text, suggestion: suggestion(for: typed))
    }

    /// The day `typed` names; nil when it is in no accepted form, an error when it is in one but
    /// names no day. `text` is what the person typed, for the error.
    private func reading(_ typed: String, as text: String) throws(DateReadError) -> CivilDate? {
        if let date = try numbers(typed, as: text) { return date }
        return try words(Self.tokens(typed), as: text)
    }

    // MARK: - Numbers

    private func numbers(_ typed: String, as text: String) throws(DateReadError) -> CivilDate? {
        if typed.hasPrefix("-") {
            return Self.number(typed.dropFirst(), digits: 1...5).map { today.adding(days: -Int64($0)) }
        }
        let dashed = typed.split(separator: "-", omittingEmptySubsequences: false)
        if dashed.count == 3, let year = Self.number(dashed[0], digits: 4...4),
           let month = Self.number(dashed[1], digits: 1...2), let day = Self.number(dashed[2], digits: 1...2) {
            return try self.day(year, month, day, as: text)
        }
        if dashed.count == 2, let month = Self.number(dashed[0], digits: 1...2), let day = Self.number(dashed[1], digits: 1...2) {
            return try recent(month, day, as: text)
        }
        let slashed = typed.split(separator: "/", omittingEmptySubsequences: false)
        guard slashed.count == 2 || slashed.count == 3,
              let first = Self.number(slashed[0], digits: 1...2), let second = Self.number(slashed[1], digits: 1...2)
        else { return nil }
        let year: Int?
        if slashed.count == 2 {
            year = nil
        } else if let full = Self.number(slashed[2], digits: 4...4) {
            year = full
        } else if let short = Self.number(slashed[2], digits: 2...2) {
            year = 2000 + short
        } else {
            return nil
        }
        let on = { (month: Int, day: Int) throws(DateReadError) -> CivilDate in
            if let year { return try self.day(year, month, day, as: text) }
            return try self.recent(month, day, as: text)
        }
        if first > 12 || first == second { return try on(second, first) }
        if second > 12 { throw .monthFirst(text, reading: try on(first, second)) }
        throw .ambiguous(text, dayMonth: try on(second, first), monthDay: try on(first, second))
    }

    // MARK: - Words

    private func words(_ tokens: [String], as text: String) throws(DateReadError) -> CivilDate? {
        switch tokens.count {
        case 1:
            switch tokens[0] {
            case "today": return today
            case "yesterday": return today.adding(days: -1)
            case "tomorrow": return today.adding(days: 1)
            default: return CalendarWords.weekday(tokens[0]).map { last($0, countingToday: true) }
            }
        case 2:
            if tokens[0] == "last", let weekday = CalendarWords.weekday(tokens[1]) {
                return last(weekday, countingToday: false)
            }
            if let on = Self.monthAndDay(tokens[0], tokens[1]) { return try recent(on.month, on.day, as: text) }
        case 3:
            if tokens[2] == "ago", let count = Self.count(tokens[0]), let unit = Self.unitDays(tokens[1]) {
                return today.adding(days: -Int64(count * unit))
            }
            if let on = Self.monthAndDay(tokens[0], tokens[1]), let year = Self.number(tokens[2][...], digits: 4...4) {
                return try self.day(year, on.month, on.day, as: text)
            }
        default:
            break
        }
        return nil
    }

    /// The most recent `weekday`: today when it is that day and `countingToday`, else before.
    private func last(_ weekday: Int, countingToday: Bool) -> CivilDate {
        let back = (today.weekday - weekday + 7) % 7
        return today.adding(days: -Int64(back == 0 && !countingToday ? 7 : back))
    }

    /// The words of a date: lower-cased, split at spaces, commas and points (`Jun. 7, 2025`),
    /// without the filler `of` (`7th of June`).
    static func tokens(_ typed: String) -> [String] {
        typed.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." || $0 == "\t" })
            .map(String.init).filter { $0 != "of" }
    }

    /// `Jun 7` or `7 Jun` (`7th` too) as (month, day).
    private static func monthAndDay(_ a: String, _ b: String) -> (month: Int, day: Int)? {
        if let month = CalendarWords.month(a), let day = dayNumber(b) { return (month, day) }
        if let day = dayNumber(a), let month = CalendarWords.month(b) { return (month, day) }
        return nil
    }

    /// A day of the month as typed: one or two digits, with an ordinal ending or without.
    private static func dayNumber(_ word: String) -> Int? {
        var digits = word[...]
        for ending in ["st", "nd", "rd", "th"] where word.hasSuffix(ending) {
            digits = word.dropLast(2)
        }
        return number(digits, digits: 1...2)
    }

    /// How many units ago: a number of up to 5 digits, or `a`/`an`/`one`.
    private static func count(_ word: String) -> Int? {
        ["a", "an", "one"].contains(word) ? 1 : number(word[...], digits: 1...5)
    }

    /// Days in a unit: `day(s)` 1, `week(s)` 7.
    private static func unitDays(_ word: String) -> Int? {
        switch word {
        case "day", "days": return 1
        case "week", "weeks": return 7
        default: return nil
        }
    }

    // MARK: - Days

    /// That day, or the error naming the nearest one.
    private func day(_ year: Int, _ month: Int, _ day: Int, as text: String) throws(DateReadError) -> CivilDate {
        if let date = CivilDate(year: year, month: month, day: day) { return date }
        throw .notADay(text, read: Self.text(year, month, day), nearest: Self.nearest(year, month, day))
    }

    /// The last `month`-`day` on or before today: this year's, or last year's while it is ahead.
    private func recent(_ month: Int, _ day: Int, as text: String) throws(DateReadError) -> CivilDate {
        let year = (month, day) <= (today.month, today.day) ? today.year : today.year - 1
        return try self.day(year, month, day, as: text)
    }

    /// The nearest real day to one that does not exist: the month's last day (`2026-11-31` is
    /// 2026-11-30), or the fields swapped when the month is a day (`2026-13-01` is 2026-01-13).
    private static func nearest(_ year: Int, _ month: Int, _ day: Int) -> CivilDate? {
        guard (1...9999).contains(year), day >= 1 else { return nil }
        if (1...12).contains(month) {
            return CivilDate(year: year, month: month, day: min(day, CivilDate.daysIn(month: month, year: year)))
        }
        return CivilDate(year: year, month: day, day: month)
    }

    /// `YYYY-MM-DD` of fields that may name no day, to show how a date was read.
    private static func text(_ year: Int, _ month: Int, _ day: Int) -> String {
        var bytes: [UInt8] = []
        ASCIIDigits.append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(day, width: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of `text` when it is ASCII digits, as many as `digits` allows.
    static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }

    // MARK: - Suggestions

    /// What an unknown date most likely meant: its misspelt words corrected (`frday`, `yesterdy`,
    /// `3 dyas ago`), or the `ago` left out (`3 days`), when that reads as a day.
    private func suggestion(for typed: String) -> DateReadError.Suggestion? {
        var tokens = Self.tokens(typed)
        if tokens.count == 2, Self.count(tokens[0]) != nil, Self.unitDays(tokens[1]) != nil {
            tokens.append("ago")
        } else {
            let corrected = tokens.map { Self.isKnown($0) ? $0 : Self.correction($0) ?? $0 }
            guard corrected != tokens else { return nil }
            tokens = corrected
        }
        let words = tokens.joined(separator: " ")
        guard let date = try? reading(words, as: words) else { return nil }
        return DateReadError.Suggestion(words: words, date: date)
    }

    /// The words a date may be made of, besides numbers, months and weekdays.
    private static let vocabulary = ["today", "yesterday", "tomorrow", "last", "ago", "days", "weeks"]

    private static func isKnown(_ word: String) -> Bool {
        vocabulary.contains(word) || ["day", "week", "a", "an", "one"].contains(word) || CalendarWords.month(word) != nil
            || CalendarWords.weekday(word) != nil || word.contains(where: \.isNumber)
    }

    /// The known word `word` is most likely a typo of: the nearest by ``EditDistance`` within
    /// what it allows, else the one it shares its first three letters with (`wensday`).
    private static func correction(_ word: String) -> String? {
        let known = vocabulary + CalendarWords.months + CalendarWords.weekdays
        let typed = Array(word)
        var best: (word: String, distance: Int)?
        for candidate in known {
            let distance = EditDistance.between(typed, Array(candidate))
            if distance <= EditDistance.allowed(forLength: typed.count), distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        if let best { return best.word }
        guard word.count >= 3 else { return nil }
        return known.first { $0.hasPrefix(word.prefix(3)) }
    }
}
