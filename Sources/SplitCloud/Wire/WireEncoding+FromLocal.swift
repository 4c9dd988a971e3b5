import SplitCore
import SplitJSON

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
        .object([JSONMember("localId", .string(expense.id.rawValue))]
                + fields(of: expense, payerKey: "paidByLocalId", memberKey: "memberLocalId", includePaid: true))
    }
}
