/// Which synced item an operation, a server revision or a conflict is about.
///
/// Its ``text`` form (`expense:<id>`, `member:<id>`, `payment:<id>`, `rate:USD`, `group`) is
/// the key the local store files outbox entries, server revisions and conflicts under, so an
/// item's pending operations are found with one index probe.
public enum SyncItemKey: Hashable, Sendable, CustomStringConvertible {
    case group
    case member(MemberID)
    case expense(ExpenseID)
    case payment(PaymentID)
    case rate(String)
    /// A recurring rule (split-server with `recurring`).
    case recurring(RecurringRuleID)
    /// The trip's own categories, as one list (split-server with `categories`).
    case categories
    /// The currency exchanges of one settle step, by the step's id (``ExchangeStep``).
    case exchanges(ExchangeID)

    public var text: String {
        switch self {
        case .group: return "group"
        case .member(let id): return "member:" + id.rawValue
        case .expense(let id): return "expense:" + id.rawValue
        case .payment(let id): return "payment:" + id.rawValue
        case .rate(let code): return "rate:" + code
        case .recurring(let id): return "recurring:" + id.rawValue
        case .categories: return "categories"
        case .exchanges(let step): return "exchanges:" + step.rawValue
        }
    }

    /// The item's own id: a member, expense or payment id, a rate's currency code; empty for
    /// the group.
    public var itemID: String {
        switch self {
        case .group: return ""
        case .member(let id): return id.rawValue
        case .expense(let id): return id.rawValue
        case .payment(let id): return id.rawValue
        case .rate(let code): return code
        case .recurring(let id): return id.rawValue
        case .categories: return ""
        case .exchanges(let step): return step.rawValue
        }
    }

    public init?(text: String) {
        if text == "group" { self = .group; return }
        if text == "categories" { self = .categories; return }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let id = String(text[text.index(after: colon)...])
        guard !id.isEmpty else { return nil }
        switch text[..<colon] {
        case "member": self = .member(MemberID(id))
        case "expense": self = .expense(ExpenseID(id))
        case "payment": self = .payment(PaymentID(id))
        case "rate": self = .rate(id)
        case "recurring": self = .recurring(RecurringRuleID(id))
        case "exchanges": self = .exchanges(ExchangeID(id))
        default: return nil
        }
    }

    public var description: String { text }

    /// What a person calls this kind of item, for messages.
    public var kindName: String {
        switch self {
        case .group: return "trip"
        case .member: return "member"
        case .expense: return "expense"
        case .payment: return "payment"
        case .rate: return "rate"
        case .recurring: return "recurring expense"
        case .categories: return "category list"
        case .exchanges: return "settle step"
        }
    }
}
