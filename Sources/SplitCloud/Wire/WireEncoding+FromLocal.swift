import SplitCore

extension WireEncoding {
    /// The from-local body: `{name, description?, members: [{localId, name}], expenses:
    /// [{localId, ..., paidByLocalId, splits: [{memberLocalId, amount, isPaid}]}]}`.
    static func fromLocal(_ trip: FromLocalTrip) -> JSONValue {
        var fields = [JSONMember("name", .string(trip.name))]
        if let description = trip.description { fields.append(JSONMember("description", .string(description))) }
        fields.append(JSONMember("members", .array(trip.members.map { member in
            .object([JSONMember("localId", .string(member.id.rawValue)), JSONMember("name", .string(member.name))])
        })))
        fields.append(JSONMember("expenses", .array(trip.expenses.map(fromLocalExpense))))
        return .object(fields)
    }

    private static func fromLocalExpense(_ expense: Expense) -> JSONValue {
        let currency = expense.amount.currency
        return .object([
            JSONMember("localId", .string(expense.id.rawValue)),
            JSONMember("description", .string(expense.description)),
            JSONMember("amount", WireMoney.json(expense.amount.minorUnits, currency)),
            JSONMember("currency", .string(currency.code)),
            JSONMember("category", .string(expense.category.rawValue)),
            JSONMember("paidByLocalId", .string(expense.paidBy.rawValue)),
            JSONMember("expenseDate", .string(WireDate.text(expense.date))),
            JSONMember("splits", .array(expense.splits.map { split in
                .object([
                    JSONMember("memberLocalId", .string(split.memberID.rawValue)),
                    JSONMember("amount", WireMoney.json(split.amount, currency)),
                    JSONMember("isPaid", .bool(split.isPaid)),
                ])
            })),
        ])
    }
}
