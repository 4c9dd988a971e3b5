/// When a new expense repeats one just added: the same description (ignoring case and
/// accents), amount, payers and date, added in the last ``window``. Such an expense is still
/// stored, since two taxis at the same price happen, but the person is told, as a command
/// run twice by mistake is the likelier cause.
public enum RepeatRule {
    /// How far back an earlier expense counts: ten minutes, in milliseconds.
    public static let window: Int64 = 10 * 60 * 1000

    /// The earliest creation time an expense repeated at `now` may have.
    public static func since(_ now: Timestamp) -> Timestamp {
        Timestamp(millisecondsSince1970: now.millisecondsSince1970 - window)
    }

    /// Whether `new` repeats `earlier` (their creation times aside).
    public static func repeats(_ new: Expense, _ earlier: Expense) -> Bool {
        new.amount == earlier.amount && new.date == earlier.date
            && sameDescription(new.description, earlier.description)
            && Set(new.payers) == Set(earlier.payers)
    }

    /// Whether two descriptions count as the same for a repeat: folded case, accents and space.
    /// The store checks it on the candidates' descriptions before it reads a whole expense.
    public static func sameDescription(_ new: String, _ earlier: String) -> Bool {
        TextFold.fold(new) == TextFold.fold(earlier)
    }
}
