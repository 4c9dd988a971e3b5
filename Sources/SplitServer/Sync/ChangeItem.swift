import SplitAPI

/// One item of the change feed: what a client receives for a member, expense, payment, rate
/// or the group's own fields. Used for feed answers, 412 bodies and sync conflicts alike, so
/// the three always show an item the same way.
enum ChangeItem: Sendable {
    case member(Components.Schemas.MemberChange)
    case expense(Components.Schemas.ExpenseChange)
    case payment(Components.Schemas.PaymentChange)
    case rate(Components.Schemas.RateChange)
    case group(Components.Schemas.GroupChange)
    case recurring(Components.Schemas.RecurringRuleChange)
    case categories(Components.Schemas.CategoryList)
    case exchanges(Components.Schemas.ExchangeStepChange)

    var kindAndRevision: (String, Int64) {
        switch self {
        case .member(let item): ("member", item.revision)
        case .expense(let item): ("expense", item.revision)
        case .payment(let item): ("payment", item.revision)
        case .rate(let item): ("rate", item.revision)
        case .group(let item): ("group", item.revision)
        case .recurring(let item): ("recurring rule", item.revision)
        case .categories(let item): ("category list", item.revision)
        case .exchanges(let item): ("exchanges", item.revision)
        }
    }

    var isDeleted: Bool {
        switch self {
        case .member(let item): item.deleted
        case .expense(let item): item.deleted
        case .payment(let item): item.deleted
        case .rate(let item): item.deleted
        case .group: false
        case .recurring(let item): item.deleted
        case .categories: false
        case .exchanges(let item): item.deleted
        }
    }

    /// The item under the key of its kind, as sync results carry it.
    var syncCurrent: Components.Schemas.SyncCurrent {
        switch self {
        case .member(let item): .init(member: item)
        case .expense(let item): .init(expense: item)
        case .payment(let item): .init(payment: item)
        case .rate(let item): .init(rate: item)
        case .group(let item): .init(group: item)
        case .recurring(let item): .init(recurring: item)
        case .categories(let item): .init(categories: item)
        case .exchanges(let item): .init(exchanges: item)
        }
    }
}
