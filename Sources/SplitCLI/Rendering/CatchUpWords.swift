import SplitCore

/// The one line on stderr that says a command added recurring expenses before doing its work:
/// each one for a few, else a count and the span of dates (five years of 200 rules is 12,000
/// instances, which no line should list).
enum CatchUpWords {
    static let listed = 5

    static func note(_ added: [Expense]) -> String? {
        guard let first = added.first else { return nil }
        let count = "added \(added.count) recurring expense\(added.count == 1 ? "" : "s") that fell due"
        if added.count <= listed {
            return count + ": " + added.map { "\($0.description) \($0.date)" }.joined(separator: ", ")
        }
        let dates = added.map(\.date)
        let earliest = dates.min() ?? first.date, latest = dates.max() ?? first.date
        return count + ", dated \(earliest) to \(latest) (split expenses lists them)"
    }
}
