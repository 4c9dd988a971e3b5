import SplitCore

/// What makes a server item the one a create of this device made: the content a server
/// stores, never ids, creation times or paid states. The key of ``LostCreateMatcher``.
///
/// - a member: its name, compared as ``Member/nameKey`` (case and surrounding spaces apart);
/// - an expense: ``ExpenseFingerprint``: description (trimmed), amount and currency,
///   category, payers and shares with their amounts (in any order), date; not the note;
/// - a payment: ``PaymentFingerprint``: from, to, amount and currency, date, note (trimmed;
///   none is the same as empty).
enum ItemFingerprint: Hashable {
    case member(nameKey: String)
    case expense(ExpenseFingerprint)
    case payment(PaymentFingerprint)

    init(_ member: Member) { self = .member(nameKey: member.nameKey) }

    init(_ expense: Expense) { self = .expense(ExpenseFingerprint(expense)) }

    init(_ payment: Payment) { self = .payment(PaymentFingerprint(payment)) }

    /// A server's version of an item; nil for what no create makes (a rate, the group's name).
    init?(_ value: SyncValue) {
        switch value {
        case .member(let member): self.init(member)
        case .expense(let expense): self.init(expense)
        case .payment(let payment): self.init(payment)
        case .rate, .group, .recurring, .categories, .exchanges: return nil
        }
    }
}
