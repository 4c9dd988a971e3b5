/// The state of one synced item: what a server change, a merge base or a conflict side holds.
public enum SyncValue: Hashable, Sendable {
    /// The trip's own fields. The currency is nil for a group made on the Node server.
    case group(name: String, currency: Currency?)
    case member(Member)
    case expense(Expense)
    case payment(Payment)
    case rate(currency: Currency, rate: ExchangeRate)
    /// A recurring rule as every device shares it (``RecurringRule/shared``).
    case recurring(RecurringRule)
    /// The trip's categories in listing order.
    case categories([Category])
    /// One settle step's currency exchanges: immutable, recorded and removed whole.
    case exchanges(ExchangeStep)

    public var key: SyncItemKey {
        switch self {
        case .group: return .group
        case .member(let member): return .member(member.id)
        case .expense(let expense): return .expense(expense.id)
        case .payment(let payment): return .payment(payment.id)
        case .rate(let currency, _): return .rate(currency.code)
        case .recurring(let rule): return .recurring(rule.id)
        case .categories: return .categories
        case .exchanges(let step): return .exchanges(step.id)
        }
    }
}
