import GRDB
import SplitCore
import SplitJSON

/// A row of `recurring_rule` (``SchemaRecurring``): a ``SplitCore/RecurringRule`` of a trip.
/// The payer rule and the split as given are stored as ``SplitRuleText`` (a payer rule is the
/// `equal` or `exact` form of it). Deletion is soft (`deleted_at`).
struct RecurringRuleRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "recurring_rule"

    enum Columns {
        static let id = Column("id")
        static let tripID = Column("trip_id")
        static let description = Column("description")
        static let amount = Column("amount")
        static let currency = Column("currency")
        static let payers = Column("payers")
        static let splitGiven = Column("split_given")
        static let category = Column("category")
        static let note = Column("note")
        static let frequency = Column("frequency")
        static let startDate = Column("start_date")
        static let day = Column("day")
        static let untilDate = Column("until_date")
        static let times = Column("times")
        static let paused = Column("paused")
        static let nextPeriod = Column("next_period")
        static let nextDue = Column("next_due")
        static let createdAt = Column("created_at")
        static let deletedAt = Column("deleted_at")
    }

    private static let written = [
        Columns.id, Columns.tripID, Columns.description, Columns.amount, Columns.currency, Columns.payers, Columns.splitGiven,
        Columns.category, Columns.note, Columns.frequency, Columns.startDate, Columns.day, Columns.untilDate, Columns.times,
        Columns.paused, Columns.nextPeriod, Columns.nextDue, Columns.createdAt,
    ]

    static var databaseSelection: [any SQLSelectable] { written }

    private static let insertSQL = RowInserter.sql(into: databaseTableName, written)

    /// Inserts `rule` into `trip`.
    static func insert(_ db: Database, _ rule: RecurringRule, trip: TripID, createdAt: Timestamp) throws {
        let values = values(rule)
        var arguments: [(any DatabaseValueConvertible)?] = [values[0], trip.rawValue]
        arguments += values.dropFirst()
        arguments.append(createdAt.iso8601)
        try db.cachedStatement(sql: insertSQL).execute(arguments: StatementArguments(arguments))
    }

    /// The columns a rule's edit, pause, resume or catch-up rewrites: all but the id, the
    /// trip and the times.
    private static let changing = Array(written.dropFirst(2).dropLast())

    private static let updateSQL = "UPDATE recurring_rule SET "
        + changing.map { "\($0.name) = ?" }.joined(separator: ", ") + " WHERE id = ?"

    /// Writes every field of `rule` over its row (``TripWriter/updateRule(_:from:)`` is the one caller).
    static func update(_ db: Database, _ rule: RecurringRule) throws {
        let values = values(rule)
        var arguments = Array(values.dropFirst())
        arguments.append(values[0])
        try db.cachedStatement(sql: updateSQL).execute(arguments: StatementArguments(arguments))
    }

    /// Takes a server's version of the rule (``TripWriter/putRule(_:)``): every field of it,
    /// live again if it was deleted here.
    static func replace(_ db: Database, _ rule: RecurringRule) throws {
        try update(db, rule)
        try db.execute(sql: "UPDATE recurring_rule SET deleted_at = NULL WHERE id = ?", arguments: [rule.id.rawValue])
    }

    /// Moves every mention of member `:old` in the rules of trip `:trip` (who pays, the split)
    /// to `:new`: a member merged into the server's (``TripWriter/mergeMember(_:into:)``).
    static let renameMemberSQL = """
        UPDATE recurring_rule SET payers = replace(payers, '"' || :old || '"', '"' || :new || '"'),
            split_given = replace(split_given, '"' || :old || '"', '"' || :new || '"')
        WHERE trip_id = :trip AND (instr(payers, '"' || :old || '"') > 0 OR instr(split_given, '"' || :old || '"') > 0)
        """

    /// The rule's values in the order of ``written``, without the trip and the creation time.
    private static func values(_ rule: RecurringRule) -> [(any DatabaseValueConvertible)?] {
        let template = rule.template, schedule = rule.schedule
        let until = schedule.end.untilDate?.description, times = schedule.end.times
        return [
            rule.id.rawValue, template.description, template.amount.minorUnits, template.amount.currency.code,
            SplitRuleText.text(template.payers.splitRule), template.split.map(SplitRuleText.text), template.category.rawValue,
            template.note, schedule.frequency.rawValue, schedule.start.description, schedule.day.text, until, times,
            rule.paused, rule.nextPeriod, rule.nextDue?.description,
        ]
    }

    /// The rule as a JSON object of its columns, for undo to put back (``UndoAction/restoreRuleEdit``).
    static func snapshot(_ rule: RecurringRule) -> JSONValue {
        let names = [Columns.id] + changing
        return .object(zip(names, values(rule)).map { column, value in
            let json: JSONValue = switch value?.databaseValue.storage {
            case .int64(let number): .int(number)
            case .string(let text): .string(text)
            default: .null
            }
            return JSONMember(column.name, json)
        })
    }

    /// Reads ``snapshot(_:)`` back; nil when it is not one.
    static func rule(snapshot: JSONValue) -> RecurringRule? {
        guard let members = snapshot.objectValue else { return nil }
        var dictionary: [String: (any DatabaseValueConvertible)?] = [:]
        for member in members {
            switch member.value {
            case .string(let text): dictionary[member.key] = text
            case .null: dictionary.updateValue(nil, forKey: member.key)
            default:
                guard let number = member.value.numberText.flatMap({ Int64($0) }) else { return nil }
                dictionary[member.key] = number
            }
        }
        return try? Self(row: Row(dictionary)).rule
    }

    var rule: RecurringRule

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        var currencies = CurrencyCache()
        let amount = try stored.money(Columns.amount, try stored.currency(Columns.currency, cache: &currencies))
        let payers: PayerRule
        switch SplitRuleText.rule(try stored.text(Columns.payers)) {
        case .equal(let members): payers = .equal(members)
        case .exact(let parts): payers = .exact(parts)
        default: throw stored.unreadable(Columns.payers, expected: "who paid, as split writes it")
        }
        let split = try stored.optionalText(Columns.splitGiven).map { text in
            guard let rule = SplitRuleText.rule(text) else {
                throw stored.unreadable(Columns.splitGiven, expected: "a split as given, as split writes it")
            }
            return rule
        }
        let start = try stored.date(Columns.startDate)
        guard let frequency = RecurrenceFrequency(rawValue: try stored.text(Columns.frequency)) else {
            throw stored.unreadable(Columns.frequency, expected: RecurrenceFrequency.accepted)
        }
        let times = try stored.optionalInteger(Columns.times)
        let end: RecurrenceEnd
        if try stored.optionalText(Columns.untilDate) != nil {
            end = .until(try stored.date(Columns.untilDate))
        } else if let times {
            end = .times(Int(times))
        } else {
            end = .never
        }
        let schedule: RecurrenceSchedule
        do {
            schedule = try RecurrenceSchedule(frequency: frequency, start: start,
                                              day: try RecurrenceDay(parsing: try stored.text(Columns.day), frequency: frequency, start: start),
                                              end: end)
        } catch {
            throw stored.unreadable(Columns.day, expected: "a rule's day and end as split writes them")
        }
        rule = RecurringRule(
            id: RecurringRuleID(try stored.text(Columns.id)),
            template: RecurringTemplate(description: try stored.text(Columns.description), amount: amount, payers: payers,
                                        split: split, category: try stored.category(Columns.category),
                                        note: try stored.optionalText(Columns.note)),
            schedule: schedule, paused: try stored.flag(Columns.paused), nextPeriod: Int(try stored.integer(Columns.nextPeriod)))
    }

    /// The trip's live rules.
    static func live(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil).order(Columns.createdAt, Columns.id)
    }

    /// The trip's live rules with an instance due on or before `today`: one probe of
    /// `recurring_rule_due`.
    static func due(_ trip: TripID, today: CivilDate) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil && Columns.nextDue != nil
               && Columns.nextDue <= today.description)
    }
}
