import SplitCore
import SplitJSON

/// The stored forms of sync operations and item versions (`outbox.operation`, `outbox.base`,
/// `sync_conflict.mine`/`theirs`): JSON objects with a `kind`, written with SplitJSON like the
/// undo log. An expense uses the undo log's expense form.
enum SyncJSON {
    static func encode(_ operation: SyncOperation) -> String {
        let json: JSONValue
        switch operation {
        case .createMember(let member): json = .object(["kind": "createMember", "member": member.json])
        case .renameMember(let member): json = .object(["kind": "renameMember", "member": member.json])
        case .removeMember(let id): json = .object(["kind": "removeMember", "id": .string(id.rawValue)])
        case .createExpense(let expense): json = .object(["kind": "createExpense", "expense": ExpenseSnapshot(expense).json])
        case .updateExpense(let expense): json = .object(["kind": "updateExpense", "expense": ExpenseSnapshot(expense).json])
        case .deleteExpense(let id): json = .object(["kind": "deleteExpense", "id": .string(id.rawValue)])
        case .setPaid(let expense, let member, let paid):
            json = .object(["kind": "setPaid", "expense": .string(expense.rawValue), "member": .string(member.rawValue),
                            "paid": .bool(paid)])
        case .createPayment(let payment): json = .object(["kind": "createPayment", "payment": payment.json])
        case .deletePayment(let id): json = .object(["kind": "deletePayment", "id": .string(id.rawValue)])
        case .setRate(let currency, let rate):
            json = .object(["kind": "setRate", "currency": .string(currency.code), "rate": .string(orNull: rate?.text)])
        case .renameGroup(let name): json = .object(["kind": "renameGroup", "name": .string(name)])
        case .putRecurring(let rule): json = .object(["kind": "putRecurring", "rule": RecurringRuleJSON.json(rule)])
        case .deleteRecurring(let id): json = .object(["kind": "deleteRecurring", "id": .string(id.rawValue)])
        case .setCategories(let list): json = .object(["kind": "setCategories", "names": .array(list.map { .string($0.rawValue) })])
        case .recordExchanges(let step): json = .object(["kind": "recordExchanges", "step": step.json])
        case .removeExchanges(let step): json = .object(["kind": "removeExchanges", "id": .string(step.rawValue)])
        case .setDeparture(let member, let date):
            json = .object(["kind": "setDeparture", "member": .string(member.rawValue), "leftOn": .string(orNull: date?.description)])
        }
        return json.serialized()
    }

    static func operation(_ text: String) throws -> SyncOperation {
        let json = try parse(text, what: "operation")
        func string(_ key: String) throws -> String {
            guard let value = json[key]?.stringValue else { throw unreadable("operation", text) }
            return value
        }
        switch json["kind"]?.stringValue {
        case "createMember": return .createMember(try member(json["member"], text))
        case "renameMember": return .renameMember(try member(json["member"], text))
        case "removeMember": return .removeMember(MemberID(try string("id")))
        case "createExpense": return .createExpense(try expense(json["expense"], text))
        case "updateExpense": return .updateExpense(try expense(json["expense"], text))
        case "deleteExpense": return .deleteExpense(ExpenseID(try string("id")))
        case "setPaid":
            guard let paid = json["paid"]?.boolValue else { throw unreadable("operation", text) }
            return .setPaid(expense: ExpenseID(try string("expense")), member: MemberID(try string("member")), paid: paid)
        case "createPayment": return .createPayment(try payment(json["payment"], text))
        case "deletePayment": return .deletePayment(PaymentID(try string("id")))
        case "setRate":
            let rate = try json["rate"]?.stringValue.map { try ExchangeRate(parsing: $0) }
            return .setRate(currency: try Currency(code: try string("currency")), rate: rate)
        case "renameGroup": return .renameGroup(name: try string("name"))
        case "putRecurring":
            guard let rule = RecurringRuleJSON.rule(json["rule"]) else { throw unreadable("operation", text) }
            return .putRecurring(rule)
        case "deleteRecurring": return .deleteRecurring(RecurringRuleID(try string("id")))
        case "setCategories": return .setCategories(try categories(json["names"], text))
        case "recordExchanges": return .recordExchanges(try exchangeStep(json["step"], text))
        case "removeExchanges": return .removeExchanges(ExchangeID(try string("id")))
        case "setDeparture":
            let date = try json["leftOn"]?.stringValue.map { text in
                guard let date = CivilDate(parsing: text) else { throw unreadable("operation", text) }
                return date
            }
            return .setDeparture(member: MemberID(try string("member")), leftOn: date)
        default: throw unreadable("operation", text)
        }
    }

    static func encode(_ value: SyncValue) -> String {
        let json: JSONValue
        switch value {
        case .group(let name, let currency):
            json = .object(["kind": "group", "name": .string(name), "currency": .string(orNull: currency?.code)])
        case .member(let member): json = .object(["kind": "member", "member": member.json])
        case .expense(let expense): json = .object(["kind": "expense", "expense": ExpenseSnapshot(expense).json])
        case .payment(let payment): json = .object(["kind": "payment", "payment": payment.json])
        case .rate(let currency, let rate):
            json = .object(["kind": "rate", "currency": .string(currency.code), "rate": .string(rate.text)])
        case .recurring(let rule): json = .object(["kind": "recurring", "rule": RecurringRuleJSON.json(rule)])
        case .categories(let list): json = .object(["kind": "categories", "names": .array(list.map { .string($0.rawValue) })])
        case .exchanges(let step): json = .object(["kind": "exchanges", "step": step.json])
        }
        return json.serialized()
    }

