import SplitCore

/// How dates leave the server.
enum WireDate {
    /// `expenseDate` as the Node server sends it when running in UTC: the date's midnight,
    /// `2025-01-20T00:00:00.000Z`. Every client of the Node server reads this form.
    static func midnightTimestamp(_ date: CivilDate) -> String {
        date.description + "T00:00:00.000Z"
    }
}
