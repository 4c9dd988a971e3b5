import SplitCore

/// Converts between SplitCore's ``SplitCore/RecurringRule`` and the contract's
/// `RecurringRuleData`, for the client and the server alike, so both read and write one form.
///
/// The payers travel as a `SplitGiven` of mode `exact` (or `equal`), the split as given as a
/// `SplitGiven` (left out: equal among the members present on each date), the schedule as
/// `split recurring add` takes it. Reading checks the rule with SplitCore's own rules: the
/// schedule (``SplitCore/RecurrenceSchedule/init(every:on:start:until:times:)``), and the
/// template by making its first instance as `add-expense` would, payers and split summing to
/// the amount. Only the definition and the pause travel: each device keeps its own progress.
public enum RecurringRuleWire {
    public typealias Wire = Components.Schemas.RecurringRuleData

    public static func wire(_ rule: RecurringRule) -> Wire {
        let template = rule.template, schedule = rule.schedule, currency = template.amount.currency
        let payers = template.payers.splitRule
        let until = schedule.end.untilDate?.description, times = schedule.end.times
        return Wire(id: rule.id.rawValue, description: template.description,
                    amount: WireAmount.number(template.amount.minorUnits, currency), currency: currency.code,
                    category: template.category.rawValue, note: template.note,
                    payers: SplitGivenWire.wire(payers, currency: currency),
                    splitGiven: template.split.map { SplitGivenWire.wire($0, currency: currency) },
                    every: schedule.frequency.rawValue, on: schedule.day.text, from: schedule.start.description,
                    until: until, times: times, paused: rule.paused)
    }

    /// The rule `wire` holds. Its texts (description, category, note) are the caller's to
    /// check, as for an expense. `member` turns a wire id into a member of the group (nil: none,
    /// refused); `field` names the fields in a refusal (`ops[0].data.`).
    public static func rule(_ wire: Wire, field: String = "", member: (String) -> MemberID?)
        throws(SplitGivenWireError) -> RecurringRule {
        func refuse(_ name: String, _ problem: String) -> SplitGivenWireError {
            SplitGivenWireError(field: field + name, problem: problem)
        }
        guard let currency = try? Currency(code: wire.currency) else {
            throw refuse("currency", "must be an ISO 4217 code such as EUR, got '\(wire.currency)'")
        }
        let minor: Int64
        do throws(WireAmountError) {
            minor = try WireAmount.minorUnits(wire.amount, currency: currency)
        } catch {
            throw SplitGivenWireError(message: error.message(field: field + "amount"))
        }
        guard let start = CivilDate(parsing: wire.from) else { throw refuse("from", "must be a date YYYY-MM-DD, got '\(wire.from)'") }
        var until: CivilDate?
        if let text = wire.until {
            guard let date = CivilDate(parsing: text) else { throw refuse("until", "must be a date YYYY-MM-DD, got '\(text)'") }
            until = date
        }
        let schedule: RecurrenceSchedule
        do {
            schedule = try RecurrenceSchedule(every: wire.every, on: wire.on, start: start, until: until, times: wire.times)
        } catch {
            throw SplitGivenWireError(message: field + "every/on/from/until/times: " + error.description)
        }
        let payers: PayerRule
        switch try SplitGivenWire.rule(wire.payers, currency: currency, field: field + "payers", member: member) {
        case .equal(let members): payers = .equal(members)
        case .exact(let parts): payers = .exact(parts)
        default: throw refuse("payers.mode", "must be exact or equal")
        }
        let split = try wire.splitGiven.map { given throws(SplitGivenWireError) in
            try SplitGivenWire.rule(given, currency: currency, field: field + "splitGiven", member: member)
        }
        let template = RecurringTemplate(description: wire.description, amount: Money(minorUnits: minor, currency: currency),
                                         payers: payers, split: split, category: Category(rawValue: wire.category), note: wire.note)
        let id = RecurringRuleID(wire.id.lowercased())
        // The first instance, made as add-expense would: payers and split must add up.
        if let first = schedule.period(0) {
            let present: [MemberID] = switch payers {
            case .equal(let members): members
            case .exact(let parts): parts.map(\.memberID)
            }
            do {
                _ = try template.instance(of: id, first, present: present)
            } catch {
                throw SplitGivenWireError(message: field + "payers/splitGiven: " + error.message)
            }
        }
        return RecurringRule(id: id, template: template, schedule: schedule, paused: wire.paused)
    }
}
