import SplitCore
import SplitJSON

extension WireDecoding {
    /// `{groupId, members: [{localId, id}], expenses: [{localId, id, splits: [{memberLocalId, id}]}]}`.
    static func fromLocalAnswer(_ value: JSONValue) throws(WireError) -> FromLocalAnswer {
        let object = try WireObject(value, "from-local answer")
        var members: [MemberID: MemberID] = [:]
        for pair in try object.objects("members") {
            members[MemberID(try pair.string("localId"))] = MemberID(try pair.string("id"))
        }
        var expenses: [ExpenseID: ExpenseID] = [:]
        var splits: [ExpenseID: [MemberID: String]] = [:]
        for item in try object.objects("expenses") {
            let local = ExpenseID(try item.string("localId"))
            expenses[local] = ExpenseID(try item.string("id"))
            var shares: [MemberID: String] = [:]
            for split in try item.objects("splits") {
                shares[MemberID(try split.string("memberLocalId"))] = try split.string("id").lowercased()
            }
            splits[local] = shares
        }
        return FromLocalAnswer(group: TripID(try object.string("groupId")), members: members, expenses: expenses,
                               splits: splits)
    }
}
