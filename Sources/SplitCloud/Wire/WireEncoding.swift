import SplitCore
import SplitJSON

/// Domain values → request bodies, in the key spelling both servers read (camelCase for
/// members, expenses and payments). Amounts are exact JSON numbers, dates `YYYY-MM-DD`.
enum WireEncoding {
    /// `POST /api/expenses` (with `groupId`) and `PUT /api/expenses/:id` (without). `isPaid` is
    /// sent only when asked: the Node server ignores it on create, split-server honours it.
    static func expense(_ expense: Expense, group: TripID?, includePaid: Bool) -> JSONValue {
        var members: [JSONMember] = []
        if let group { members.append(JSONMember("groupId", .string(group.rawValue))) }
        members += fields(of: expense, payerKey: "paidByMemberId", memberKey: "memberId", includePaid: includePaid)
        return .object(members)
    }

    /// An expense's fields from `description` to `splits`, with the payer and the split members
    /// under the given keys (`paidByMemberId`/`memberId` for server ids, `paidByLocalId`/
    /// `memberLocalId` in a from-local upload).
    static func fields(of expense: Expense, payerKey: String, memberKey: String, includePaid: Bool) -> [JSONMember] {
        let currency = expense.amount.currency
        return [
            JSONMember("description", .string(expense.description)),
            JSONMember("amount", WireMoney.json(expense.amount.minorUnits, currency)),
            JSONMember("currency", .string(currency.code)),
            JSONMember("category", .string(expense.category.rawValue)),
            JSONMember(payerKey, .string(expense.paidBy.rawValue)),
            JSONMember("expenseDate", .string(WireDate.text(expense.date))),
            JSONMember("splits", .array(expense.splits.map { split in
                var fields = [
                    JSONMember(memberKey, .string(split.memberID.rawValue)),
                    JSONMember("amount", WireMoney.json(split.amount, currency)),
                ]
                if includePaid { fields.append(JSONMember("isPaid", .bool(split.isPaid))) }
                return .object(fields)
            })),
        ]
    }

    static func payment(_ payment: Payment) -> JSONValue {
        let currency = payment.amount.currency
        var members = [
            JSONMember("fromMemberId", .string(payment.from.rawValue)),
            JSONMember("toMemberId", .string(payment.to.rawValue)),
            JSONMember("amount", WireMoney.json(payment.amount.minorUnits, currency)),
            JSONMember("currency", .string(currency.code)),
            JSONMember("paymentDate", .string(WireDate.text(payment.date))),
        ]
        if let note = payment.note { members.append(JSONMember("note", .string(note))) }
        return .object(members)
    }
}
