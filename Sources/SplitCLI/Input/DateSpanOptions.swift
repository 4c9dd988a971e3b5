import ArgumentParser
import SplitCore

/// `--month`, `--since` and `--until`, as `expenses` and `report` take them: one definition,
/// read into SplitCore's ``SplitCore/DateSpan`` by one rule.
struct DateSpanOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this calendar month (YYYY-MM); not with --since or --until.", valueName: "month"))
    var month: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Only on or after this date: \(DateInput.forms).", valueName: "date"))
    var since: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Only on or before this date (same forms).", valueName: "date"))
    var until: String?

    /// The days given, read against `today` (for `friday`, `-7`, …).
    func span(today: CivilDate) throws -> DateSpan {
        let dates = DateInput(today: today)
        return try DateSpan.given(month: month, since: try dates.filter(since), until: try dates.filter(until))
    }
}
