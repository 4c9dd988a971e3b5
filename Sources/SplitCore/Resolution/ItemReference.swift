/// How a command names one expense or payment: its id, a unique id prefix of at least
/// ``minimumPrefix`` characters, or, for an expense, its whole description.
///
/// The store finds the candidates; the rules for what matches and how a candidate is listed
/// live here, so `expense`, `payment` and `mark-paid` answer alike.
public enum ItemReference {
    /// The fewest characters of an id prefix: 4, as git asks. Ids are random, so four hex
    /// characters pick out one of thousands; an ambiguous one lists the candidates.
    public static let minimumPrefix = 4

    /// How many candidates an ambiguous reference lists before counting the rest.
    public static let listed = 5

    /// The lowercased, trimmed form of `reference` that ids are matched with, or nil when it
    /// is too short to be an id prefix.
    public static func idPrefix(_ reference: String) -> String? {
        let key = reference.trimmingSpaces.lowercased()
        return key.count >= minimumPrefix ? key : nil
    }

    /// How a description answers a folded reference: named whole, ignoring case, accents and
    /// the spaces around it (`cafe` names `Café`), or begun (`caf` begins `Café`; an unknown
    /// reference suggests the one description it begins).
    public enum Match: Sendable, Equatable { case whole, start }

    /// Whether `reference` (folded) names `description` whole, begins it, or neither: one fold
    /// of the description for both, as a trip's every description may be read.
    public static func match(_ description: String, folded reference: String) -> Match? {
        guard !reference.isEmpty else { return nil }
        let folded = TextFold.fold(description.trimmingSpaces)
        if folded == reference { return .whole }
        return folded.hasPrefix(reference) ? .start : nil
    }

    /// The folded form of `reference` that ``match(_:folded:)`` compares.
    public static func folded(_ reference: String) -> String { TextFold.fold(reference.trimmingSpaces) }

    /// One expense in an ambiguous reference's list: `3f2a9c1d 2025-01-20 'Café' EUR 12.00`.
    public static func candidate(_ expense: Expense) -> String {
        "\(expense.id.short) \(expense.date) '\(expense.description)' \(expense.amount)"
    }

    /// The candidates as one line, the first ``listed`` of them and a count of the rest.
    public static func list(_ candidates: [String], total: Int) -> [String] {
        let shown = Array(candidates.prefix(listed))
        return total > shown.count ? shown + ["and \(total - shown.count) more"] : shown
    }
}
