import SplitCore
import SplitJSON

/// Reads the iOS app's data from before it used SQLite: one JSON object holding its
/// UserDefaults keys (`BudgetSplitter_members`, `BudgetSplitter_expenses`, and the settlement
/// payments and paid marks).
///
/// A key's value may also be a string holding the JSON, as a UserDefaults dump writes it.
/// An expense's `splits` maps member ids to amounts; when it is empty the amount is shared
/// equally by `splitMemberIds`, as the app did.
struct LegacyJSONReader {
    let bytes: [UInt8]

    static let membersKey = "BudgetSplitter_members"
    static let expensesKey = "BudgetSplitter_expenses"

    func read() throws(ImportError) -> AppData {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw ImportError("", "not valid JSON: \(error.description)") }
        guard document.objectValue != nil else { throw ImportError("", "the file must hold a JSON object of the app's keys") }
        var data = AppData()
        if let members = try list(document, Self.membersKey) {
            for (index, item) in members.enumerated() {
                let location = "\(Self.membersKey)[\(index)]"
                let fields = AppJSONFields(item, at: location)
                data.members.append(AppData.Member(id: try fields.string("id"), name: try fields.string("name"), location: location))
            }
        }
        if let expenses = try list(document, Self.expensesKey) {
            for (index, item) in expenses.enumerated() {
                data.expenses.append(try expense(item, at: "\(Self.expensesKey)[\(index)]"))
            }
        }
        if let payments = try value(document, AppSettlementJSON.paymentsKey) {
            data.payments = try AppSettlementJSON.payments(payments, at: AppSettlementJSON.paymentsKey)
        }
        if let marks = try value(document, AppSettlementJSON.marksKey) {
            data.paidMarks = try AppSettlementJSON.paidMarks(marks, at: AppSettlementJSON.marksKey)
        }
        if data.members.isEmpty && data.expenses.isEmpty {
            throw ImportError("", "the file has no \(Self.membersKey) or \(Self.expensesKey)")
        }
        return data
    }

    private func expense(_ item: JSONValue, at location: String) throws(ImportError) -> AppData.Expense {
        let fields = AppJSONFields(item, at: location)
        let amount = try fields.number("amount")
        let members = try fields.optionalStrings("splitMemberIds") ?? []
        var splits: [AppData.Split] = []
        if let map = item["splits"], !map.isNull {
            guard let entries = map.objectValue else { throw ImportError("\(location).splits", "must be an object of member id → amount, got \(map.typeName)") }
            var amounts: [String: Double] = [:]
            for entry in entries {
                amounts[entry.key] = try AppJSONFields.double(entry.value, at: "\(location).splits.\(entry.key)")
            }
            for id in members { splits.append(AppData.Split(member: id, amount: amounts.removeValue(forKey: id) ?? 0)) }
            for entry in entries where amounts[entry.key] != nil { splits.append(AppData.Split(member: entry.key, amount: amounts[entry.key]!)) }
        }
        if splits.allSatisfy({ $0.amount == 0 }) && !members.isEmpty {
            // No amounts recorded: an equal split, repaired to the exact amount later.
            splits = members.map { AppData.Split(member: $0, amount: amount / Double(members.count)) }
        }
        return AppData.Expense(
            id: try fields.string("id"), description: try fields.optionalString("description") ?? "", amount: amount,
            currency: try fields.string("currency"), category: try fields.optionalString("category"),
            paidBy: try fields.string("paidByMemberId"),
            date: try ImportValues.date(try fields.string("date"), at: "\(location).date"),
            createdAt: ImportValues.timestamp(try fields.optionalString("createdAt")),
            payerEarned: try fields.optionalNumber("payerEarned"), eventID: try fields.optionalString("eventId"),
            splits: splits, location: location)
    }

    /// A top-level key's value, unwrapping JSON stored as a string.
    private func value(_ document: JSONValue, _ key: String) throws(ImportError) -> JSONValue? {
        guard let field = document[key], !field.isNull else { return nil }
        if let text = field.stringValue {
            do { return try JSONParser.parse(text) } catch { throw ImportError(key, "holds a string that is not valid JSON: \(error.description)") }
        }
        return field
    }

    private func list(_ document: JSONValue, _ key: String) throws(ImportError) -> [JSONValue]? {
        guard let field = try value(document, key) else { return nil }
        guard let items = field.arrayValue else { throw ImportError(key, "must be an array, got \(field.typeName)") }
        return items
    }
}
