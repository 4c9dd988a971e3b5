/// `#/components/schemas/Changes`, written by hand so that `group` is always sent, as `null`
/// when the group's fields did not change after `since`; the generated type would leave the
/// key out (see ``NodeUser`` for why the generator does that).
public struct SyncChanges: Codable, Hashable, Sendable {
    public var revision: Int64
    public var more: Bool
    public var group: Components.Schemas.GroupChange?
    public var members: [Components.Schemas.MemberChange]
    public var expenses: [Components.Schemas.ExpenseChange]
    public var payments: [Components.Schemas.PaymentChange]
    public var rates: [Components.Schemas.RateChange]
    /// Recurring rules (feature `recurring`); nil from a server without it.
    public var recurring: [Components.Schemas.RecurringRuleChange]?
    /// The group's categories, when they changed (feature `categories`).
    public var categories: Components.Schemas.CategoryList?
    /// Settle steps (feature `conversions`); nil from a server without it, which sends no key.
    public var exchanges: [Components.Schemas.ExchangeStepChange]?

    public init(revision: Int64, more: Bool, group: Components.Schemas.GroupChange? = nil,
                members: [Components.Schemas.MemberChange], expenses: [Components.Schemas.ExpenseChange],
                payments: [Components.Schemas.PaymentChange], rates: [Components.Schemas.RateChange],
                recurring: [Components.Schemas.RecurringRuleChange]? = nil, categories: Components.Schemas.CategoryList? = nil,
                exchanges: [Components.Schemas.ExchangeStepChange]? = nil) {
        self.revision = revision
        self.more = more
        self.group = group
        self.members = members
        self.expenses = expenses
        self.payments = payments
        self.rates = rates
        self.recurring = recurring
        self.categories = categories
        self.exchanges = exchanges
    }

    public enum CodingKeys: String, CodingKey {
        case revision, more, group, members, expenses, payments, rates, recurring, categories, exchanges
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revision = try container.decode(Int64.self, forKey: .revision)
        more = try container.decode(Bool.self, forKey: .more)
        group = try container.decodeIfPresent(Components.Schemas.GroupChange.self, forKey: .group)
        members = try container.decode([Components.Schemas.MemberChange].self, forKey: .members)
        expenses = try container.decode([Components.Schemas.ExpenseChange].self, forKey: .expenses)
        payments = try container.decode([Components.Schemas.PaymentChange].self, forKey: .payments)
        rates = try container.decode([Components.Schemas.RateChange].self, forKey: .rates)
        recurring = try container.decodeIfPresent([Components.Schemas.RecurringRuleChange].self, forKey: .recurring)
        categories = try container.decodeIfPresent(Components.Schemas.CategoryList.self, forKey: .categories)
        exchanges = try container.decodeIfPresent([Components.Schemas.ExchangeStepChange].self, forKey: .exchanges)
    }

    /// `group` goes through `encode`, not `encodeIfPresent`: nil becomes an explicit `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(more, forKey: .more)
        try container.encode(group, forKey: .group)
        try container.encode(members, forKey: .members)
        try container.encode(expenses, forKey: .expenses)
        try container.encode(payments, forKey: .payments)
        try container.encode(rates, forKey: .rates)
        try container.encodeIfPresent(recurring, forKey: .recurring)
        try container.encodeIfPresent(categories, forKey: .categories)
        try container.encodeIfPresent(exchanges, forKey: .exchanges)
    }
}
