import GRDB
import SplitCore

/// Reads and writes one synced item of a trip as a whole value, without the activity log or
/// the outbox: what a pull, a merge and a resolution use. Writes keep the schema's rules
/// (balance triggers, soft deletes), so balances stay right whatever the source.
struct LocalItems {
    let backend: LocalBackend
    let db: Database
    let trip: TripID

    /// The item as the trip holds it now; nil when it does not exist or was deleted.
    func read(_ key: SyncItemKey) throws -> SyncValue? {
        switch key {
        case .group:
            guard let row = try Row.fetchOne(db, sql: "SELECT id, name, currency FROM trip WHERE id = ?",
                                             arguments: [trip.rawValue]) else { return nil }
            let found = try LocalBackend.trip(row)
            return .group(name: found.name, currency: found.currency)
        case .member(let id):
            guard let name = try String.fetchOne(
                db, sql: "SELECT name FROM member WHERE id = ? AND trip_id = ? AND removed_at IS NULL",
                arguments: [id.rawValue, trip.rawValue]) else { return nil }
            return .member(Member(id: id, name: name))
        case .expense(let id):
            var found: Expense?
            try backend.streamExpenses(db, whereClause: "e.id = ? AND e.trip_id = ? AND e.deleted_at IS NULL",
                                       arguments: [id.rawValue, trip.rawValue]) { found = $0 }
            return found.map { .expense($0) }
        case .payment(let id):
            return try backend.payments(db, trip: trip, id: id).map { .payment($0) }
        case .rate(let code):
            guard let text = try String.fetchOne(db, sql: "SELECT rate FROM trip_rate WHERE trip_id = ? AND currency = ?",
                                                 arguments: [trip.rawValue, code]) else { return nil }
            return .rate(currency: try Currency(code: code), rate: try ExchangeRate(parsing: text))
        }
    }

    /// Adds an item to a trip that cannot hold it yet (a first pull): no lookups. A tombstone
    /// adds nothing.
    func create(_ key: SyncItemKey, _ value: SyncValue?, at: Timestamp, createdAt: Timestamp?) throws {
        switch value {
        case .expense(let expense)?:
            try backend.insert(db, expense, trip: trip, at: at, createdAt: createdAt ?? expense.createdAt)
        case .member(let member)?:
            try RowInserter(db, sql: "INSERT INTO member (id, trip_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)")
                .run([.text(member.id.rawValue), .text(trip.rawValue), .text(member.name), .text(member.nameKey),
                      .text(at.iso8601)])
        case nil:
            return
        default:
            try write(key, value, at: at, createdAt: createdAt)
        }
    }

