import SplitCore
import SplitJSON
import SplitReport

/// How a recurring rule reads, in a line and in JSON: shared by every `recurring` command.
enum RecurringWords {
    /// `Rent (3f2a9c1b) EUR 1,500.00 every month on 1, paid by Ana, next 2025-02-01`.
    static func line(_ rule: RecurringRule, _ names: MemberDirectory) -> String {
        let template = rule.template
        var words = "\(template.description) (\(rule.id.short)) "
            + MoneyWords.text(template.amount.minorUnits, template.amount.currency)
            + " every \(rule.schedule.frequency.rawValue) on \(rule.schedule.day.text)"
        words += ", paid by " + payers(template.payers, names)
        words += ", " + (template.split == nil ? "split among everyone present" : "split as given")
        switch rule.schedule.end {
        case .never: break
        case .until(let date): words += ", until \(date)"
        case .times(let count): words += ", \(count) times"
        }
        if rule.paused { words += ", paused" } else if let next = rule.nextDue { words += ", next \(next)" } else { words += ", ended" }
        return words
    }

    static func json(_ rule: RecurringRule, _ names: MemberDirectory) -> JSONValue {
        let schedule = rule.schedule
        var fields = [
            JSONMember("id", .string(rule.id.rawValue)),
            JSONMember("description", .string(rule.template.description)),
            JSONMember("amount", JSONRendering.amount(rule.template.amount.minorUnits, rule.template.amount.currency)),
            JSONMember("currency", .string(rule.template.amount.currency.code)),
            JSONMember("category", .string(rule.template.category.rawValue)),
            JSONMember("every", .string(schedule.frequency.rawValue)),
            JSONMember("on", .string(schedule.day.text)),
            JSONMember("from", .string(schedule.start.description)),
            JSONMember("paidBy", .string(payers(rule.template.payers, names))),
            JSONMember("paused", .bool(rule.paused)),
            JSONMember("nextDue", JSONRendering.string(rule.nextDue?.description)),
        ]
        switch schedule.end {
        case .never: break
        case .until(let date): fields.append(JSONMember("until", .string(date.description)))
        case .times(let count): fields.append(JSONMember("times", .int(Int64(count))))
        }
        return .object(fields)
    }

    private static func payers(_ rule: PayerRule, _ names: MemberDirectory) -> String {
        switch rule {
        case .equal(let members): members.map { names.name(of: $0) }.joined(separator: ", ")
        case .exact(let parts): parts.map { names.name(of: $0.memberID) }.joined(separator: ", ")
        }
    }
}
