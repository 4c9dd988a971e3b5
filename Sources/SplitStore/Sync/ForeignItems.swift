import GRDB
import SplitCore

/// Keeps `foreign_item` in step with what a pull brings: an item held (no sound reading), an
/// item read with repairs, or an item read as it is, which clears what was noted before.
///
/// Also decides what only the store can: whether an expense's or payment's members are in
/// the trip. A share for a member of another group (the Node server does not check) has no
/// reading in this trip, so the item is held instead of failing the foreign key.
final class ForeignItems {
    let db: Database
    let trip: TripID
    let at: Timestamp
    /// The trip's member ids (removed ones included), read once per sync and kept up to date
    /// as members pass through ``checked(_:)``: a first pull of 10,000 expenses asks the
    /// database nothing per share.
    private var members: Set<MemberID>?
    /// The items of the trip noted in `foreign_item`, read once per sync: clearing the note of
    /// each pulled item then costs no statement unless it has one.
    private var noted: Set<String>?

    init(db: Database, trip: TripID, at: Timestamp) {
        self.db = db
        self.trip = trip
        self.at = at
    }

    /// The item as the trip can hold it: held when the server's version is, or when it names
    /// a member this trip does not have (removed members count: their rows stay).
    func checked(_ item: RemoteItem) throws -> RemoteItem {
        guard item.held == nil, let value = item.value else { return item }
        var problem: String?
        switch value {
        case .expense(let expense):
            problem = try elsewhere("expense", expense.id.rawValue)
                ?? ForeignReading.membershipProblem(expense, isMember: try memberCheck())
        case .payment(let payment):
            problem = try elsewhere("payment", payment.id.rawValue)
                ?? ForeignReading.membershipProblem(payment, isMember: try memberCheck())
        case .member(let member):
            problem = try elsewhere("member", member.id.rawValue) ?? Self.nameProblem(member.name)
            // The caller writes it next: expenses later in the same pull may name it.
            if problem == nil { members?.insert(member.id) }
        case .exchanges(let step):
            problem = try exchangeProblem(step)
        default:
            problem = nil
        }
        guard let problem else { return item }
        return item.holding(problem, body: SyncJSON.encode(value))
    }

    /// Why an item with this id cannot be in this trip: another local trip holds the id (a
    /// server that reuses ids across groups, or a trip pulled twice).
    private func elsewhere(_ table: String, _ id: String) throws -> String? {
        guard let sql = Self.tripHolding[table],
              let other = try String.fetchOne(db.cachedStatement(sql: sql), arguments: ["id": id]),
              other != trip.rawValue else { return nil }
        return "another local trip already holds a \(table) with id \(id.prefix(8))"
    }

    /// For each table whose ids a server may reuse, the SELECT of the trip that holds row
    /// `:id`: one fixed statement per table, built once.
    private static let tripHolding = Dictionary(uniqueKeysWithValues: [
        ExpenseRecord.databaseTableName, PaymentRecord.databaseTableName, MemberRecord.databaseTableName,
        ExchangeRecord.databaseTableName,
    ].map { ($0, "SELECT trip_id FROM \($0) WHERE id = :id") })

    /// Why a settle step cannot be in this trip: it breaks SplitCore's step rule, names a
    /// member the trip does not have, or holds an exchange id another local trip holds.
    private func exchangeProblem(_ step: ExchangeStep) throws -> String? {
        do {
            try step.validate()
        } catch {
            return error.description
        }
        let isMember = try memberCheck()
        if let stranger = step.exchanges.first(where: { !isMember($0.member) }) {
            return "a currency exchange names member \(stranger.member.short), who is not in this trip"
        }
        for exchange in step.exchanges {
            if let problem = try elsewhere(ExchangeRecord.databaseTableName, exchange.id.rawValue) { return problem }
        }
        return nil
    }

    /// Why the store cannot hold a member of this name (the Node server's VARCHAR(100) is the
    /// store's limit too); nil when it can.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "the member's name is empty" }
        if let problem = ForeignReading.textProblem(name, "member's name") { return problem }
        if name.count > NameRules.maxLength { return "the member's name is longer than \(NameRules.maxLength) characters" }
        return nil
    }

    /// Notes the item's state: held, repaired, or (neither) nothing to note.
    func note(_ item: RemoteItem) throws {
        if let held = item.held {
            try upsert(item, state: "held", body: held.body, draft: held.draft.map(SyncJSON.encode), reason: held.reason)
        } else if !item.repairs.isEmpty, let value = item.value {
            try upsert(item, state: "repaired", body: nil, draft: nil, reason: try describe(item.repairs, of: value))
        } else {
            try clear(item.key)
        }
    }

    func clear(_ key: SyncItemKey) throws {
        guard try notedItems().contains(key.text) else { return }
        try db.cachedStatement(sql: ForeignItemRecord.deleteItemSQL)
            .execute(arguments: ["trip": trip.rawValue, "item": key.text])
        noted?.remove(key.text)
    }

    private func notedItems() throws -> Set<String> {
        if let noted { return noted }
        let items = Set(try String.fetchAll(db, sql: ForeignItemRecord.noted, arguments: ["trip": trip.rawValue]))
        noted = items
        return items
    }

    private func upsert(_ item: RemoteItem, state: String, body: String?, draft: String?, reason: String) throws {
        _ = try notedItems()
        noted?.insert(item.key.text)
        try db.cachedStatement(sql: ForeignItemRecord.upsertSQL)
            .execute(arguments: [trip.rawValue, item.key.text, state, item.revision, body, draft, reason, at.iso8601])
    }

    /// The repairs in one line, members named as the trip names them.
    private func describe(_ repairs: [ForeignRepair], of value: SyncValue) throws -> String {
        let amount: Money
        switch value {
        case .expense(let expense): amount = expense.amount
        case .payment(let payment): amount = payment.amount
        default: return "read with repairs"
        }
        var names: [MemberID: String] = [:]
        for member in try everyMember() { names[member.id] = member.name }
        return repairs.map { $0.message(amount: amount, name: { names[$0] ?? $0.short }) }.joined(separator: "; ")
    }

    /// The trip's members, removed ones included.
    private func everyMember() throws -> [MemberRecord] {
        try MemberRecord.fetchAll(db, sql: MemberRecord.everyOfTrip, arguments: ["trip": trip.rawValue])
    }

    /// Whether a member id is one of this trip's, removed members included.
    func memberCheck() throws -> (MemberID) -> Bool {
        if members == nil {
            members = Set(try everyMember().map(\.id))
        }
        let known = members ?? []
        return { known.contains($0) }
    }
}