    /// Makes the item `value`, or deletes it when `value` is nil. `createdAt` is the server's
    /// creation time: listings order same-day items by it, so every device lists them alike.
    func write(_ key: SyncItemKey, _ value: SyncValue?, at: Timestamp, createdAt: Timestamp? = nil) throws {
        switch (key, value) {
        case (.group, .group(let name, let currency)?):
            try renameTrip(to: name)
            if let currency {
                try db.execute(sql: "UPDATE trip SET currency = ? WHERE id = ?", arguments: [currency.code, trip.rawValue])
            }
        case (.group, _):
            break
        case (.member(let id), .member(let member)?):
            try putMember(id, name: member.name, at: at)
        case (.member(let id), _):
            try db.execute(sql: "UPDATE member SET removed_at = ? WHERE id = ? AND trip_id = ? AND removed_at IS NULL",
                           arguments: [at.iso8601, id.rawValue, trip.rawValue])
        case (.expense(let id), .expense(let expense)?):
            let state = try Row.fetchOne(db, sql: "SELECT trip_id, deleted_at IS NOT NULL FROM expense WHERE id = ?",
                                         arguments: [id.rawValue])
            if let state {
                guard (state[0] as String) == trip.rawValue else { throw foreign(key) }
                if state[1] as Bool {
                    try db.execute(sql: "UPDATE expense SET deleted_at = NULL WHERE id = ?", arguments: [id.rawValue])
                }
                try backend.overwrite(db, with: expense, at: at)
                if let createdAt {
                    try db.execute(sql: "UPDATE expense SET created_at = ? WHERE id = ?", arguments: [createdAt.iso8601, id.rawValue])
                }
            } else {
                try backend.insert(db, expense, trip: trip, at: at, createdAt: createdAt ?? expense.createdAt)
            }
        case (.expense(let id), _):
            try db.execute(sql: "UPDATE expense SET deleted_at = ? WHERE id = ? AND trip_id = ? AND deleted_at IS NULL",
                           arguments: [at.iso8601, id.rawValue, trip.rawValue])
        case (.payment(let id), .payment(let payment)?):
            let state = try Row.fetchOne(db, sql: "SELECT trip_id FROM payment WHERE id = ?", arguments: [id.rawValue])
            if let state {
                guard (state[0] as String) == trip.rawValue else { throw foreign(key) }
                try db.execute(sql: """
                    UPDATE payment SET from_member = ?, to_member = ?, amount = ?, currency = ?, payment_date = ?, note = ?,
                        deleted_at = NULL, created_at = coalesce(?, created_at) WHERE id = ?
                    """, arguments: [payment.from.rawValue, payment.to.rawValue, payment.amount.minorUnits,
                                     payment.amount.currency.code, payment.date.description, payment.note,
                                     createdAt?.iso8601, id.rawValue])
            } else {
                try db.execute(sql: """
                    INSERT INTO payment (id, trip_id, from_member, to_member, amount, currency, payment_date, note, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [id.rawValue, trip.rawValue, payment.from.rawValue, payment.to.rawValue,
                                     payment.amount.minorUnits, payment.amount.currency.code, payment.date.description,
                                     payment.note, (createdAt ?? at).iso8601])
            }
        case (.payment(let id), _):
            try db.execute(sql: "UPDATE payment SET deleted_at = ? WHERE id = ? AND trip_id = ? AND deleted_at IS NULL",
                           arguments: [at.iso8601, id.rawValue, trip.rawValue])
        case (.rate(let code), .rate(_, let rate)?):
            try backend.setRate(db, trip: trip, currency: code, rate: rate.text)
        case (.rate(let code), _):
            try backend.setRate(db, trip: trip, currency: code, rate: nil)
        }
    }

    /// Gives an expense or payment the server's creation time, when it differs.
    func setCreatedAt(_ key: SyncItemKey, _ createdAt: Timestamp) throws {
        let table: String, id: String
        switch key {
        case .expense(let expense): (table, id) = ("expense", expense.rawValue)
        case .payment(let payment): (table, id) = ("payment", payment.rawValue)
        default: return
        }
        let text = createdAt.iso8601
        try db.cachedStatement(sql: "UPDATE \(table) SET created_at = ? WHERE id = ? AND created_at <> ?")
            .execute(arguments: [text, id, text])
    }

    /// A live member named `name` under `id`, as the server has it: names may repeat in a
    /// trip another client wrote to (see ``SchemaV5``).
    private func putMember(_ id: MemberID, name: String, at: Timestamp) throws {
        let key = Member.key(for: name)
        let exists = try String.fetchOne(db, sql: "SELECT trip_id FROM member WHERE id = ?", arguments: [id.rawValue])
        if let exists {
            guard exists == trip.rawValue else { throw foreign(.member(id)) }
            try db.execute(sql: "UPDATE member SET name = ?, name_key = ?, removed_at = NULL WHERE id = ?",
                           arguments: [name, key, id.rawValue])
        } else {
            try db.execute(sql: "INSERT INTO member (id, trip_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id.rawValue, trip.rawValue, name, key, at.iso8601])
        }
    }

    /// The trip takes the server's name; an empty one (the Node server does not refuse it)
    /// leaves the local name in place.
    private func renameTrip(to name: String) throws {
        guard !name.trimmingSpaces.isEmpty else { return }
        let free = try Self.freeTripName(db, String(name.prefix(NameRules.maxLength)), for: trip)
        try db.execute(sql: "UPDATE trip SET name = ?, name_key = ? WHERE id = ?",
                       arguments: [free, Member.key(for: free), trip.rawValue])
    }

    /// `name`, or `name (2)`, `(3)`... when another local trip holds it: a server's trip name
    /// must fit on this device, where trip names are unique.
    static func freeTripName(_ db: Database, _ name: String, for trip: TripID) throws -> String {
        var candidate = name
        var attempt = 1
        while try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE name_key = ? AND id <> ?",
                                arguments: [Member.key(for: candidate), trip.rawValue]) == true {
            attempt += 1
            candidate = String(name.prefix(94)) + " (\(attempt))"
        }
        return candidate
    }

    private func foreign(_ key: SyncItemKey) -> StoreError {
        .invalid("the server sent \(key.kindName) \(key.text) of this trip, but another local trip holds that id")
    }
}
