import SplitCore
import SplitJSON

/// The stored form of an ``UndoAction``: a JSON object with a `kind` and its fields, e.g.
/// `{"kind":"setSharePaid","expense":"…","member":"…","paid":false}`.
///
/// Written with SplitCore's exact JSON rather than `Codable`, which keeps the command start-up
/// free of Foundation's encoder machinery.
extension UndoAction {
    var json: JSONValue {
        switch self {
        case .none:
            return .object(["kind": "none"])
        case .removeExpenses(let ids):
            return .object(["kind": "removeExpenses", "ids": .array(ids.map(JSONValue.string))])
        case .restoreExpense(let snapshot, let removing):
            var fields = [JSONMember("kind", "restoreExpense"), JSONMember("expense", snapshot.json)]
            if !removing.isEmpty { fields.append(JSONMember("remove", .array(removing.map(JSONValue.string)))) }
            return .object(fields)
        case .undeleteExpense(let id):
            return .object(["kind": "undeleteExpense", "id": .string(id)])
        case .setSharePaid(let expense, let member, let paid):
            return .object(["kind": "setSharePaid", "expense": .string(expense), "member": .string(member), "paid": .bool(paid)])
        case .removePayments(let ids):
            return .object(["kind": "removePayments", "ids": .array(ids.map(JSONValue.string))])
        case .restorePayment(let snapshot, let removing):
            var fields = [JSONMember("kind", "restorePayment"), JSONMember("payment", snapshot.json)]
            if !removing.isEmpty { fields.append(JSONMember("remove", .array(removing.map(JSONValue.string)))) }
            return .object(fields)
        case .undeletePayment(let id):
            return .object(["kind": "undeletePayment", "id": .string(id)])
        case .removeSettleStep(let exchanges, let payments):
            return .object(["kind": "removeSettleStep", "exchanges": .array(exchanges.map(JSONValue.string)),
                            "payments": .array(payments.map(JSONValue.string))])
        case .removeMembers(let ids):
            return .object(["kind": "removeMembers", "ids": .array(ids.map(JSONValue.string))])
        case .renameMember(let id, let name):
            return .object(["kind": "renameMember", "id": .string(id), "name": .string(name)])
        case .restoreMember(let id):
            return .object(["kind": "restoreMember", "id": .string(id)])
        case .setDeparture(let id, let date):
            return .object(["kind": "setDeparture", "id": .string(id), "date": .string(orNull: date)])
        case .removeCategory(let name):
            return .object(["kind": "removeCategory", "name": .string(name)])
        case .renameCategory(let old, let new):
            return .object(["kind": "renameCategory", "from": .string(old), "to": .string(new)])
        case .addCategory(let name, let position):
            return .object(["kind": "addCategory", "name": .string(name), "position": position.map { .number(String($0)) } ?? .null])
        case .setRate(let currency, let rate):
            return .object(["kind": "setRate", "currency": .string(currency), "rate": .string(orNull: rate)])
        case .renameTrip(let name):
            return .object(["kind": "renameTrip", "name": .string(name)])
        case .removeRule(let id):
            return .object(["kind": "removeRule", "id": .string(id)])
        case .restoreRule(let id):
            return .object(["kind": "restoreRule", "id": .string(id)])
        case .setRuleProgress(let id, let paused, let nextPeriod):
            return .object(["kind": "setRuleProgress", "id": .string(id), "paused": .bool(paused), "nextPeriod": .int(Int64(nextPeriod))])
        case .restoreRuleEdit(let rule, let editedNext, let expenses, let removing):
            return .object(["kind": "restoreRuleEdit", "rule": rule, "editedNext": .int(Int64(editedNext)),
                            "expenses": .array(expenses.map(\.json)), "remove": .array(removing.map(JSONValue.string))])
        }
    }

