/// One change ``ForeignReading`` made to read another client's item, kept so that a person
/// can see it (`split conflicts`, `split status`): nothing is changed silently.
public enum ForeignRepair: Hashable, Sendable {
    /// The amount had more decimals than its currency; it was rounded half to even.
    case amountRounded(written: String, to: Int64)
    /// Shares had more decimals than their currency (JPY 333.33); each was rounded half to even.
    case sharesRounded(count: Int)
    /// The shares missed the amount once rounded (float shares such as 333.33 × 3); each
    /// member's change, by largest remainder.
    case sharesRepaired(sum: Int64, changes: [Change])
    /// The shares summed to less than the amount (or there were none): the rest is the
    /// payer's own share.
    case restToPayer(sum: Int64, rest: Int64)
    /// The payers' parts missed the amount once rounded; each payer's change, by largest
    /// remainder.
    case payersRepaired(sum: Int64, changes: [Change])
    /// The payers' parts summed to less than the amount: the rest was paid by the expense's
    /// single payer field (`paidByMemberId`).
    case restPaidBy(sum: Int64, rest: Int64)
    /// A category split does not know; read as Other.
    case categoryUnknown(String)
    /// The split as given (``Expense/splitGiven``; its mode: `items`, `shares`…) does not give
    /// the shares: the shares count, and it is kept, shown as not matching.
    case splitGivenNotMatching(mode: String)
    /// The split as given did not read (why); it was left out, and the shares count.
    case splitGivenUnreadable(String)

    public struct Change: Hashable, Sendable {
        public let memberID: MemberID
        public let delta: Int64

        public init(memberID: MemberID, delta: Int64) {
            self.memberID = memberID
            self.delta = delta
        }
    }

    /// One line, with members named by `name`: `shares summed to JPY 999, not JPY 1000; repaired: +1 to 'Alex'`.
    public func message(amount: Money, name: (MemberID) -> String) -> String {
        let currency = amount.currency
        func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).description }
        switch self {
        case .amountRounded(let written, let minor):
            let allowed = currency.exponent == 0 ? "no decimals" : "\(currency.exponent) decimals"
            return "amount \(written) has more decimals than \(currency.code) allows (\(allowed)); read as \(money(minor))"
        case .sharesRounded(let count):
            let allowed = currency.exponent == 0 ? "no decimals" : "\(currency.exponent) decimals"
            return "\(count) share\(count == 1 ? "" : "s") had more decimals than \(currency.code) allows (\(allowed)); "
                + "rounded half to even"
        case .sharesRepaired(let sum, let changes):
            return "shares summed to \(money(sum)), not \(amount); repaired by largest remainder: "
                + Self.list(changes, currency, name)
        case .restToPayer(let sum, let rest):
            return sum == 0
                ? "no shares; the payer's own share is the whole \(amount)"
                : "shares summed to \(money(sum)), not \(amount); the rest, \(money(rest)), is the payer's own share"
        case .payersRepaired(let sum, let changes):
            return "payers paid \(money(sum)), not \(amount); repaired by largest remainder: "
                + Self.list(changes, currency, name)
        case .restPaidBy(let sum, let rest):
            return "payers paid \(money(sum)), not \(amount); the rest, \(money(rest)), was paid by the expense's payer"
        case .categoryUnknown(let written):
            return "category '\(written)' is not one of \(Category.acceptedList); read as Other"
        case .splitGivenNotMatching(let mode):
            let what = mode == "items" ? "its items, tax and tip do" : "its split as given (\(mode)) does"
            return "\(what) not give these shares; the shares count, and the \(mode == "items" ? "items are" : "split is") "
                + "kept and shown as not matching"
        case .splitGivenUnreadable(let reason):
            return "its split as given does not read (\(reason)); left out, the shares count"
        }
    }

    /// Each member's change from `amounts` to `repaired` (same order), leaving out the unchanged.
    static func changes(_ amounts: [(MemberID, Int64)], to repaired: [Int64]) -> [Change] {
        zip(amounts, repaired).compactMap { entry, new in
            new == entry.1 ? nil : Change(memberID: entry.0, delta: new - entry.1)
        }
    }

    /// `+1 to 'Alex', -1 to 'Bea'`.
    private static func list(_ changes: [Change], _ currency: Currency, _ name: (MemberID) -> String) -> String {
        changes.map { change in
            let size = DecimalText.major(abs(change.delta), exponent: currency.exponent, padded: true)
            return "\(change.delta > 0 ? "+" : "-")\(size) to '\(name(change.memberID))'"
        }.joined(separator: ", ")
    }
}
