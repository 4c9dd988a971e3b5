import SplitCore

/// The dates of the command line, read against today (the injected ``Clock``'s): the one place
/// every date flag (`--date`, `--since`, `--until`) and batch line goes through. The forms and
/// their refusals are SplitCore's ``DateReader``; this only says which rule a date must also pass.
///
/// A date to record (``recorded(_:)``) must also pass SplitCore's ``DateRule``; a filter
/// (``filter(_:)``) may name any day, as `--until 2099-12-31` means "no end".
struct DateInput {
    let today: CivilDate

    /// The options whose value is a date: `-5` after one of them is 5 days ago, not a negative amount.
    static let options: Set<String> = ["--date", "--since", "--until", "--from"]

    /// The forms, for help texts and messages.
    static let forms = DateReader.forms

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

    /// Any accepted form, or a one-line refusal that suggests one.
    func read(_ text: String) throws -> CivilDate {
        try DateReader(today: today).read(text)
    }
}
