import SplitCore

/// Reads the dates people type, relative to today (the injected ``Clock``'s): the one place
/// every date flag (`--date`, `--since`, `--until`) and batch line goes through.
///
/// Accepted forms:
/// - `YYYY-MM-DD`: that day;
/// - `MM-DD`: that day this year, or last year when it is still ahead (on 2025-01-05, `12-31`
///   is 2024-12-31), as people mean a day they remember;
/// - `today`, `yesterday` (any case);
/// - `-N`: N days ago (`-0` is today), at most 5 digits.
///
/// A date to record (``recorded(_:)``) must also pass SplitCore's ``DateRule``; a filter
/// (``filter(_:)``) may name any day, as `--until 2099-12-31` means "no end".
struct DateInput {
    let today: CivilDate

    /// The options whose value is a date: `-5` after one of them is 5 days ago, not a negative amount.
    static let options: Set<String> = ["--date", "--since", "--until"]

    /// The forms, for help texts and messages.
    static let forms = "YYYY-MM-DD, MM-DD, today, yesterday or -N (N days ago)"

    /// The date of an expense or payment; nil stays nil.
    func recorded(_ text: String?) throws -> CivilDate? {
        guard let text else { return nil }
        let date = try read(text)
        try DateRule.check(date, today: today)
        return date
    }

    /// A date to filter by; nil stays nil.
    func filter(_ text: String?) throws -> CivilDate? {
        try text.map(read)
    }

    /// Any accepted form, or a one-line refusal that lists the forms.
    func read(_ text: String) throws -> CivilDate {
        let trimmed = text.trimmingSpaces
        switch trimmed.lowercased() {
        case "today": return today
        case "yesterday": return days(before: 1)
        default: break
        }
        if let date = CivilDate(parsing: trimmed) { return date }
        if trimmed.hasPrefix("-"), let count = Self.digits(trimmed.dropFirst(), upTo: 5) {
            return days(before: count)
        }
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
           let month = Self.digits(parts[0], upTo: 2), let day = Self.digits(parts[1], upTo: 2) {
            let year = (month, day) <= (today.month, today.day) ? today.year : today.year - 1
            guard let date = CivilDate(year: year, month: month, day: day) else {
                throw CLIError.data("date '\(text)' is not a day of \(year) (MM-DD means this year, or last year when still ahead)")
            }
            return date
        }
        throw CLIError.data("date '\(text)' is not a valid date; use \(Self.forms)")
    }

    private func days(before count: Int) -> CivilDate {
        CivilDate.fromDaysSinceEpoch(today.daysSinceEpoch - Int64(count))
    }

    /// The value of 1 to `limit` ASCII digits, else nil.
    private static func digits(_ text: Substring, upTo limit: Int) -> Int? {
        guard (1...limit).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}