    static func value(_ text: String) throws -> SyncValue {
        let json = try parse(text, what: "item")
        switch json["kind"]?.stringValue {
        case "group":
            guard let name = json["name"]?.stringValue else { throw unreadable("item", text) }
            return .group(name: name, currency: try json["currency"]?.stringValue.map { try Currency(code: $0) })
        case "member": return .member(try member(json["member"], text))
        case "expense": return .expense(try expense(json["expense"], text))
        case "payment": return .payment(try payment(json["payment"], text))
        case "rate":
            guard let code = json["currency"]?.stringValue, let rate = json["rate"]?.stringValue else {
                throw unreadable("item", text)
            }
            return .rate(currency: try Currency(code: code), rate: try ExchangeRate(parsing: rate))
        case "recurring":
            guard let rule = RecurringRuleJSON.rule(json["rule"]) else { throw unreadable("item", text) }
            return .recurring(rule)
        case "categories": return .categories(try categories(json["names"], text))
        case "exchanges": return .exchanges(try exchangeStep(json["step"], text))
        default: throw unreadable("item", text)
        }
    }

    private static func parse(_ text: String, what: String) throws -> JSONValue {
        guard let json = try? JSONParser.parse(text) else { throw unreadable(what, text) }
        return json
    }

    private static func categories(_ json: JSONValue?, _ text: String) throws -> [Category] {
        guard let list = json?.arrayValue else { throw unreadable("category list", text) }
        return try list.map { item in
            guard let name = item.stringValue else { throw unreadable("category list", text) }
            return Category(rawValue: name)
        }
    }

    private static func member(_ json: JSONValue?, _ text: String) throws -> Member {
        guard let id = json?["id"]?.stringValue, let name = json?["name"]?.stringValue else { throw unreadable("member", text) }
        return Member(id: MemberID(id), name: name)
    }

    private static func expense(_ json: JSONValue?, _ text: String) throws -> Expense {
        guard let json, let snapshot = ExpenseSnapshot(json: json) else { throw unreadable("expense", text) }
        return try snapshot.expense()
    }

    private static func payment(_ json: JSONValue?, _ text: String) throws -> Payment {
        guard let json, let id = json["id"]?.stringValue, let from = json["from"]?.stringValue,
              let to = json["to"]?.stringValue, let amount = json["amount"]?.numberText.flatMap({ Int64($0) }),
              let currency = json["currency"]?.stringValue, let dateText = json["date"]?.stringValue,
              let date = CivilDate(parsing: dateText) else { throw unreadable("payment", text) }
        return Payment(id: PaymentID(id), from: MemberID(from), to: MemberID(to),
                       amount: Money(minorUnits: amount, currency: try Currency(code: currency)), date: date,
                       note: json["note"]?.stringValue)
    }

    private static func exchangeStep(_ json: JSONValue?, _ text: String) throws -> ExchangeStep {
        guard let json, let id = json["id"]?.stringValue, case .array(let items)? = json["exchanges"] else {
            throw unreadable("settle step", text)
        }
        let step = ExchangeID(id)
        return ExchangeStep(id: step, exchanges: try items.map { item in
            guard let id = item["id"]?.stringValue, let member = item["member"]?.stringValue,
                  let from = item["from"]?.numberText.flatMap({ Int64($0) }), let fromCode = item["fromCurrency"]?.stringValue,
                  let to = item["to"]?.numberText.flatMap({ Int64($0) }), let toCode = item["toCurrency"]?.stringValue,
                  let date = item["date"]?.stringValue.flatMap(CivilDate.init(parsing:)) else { throw unreadable("settle step", text) }
            return CurrencyExchange(id: ExchangeID(id), step: step, member: MemberID(member),
                                    from: Money(minorUnits: from, currency: try Currency(code: fromCode)),
                                    to: Money(minorUnits: to, currency: try Currency(code: toCode)), date: date)
        })
    }

    private static func unreadable(_ what: String, _ text: String) -> StoreError {
        .io("the outbox holds an unreadable \(what): \(text.prefix(120))")
    }
}

extension Member {
    var json: JSONValue { .object(["id": .string(id.rawValue), "name": .string(name)]) }
}

extension Payment {
    var json: JSONValue {
        .object([
            "id": .string(id.rawValue), "from": .string(from.rawValue), "to": .string(to.rawValue),
            "amount": .int(amount.minorUnits), "currency": .string(amount.currency.code), "date": .string(date.description),
            "note": .string(orNull: note),
        ])
    }
}

extension ExchangeStep {
    var json: JSONValue {
        .object([
            "id": .string(id.rawValue),
            "exchanges": .array(exchanges.map { exchange in
                .object([
                    "id": .string(exchange.id.rawValue), "member": .string(exchange.member.rawValue),
                    "from": .int(exchange.from.minorUnits), "fromCurrency": .string(exchange.from.currency.code),
                    "to": .int(exchange.to.minorUnits), "toCurrency": .string(exchange.to.currency.code),
                    "date": .string(exchange.date.description),
                ])
            }),
        ])
    }
}
