import SplitCore
import SplitJSON

/// JSON shapes of the domain values, shared by every command so `--json` output is uniform.
/// Amounts are JSON numbers in major units, written from exact decimal text.
enum JSONRendering {
    static func amount(_ minor: Int64, _ currency: Currency) -> JSONValue {
        .number(DecimalText.major(minor, exponent: currency.exponent))
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

    static func expense(_ expense: Expense, _ names: MemberDirectory) -> JSONValue {
        let currency = expense.amount.currency
        return .object([
            "id": .string(expense.id.rawValue),
            "description": .string(expense.description),
            "amount": amount(expense.amount.minorUnits, currency),
            "currency": .string(currency.code),
            "category": .string(expense.category.rawValue),
            // One payer's fields stay for scripts written before several payers; with several
            // they are null and `payers` says who paid what.
            "paidByMemberId": string(expense.soloPayer?.rawValue),
            "paidByName": string(expense.soloPayer.map(names.name(of:))),
            "payers": .array(byName(expense.payers, names).map { payer in
                .object([
                    "memberId": .string(payer.memberID.rawValue),
                    "memberName": .string(names.name(of: payer.memberID)),
                    "amount": amount(payer.amount, currency),
                ])
            }),
            "expenseDate": .string(expense.date.description),
            "createdAt": string(expense.createdAt?.iso8601),
            "note": string(expense.note),
            "splits": .array(byName(expense.splits, names).map { split in
                .object([
                    "memberId": .string(split.memberID.rawValue),
                    "memberName": .string(names.name(of: split.memberID)),
                    "amount": amount(split.amount, currency),
                    "isPaid": .bool(split.isPaid),
                ])
            }),
        ])
    }

    /// Splits in member-name order (case-insensitive, then id), the order every listing uses.
    static func byName(_ splits: [ExpenseSplit], _ names: MemberDirectory) -> [ExpenseSplit] {
        splits.sorted { names.inNameOrder($0.memberID, $1.memberID) }
    }

    /// Payers in member-name order, like splits.
    static func byName(_ payers: [ExpensePayer], _ names: MemberDirectory) -> [ExpensePayer] {
        // Nearly every expense has one payer: nothing to sort (a listing renders 100,000).
        payers.count < 2 ? payers : payers.sorted { names.inNameOrder($0.memberID, $1.memberID) }
    }

    static func balance(_ balance: MemberBalance, _ currency: Currency, _ names: MemberDirectory) -> JSONValue {
        .object([
            "memberId": .string(balance.memberID.rawValue),
            "memberName": .string(names.name(of: balance.memberID)),
            "totalPaid": amount(balance.totalPaid, currency),
            "totalShare": amount(balance.totalShare, currency),
            "paymentsMade": amount(balance.paymentsMade, currency),
            "paymentsReceived": amount(balance.paymentsReceived, currency),
            "netBalance": amount(balance.net, currency),
        ])
    }

    static func transfer(_ transfer: Transfer, _ currency: Currency, _ names: MemberDirectory) -> JSONValue {
        .object([
            "fromId": .string(transfer.from.rawValue),
            "fromName": .string(names.name(of: transfer.from)),
            "toId": .string(transfer.to.rawValue),
            "toName": .string(names.name(of: transfer.to)),
            "amount": amount(transfer.amount, currency),
        ])
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
}
