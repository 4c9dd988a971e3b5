/// One change to a linked trip, as the outbox keeps it and a sync sends it.
///
/// Operations carry whole values (the expense as it now is, not a diff): the server then
/// checks them with its own rules, and a resent operation means the same thing again.
/// The cases are the server's sync op types one for one.
public enum SyncOperation: Hashable, Sendable {
    case createMember(Member)
    case renameMember(Member)
    case removeMember(MemberID)
    case createExpense(Expense)
    case updateExpense(Expense)
    case deleteExpense(ExpenseID)
    case setPaid(expense: ExpenseID, member: MemberID, paid: Bool)
    case createPayment(Payment)
    case deletePayment(PaymentID)
    /// A nil rate removes it.
    case setRate(currency: Currency, rate: ExchangeRate?)
    case renameGroup(name: String)
    /// Adds or changes a recurring rule (as ``RecurringRule/shared``); split-server only.
    case putRecurring(RecurringRule)
    case deleteRecurring(RecurringRuleID)
    /// Replaces the trip's categories (split-server with `categories`).
    case setCategories([Category])
    /// A settle step's currency exchanges (server feature `conversions`).
    case recordExchanges(ExchangeStep)
    /// Removes a settle step's exchanges (undo).
    case removeExchanges(ExchangeID)
    /// The day a member moved out, or nil when they returned (server feature `departures`;
    /// elsewhere it stays on the device).
    case setDeparture(member: MemberID, leftOn: CivilDate?)

    /// The item the operation changes.
    public var item: SyncItemKey {
        switch self {
        case .createMember(let member), .renameMember(let member): return .member(member.id)
        case .removeMember(let id): return .member(id)
        case .createExpense(let expense), .updateExpense(let expense): return .expense(expense.id)
        case .deleteExpense(let id): return .expense(id)
        case .setPaid(let expense, _, _): return .expense(expense)
        case .createPayment(let payment): return .payment(payment.id)
        case .deletePayment(let id): return .payment(id)
        case .setRate(let currency, _): return .rate(currency.code)
        case .renameGroup: return .group
        case .putRecurring(let rule): return .recurring(rule.id)
        case .deleteRecurring(let id): return .recurring(id)
        case .setCategories: return .categories
        case .recordExchanges(let step): return .exchanges(step.id)
        case .removeExchanges(let step): return .exchanges(step)
        case .setDeparture(let member, _): return .member(member)
        }
    }

    /// The server's name for the operation.
    public var typeName: String {
        switch self {
        case .createMember: return "createMember"
        case .renameMember: return "renameMember"
        case .removeMember: return "removeMember"
        case .createExpense: return "createExpense"
        case .updateExpense: return "updateExpense"
        case .deleteExpense: return "deleteExpense"
        case .setPaid: return "setPaid"
        case .createPayment: return "createPayment"
        case .deletePayment: return "deletePayment"
        case .setRate: return "setRate"
        case .renameGroup: return "renameGroup"
        case .putRecurring: return "putRecurringRule"
        case .deleteRecurring: return "deleteRecurringRule"
        case .setCategories: return "setCategories"
        case .recordExchanges: return "recordExchanges"
        case .removeExchanges: return "removeExchanges"
        case .setDeparture: return "setDeparture"
        }
    }

    /// Whether the operation removes its item: a refusal because the item is already gone
    /// reaches the wanted state and is no conflict.
    public var isRemoval: Bool {
        switch self {
        case .removeMember, .deleteExpense, .deletePayment, .deleteRecurring, .removeExchanges: return true
        case .setRate(_, let rate): return rate == nil
        default: return false
        }
    }

    /// Whether the operation brings a new item: new items never conflict.
    public var isCreation: Bool {
        switch self {
        case .createMember, .createExpense, .createPayment, .recordExchanges: return true
        default: return false
        }
    }
}
