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

    /// The schedule in words: `every month on day 1 from 2024-11-01, until 2025-12-31`,
    /// `every 2 weeks on friday from 2025-01-03, 10 times`; a day past 28 says where it falls
    /// in shorter months.
    static func schedule(_ schedule: RecurrenceSchedule) -> String {
        var words = "every " + (schedule.frequency == .twoWeeks ? "2 weeks" : schedule.frequency.rawValue)
        switch schedule.day {
        case .weekday: words += " on \(schedule.day.text)"
        case .dayOfMonth(let day) where day == 31: words += " on the last day of the month"
        case .dayOfMonth(let day) where day > 28: words += " on day \(day) (the last day of shorter months)"
        case .dayOfMonth(let day): words += " on day \(day)"
        }
        words += " from \(schedule.start)"
        switch schedule.end {
        case .never: break
        case .until(let date): words += ", until \(date)"
        case .times(let count): words += ", \(count) time\(count == 1 ? "" : "s") in all"
        }
        return words
    }

    /// How each instance is split: as given, or equally among whoever is present on its date.
    static func split(_ template: RecurringTemplate, _ names: MemberDirectory) -> String {
        template.split.map { SplitWords.text($0, names, amount: template.amount) } ?? "equal among everyone present on each date"
    }

    static func splitJSON(_ template: RecurringTemplate, _ names: MemberDirectory) -> JSONValue {
        template.split.map { SplitWords.json($0, names, amount: template.amount) }
            ?? .object([JSONMember("mode", .string("present")), JSONMember("parts", .array([]))])
    }

    static func payers(_ rule: PayerRule, _ names: MemberDirectory) -> String {
        switch rule {
        case .equal(let members): members.map { names.name(of: $0) }.joined(separator: ", ")
        case .exact(let parts): parts.map { names.name(of: $0.memberID) }.joined(separator: ", ")
        }
    }
}
