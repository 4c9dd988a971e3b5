import SplitCore
import SplitJSON
import SplitStore
import SplitReport

/// JSON shapes of the domain values, shared by every command so `--json` output is uniform.
/// Amounts, balances and transfers are ``SplitReport/ReportJSON``'s, shared with `split report`.
enum JSONRendering {
    static func amount(_ minor: Int64, _ currency: Currency) -> JSONValue {
        ReportJSON.amount(minor, currency)
    }

    static func string(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    static func trip(_ trip: Trip) -> JSONValue {
        .object(["id": .string(trip.id.rawValue), "name": .string(trip.name)])
    }

    static func member(_ member: Member) -> JSONValue {
        .object(["id": .string(member.id.rawValue), "name": .string(member.name)])
    }

    /// A member with `leftOn`, the day they moved out (`member leave`), or null.
    static func member(_ member: Member, leftOn: CivilDate?) -> JSONValue {
        .object(["id": .string(member.id.rawValue), "name": .string(member.name),
                 "leftOn": leftOn.map { .string($0.description) } ?? .null])
    }

    /// An expense as JSON: ``ExpenseJSONWriter``'s bytes read back, so the shape is written in
    /// one place. (A listing streams the writer's bytes without this step.)
    static func expense(_ expense: Expense, _ names: MemberDirectory, origin: RecurringOrigin? = nil) -> JSONValue {
        var bytes: [UInt8] = []
        ExpenseJSONWriter(names).write(expense, origin: origin, to: &bytes)
        // The writer only writes valid JSON; a failure here is a bug in it, not bad input.
        guard let value = try? JSONParser.parse(bytes) else { preconditionFailure("ExpenseJSONWriter wrote invalid JSON") }
        return value
    }

    /// Splits in member-name order (case-insensitive, then id), the order every listing uses.
    static func byName(_ splits: [ExpenseSplit], _ names: MemberDirectory) -> [ExpenseSplit] {
        inNameOrder(splits, names) { $0.memberID }
    }

    /// Payers in member-name order, like splits.
    static func byName(_ payers: [ExpensePayer], _ names: MemberDirectory) -> [ExpensePayer] {
        inNameOrder(payers, names) { $0.memberID }
    }

    private static func inNameOrder<Item>(_ items: [Item], _ names: MemberDirectory, _ member: (Item) -> MemberID) -> [Item] {
        guard items.count > 1 else { return items }
        var keyed = items.map { (rank: NameOrder.rank(member($0), names), value: $0) }
        NameOrder.sort(&keyed, id: member)
        return keyed.map(\.value)
    }

    static func balance(_ balance: MemberBalance, _ currency: Currency, _ names: MemberDirectory) -> JSONValue {
        ReportJSON.balance(balance, currency, names)
    }

    static func transfer(_ transfer: Transfer, _ currency: Currency, _ names: MemberDirectory) -> JSONValue {
        ReportJSON.transfer(transfer, currency, names)
    }

    static func payment(_ payment: Payment, _ names: MemberDirectory) -> JSONValue {
        .object([
            "id": .string(payment.id.rawValue),
            "fromId": .string(payment.from.rawValue),
            "fromName": .string(names.name(of: payment.from)),
            "toId": .string(payment.to.rawValue),
            "toName": .string(names.name(of: payment.to)),
            "amount": amount(payment.amount.minorUnits, payment.amount.currency),
            "currency": .string(payment.amount.currency.code),
            "date": .string(payment.date.description),
            "note": string(payment.note),
        ])
    }

    /// A currency exchange: the member's net `from` carried into `to` (signed amounts; see
    /// ``SplitCore/CurrencyExchange``).
    static func exchange(_ exchange: CurrencyExchange, _ names: MemberDirectory) -> JSONValue {
        .object([
            "id": .string(exchange.id.rawValue),
            "step": .string(exchange.step.rawValue),
            "memberId": .string(exchange.member.rawValue),
            "memberName": .string(names.name(of: exchange.member)),
            "fromAmount": amount(exchange.from.minorUnits, exchange.from.currency),
            "fromCurrency": .string(exchange.from.currency.code),
            "toAmount": amount(exchange.to.minorUnits, exchange.to.currency),
            "toCurrency": .string(exchange.to.currency.code),
            "date": .string(exchange.date.description),
        ])
    }
}
