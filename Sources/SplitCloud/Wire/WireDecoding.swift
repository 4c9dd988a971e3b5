import SplitCore
import SplitJSON

/// Server JSON → domain values. Ids are lower-cased; amounts are exact (``WireMoney``); dates
/// accept both servers' forms (``WireDate``).
enum WireDecoding {
    /// The array under `key` of a listing (`{"groups": [...]}`), each element decoded by `element`.
    static func list<Element>(_ json: JSONValue, _ key: String, _ element: (JSONValue?) throws(WireError) -> Element)
        throws(WireError) -> [Element] {
        guard let values = json[key]?.arrayValue else { throw WireError("the answer has no \(key) array") }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values { result.append(try element(value)) }
        return result
    }

    static func group(_ value: JSONValue?) throws(WireError) -> CloudGroup {
        let object = try WireObject(value, "group")
        return CloudGroup(
            id: TripID(try object.string("id")), name: try object.string("name"),
            description: try object.optionalString("description"), ownerID: try object.optionalString("owner_id"),
            inviteCode: try object.optionalString("invite_code"),
            isActive: try object.field("is_active") == nil ? true : object.bool("is_active"))
    }

    static func member(_ value: JSONValue?) throws(WireError) -> Member {
        let object = try WireObject(value, "member")
        return Member(id: MemberID(try object.string("id")), name: try object.string("name"))
    }

    static func expense(_ value: JSONValue?) throws(WireError) -> CloudExpense {
        let object = try WireObject(value, "expense")
        let codeText = try object.optionalString("currency") ?? "JPY"
        let currency: Currency
        do {
            currency = try Currency(code: codeText)
        } catch {
            throw WireError("expense.currency '\(codeText)' is not an ISO 4217 code")
        }
        let categoryText = try object.string("category")
        guard let category = Category(rawValue: categoryText) ?? Category(name: categoryText) else {
            throw WireError("expense.category '\(categoryText)' is not one of \(Category.acceptedList)")
        }
        let dateText = try object.string("expenseDate")
        guard let date = WireDate.date(dateText) else {
            throw WireError("expense.expenseDate '\(dateText)' is neither YYYY-MM-DD nor an ISO 8601 timestamp")
        }
        var splits: [ExpenseSplit] = []
        var splitIDs: [MemberID: String] = [:]
        for split in try object.objects("splits") {
            let member = MemberID(try split.string("memberId"))
            splits.append(ExpenseSplit(memberID: member, amount: try split.amount("amount", currency, allowingZero: true),
                                       isPaid: try split.field("isPaid") == nil ? false : split.bool("isPaid")))
            if let id = try split.optionalString("id") { splitIDs[member] = id.lowercased() }
        }
        let expense = Expense(
            id: ExpenseID(try object.string("id")), description: try object.optionalString("description") ?? "",
            amount: Money(minorUnits: try object.amount("amount", currency), currency: currency), category: category,
            paidBy: MemberID(try object.string("paidByMemberId")), date: date, splits: splits,
            createdAt: try object.optionalString("createdAt").flatMap { Timestamp(iso8601: $0) })
        return CloudExpense(expense: expense, splitIDs: splitIDs)
    }

    static func payment(_ value: JSONValue?) throws(WireError) -> Payment {
        let object = try WireObject(value, "payment")
        let codeText = try object.string("currency")
        guard let currency = try? Currency(code: codeText) else {
            throw WireError("payment.currency '\(codeText)' is not an ISO 4217 code")
        }
        let dateText = try object.string("paymentDate")
        guard let date = WireDate.date(dateText) else {
            throw WireError("payment.paymentDate '\(dateText)' is not a date")
        }
        return Payment(
            id: PaymentID(try object.string("id")), from: MemberID(try object.string("fromMemberId")),
            to: MemberID(try object.string("toMemberId")),
            amount: Money(minorUnits: try object.amount("amount", currency), currency: currency), date: date,
            note: try object.optionalString("note"))
    }
}
