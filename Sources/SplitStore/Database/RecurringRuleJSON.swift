import SplitCore
import SplitJSON

/// The stored form of a recurring rule in the outbox and in conflicts (``SyncJSON``): the
/// rule as every device shares it (``SplitCore/RecurringRule/shared``), its payers and split
/// in ``SplitRuleText``'s form, its schedule as `recurring add` takes it (`every`, `on`,
/// `from`, `until`, `times`).
enum RecurringRuleJSON {
    static func json(_ rule: RecurringRule) -> JSONValue {
        let template = rule.template, schedule = rule.schedule
        let payers = template.payers.splitRule
        let until = schedule.end.untilDate?.description, times = schedule.end.times
        return .object([
            "id": .string(rule.id.rawValue), "description": .string(template.description),
            "amount": .int(template.amount.minorUnits), "currency": .string(template.amount.currency.code),
            "payers": SplitRuleText.json(payers), "split": template.split.map(SplitRuleText.json) ?? .null,
            "category": .string(template.category.rawValue), "note": .string(orNull: template.note),
            "every": .string(schedule.frequency.rawValue), "on": .string(schedule.day.text),
            "from": .string(schedule.start.description), "until": .string(orNull: until),
            "times": times.map { .int($0) } ?? .null, "paused": .bool(rule.paused),
        ])
    }

    /// The rule `json` holds, nil when it is not one this version wrote.
    static func rule(_ json: JSONValue?) -> RecurringRule? {
        guard let json, let id = json["id"]?.stringValue, let description = json["description"]?.stringValue,
              let minor = json["amount"]?.numberText.flatMap({ Int64($0) }),
              let currency = json["currency"]?.stringValue.flatMap({ try? Currency(code: $0) }),
              let payerText = json["payers"].map({ $0.serialized(pretty: false) }),
              let category = json["category"]?.stringValue, let every = json["every"]?.stringValue,
              let on = json["on"]?.stringValue, let from = json["from"]?.stringValue.flatMap(CivilDate.init(parsing:)),
              let paused = json["paused"]?.boolValue else { return nil }
        let payers: PayerRule
        switch SplitRuleText.rule(payerText) {
        case .equal(let members)?: payers = .equal(members)
        case .exact(let parts)?: payers = .exact(parts)
        default: return nil
        }
        var split: SplitRule?
        if let given = json["split"], given != .null {
            guard let rule = SplitRuleText.rule(given.serialized(pretty: false)) else { return nil }
            split = rule
        }
        let until = json["until"]?.stringValue.flatMap(CivilDate.init(parsing:))
        let times = json["times"]?.numberText.flatMap { Int($0) }
        guard let schedule = try? RecurrenceSchedule(every: every, on: on, start: from, until: until, times: times) else {
            return nil
        }
        return RecurringRule(id: RecurringRuleID(id),
                             template: RecurringTemplate(description: description, amount: Money(minorUnits: minor, currency: currency),
                                                         payers: payers, split: split, category: Category(rawValue: category),
                                                         note: json["note"]?.stringValue),
                             schedule: schedule, paused: paused)
    }
}