    /// Reads the stored form back; nil when it is not one this version wrote.
    init?(json: JSONValue) {
        func string(_ key: String) -> String? { json[key]?.stringValue }
        func strings(_ key: String) -> [String]? {
            guard let items = json[key]?.arrayValue else { return nil }
            let values = items.compactMap(\.stringValue)
            return values.count == items.count ? values : nil
        }
        switch string("kind") {
        case "none": self = .none
        case "removeExpenses": guard let ids = strings("ids") else { return nil }; self = .removeExpenses(ids)
        case "restoreExpense":
            guard let value = json["expense"], let snapshot = ExpenseSnapshot(json: value) else { return nil }
            let removing = json["remove"]?.arrayValue?.compactMap(\.stringValue) ?? []
            self = .restoreExpense(snapshot, removing: removing)
        case "undeleteExpense": guard let id = string("id") else { return nil }; self = .undeleteExpense(id)
        case "setSharePaid":
            guard let expense = string("expense"), let member = string("member"), let paid = json["paid"]?.boolValue else {
                return nil
            }
            self = .setSharePaid(expense: expense, member: member, paid: paid)
        // "removePayment" is what versions before payment editing wrote for one payment.
        case "removePayment": guard let id = string("id") else { return nil }; self = .removePayments([id])
        case "removePayments": guard let ids = strings("ids") else { return nil }; self = .removePayments(ids)
        case "restorePayment":
            guard let value = json["payment"], let snapshot = PaymentSnapshot(json: value) else { return nil }
            self = .restorePayment(snapshot, removing: json["remove"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        case "undeletePayment": guard let id = string("id") else { return nil }; self = .undeletePayment(id)
        case "removeSettleStep":
            guard let exchanges = strings("exchanges"), let payments = strings("payments") else { return nil }
            self = .removeSettleStep(exchanges: exchanges, payments: payments)
        case "removeMembers": guard let ids = strings("ids") else { return nil }; self = .removeMembers(ids)
        case "renameMember":
            guard let id = string("id"), let name = string("name") else { return nil }
            self = .renameMember(id: id, name: name)
        case "restoreMember": guard let id = string("id") else { return nil }; self = .restoreMember(id)
        case "removeRule": guard let id = string("id") else { return nil }; self = .removeRule(id)
        case "restoreRule": guard let id = string("id") else { return nil }; self = .restoreRule(id)
        case "setRuleProgress":
            guard let id = string("id"), let paused = json["paused"]?.boolValue,
                  let next = json["nextPeriod"]?.numberText.flatMap({ Int($0) }) else { return nil }
            self = .setRuleProgress(id: id, paused: paused, nextPeriod: next)
        case "restoreRuleEdit":
            guard let rule = json["rule"], let next = json["editedNext"]?.numberText.flatMap({ Int($0) }),
                  let items = json["expenses"]?.arrayValue, let removing = strings("remove") else { return nil }
            let expenses = items.compactMap(ExpenseSnapshot.init(json:))
            guard expenses.count == items.count else { return nil }
            self = .restoreRuleEdit(rule: rule, editedNext: next, expenses: expenses, removing: removing)
        case "setDeparture":
            guard let id = string("id") else { return nil }
            self = .setDeparture(id: id, date: string("date"))
        case "removeCategory": guard let name = string("name") else { return nil }; self = .removeCategory(name)
        case "renameCategory":
            guard let old = string("from"), let new = string("to") else { return nil }
            self = .renameCategory(from: old, to: new)
        case "addCategory":
            guard let name = string("name") else { return nil }
            self = .addCategory(name, position: json["position"]?.numberText.flatMap { Int($0) })
        case "setRate":
            guard let currency = string("currency") else { return nil }
            self = .setRate(currency: currency, rate: string("rate"))
        case "renameTrip": guard let name = string("name") else { return nil }; self = .renameTrip(name: name)
        default: return nil
        }
    }
}

extension ExpenseSnapshot {
    var json: JSONValue {
        var fields: [JSONMember] = [
            JSONMember("id", .string(id)), JSONMember("description", .string(description)), JSONMember("amount", .int(amount)),
            JSONMember("currency", .string(currency)), JSONMember("category", .string(category)),
            JSONMember("paidBy", .string(paidBy)),
            JSONMember("payers", .array(payers.map { .object(["member": .string($0.member), "amount": .int($0.amount)]) })),
            JSONMember("date", .string(date)), JSONMember("note", .string(orNull: note)),
            JSONMember("splits", .array(splits.map { share in
                .object(["member": .string(share.member), "amount": .int(share.amount), "isPaid": .bool(share.isPaid)])
            })),
        ]
        if let splitRule { fields.append(JSONMember("splitGiven", .string(SplitRuleText.text(splitRule)))) }
        return .object(fields)
    }

    init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, let description = json["description"]?.stringValue,
              let amount = json["amount"]?.numberText.flatMap({ Int64($0) }), let currency = json["currency"]?.stringValue,
              let category = json["category"]?.stringValue, let paidBy = json["paidBy"]?.stringValue,
              let date = json["date"]?.stringValue, let items = json["splits"]?.arrayValue else { return nil }
        var splits: [Share] = []
        for item in items {
            guard let member = item["member"]?.stringValue, let share = item["amount"]?.numberText.flatMap({ Int64($0) }),
                  let isPaid = item["isPaid"]?.boolValue else { return nil }
            splits.append(Share(member: member, amount: share, isPaid: isPaid))
        }
        var payers: [Payer] = []
        for item in json["payers"]?.arrayValue ?? [] {
            guard let member = item["member"]?.stringValue, let part = item["amount"]?.numberText.flatMap({ Int64($0) }) else {
                return nil
            }
            payers.append(Payer(member: member, amount: part))
        }
        self.id = id
        self.description = description
        self.amount = amount
        self.currency = currency
        self.category = category
        self.paidBy = paidBy
        self.payers = payers
        self.date = date
        self.note = json["note"]?.stringValue
        self.splits = splits
        self.splitRule = json["splitGiven"]?.stringValue.flatMap(SplitRuleText.rule)
    }
}

extension PaymentSnapshot {
    var json: JSONValue {
        .object([
            "id": .string(id), "from": .string(from), "to": .string(to), "amount": .int(amount),
            "currency": .string(currency), "date": .string(date), "note": .string(orNull: note),
        ])
    }

    init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, let from = json["from"]?.stringValue, let to = json["to"]?.stringValue,
              let amount = json["amount"]?.numberText.flatMap({ Int64($0) }), let currency = json["currency"]?.stringValue,
              let date = json["date"]?.stringValue else { return nil }
        self.id = id
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
        self.date = date
        self.note = json["note"]?.stringValue
    }
}
