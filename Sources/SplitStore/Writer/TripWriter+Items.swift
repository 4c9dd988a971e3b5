import GRDB
import SplitCore

extension TripWriter {
    /// Makes one synced item `value`, or deletes it when `value` is nil: what a pull, a merge
    /// and a resolution write. Balances follow through the schema's triggers, and deletes are
    /// soft. `createdAt` is the server's creation time: listings order same-day items by it,
    /// so every device lists them alike.
    func put(_ key: SyncItemKey, _ value: SyncValue?, createdAt: Timestamp? = nil) throws {
        switch (key, value) {
        case (.group, .group(let name, let currency)?):
            try takeServerName(name)
            if let currency {
                try db.execute(sql: "UPDATE trip SET currency = ? WHERE id = ?", arguments: [currency.code, trip.rawValue])
            }
        case (.group, _):
            break
        case (.member, .member(let member)?):
            try putMember(member)
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
                try overwriteExpense(expense)
                if let createdAt { try setCreatedAt(key, createdAt) }
            } else {
                try insertExpense(expense, createdAt: createdAt ?? expense.createdAt)
            }
        case (.expense(let id), _):
            try db.execute(sql: "UPDATE expense SET deleted_at = ? WHERE id = ? AND trip_id = ? AND deleted_at IS NULL",
                           arguments: [at.iso8601, id.rawValue, trip.rawValue])
        case (.payment(let id), .payment(let payment)?):
            let state = try String.fetchOne(db, sql: "SELECT trip_id FROM payment WHERE id = ?", arguments: [id.rawValue])
            if let state {
                guard state == trip.rawValue else { throw foreign(key) }
                try overwritePayment(payment, createdAt: createdAt)
            } else {
                try insertPayment(payment, createdAt: createdAt)
            }
        case (.payment(let id), _):
            try deletePayment(id)
        case (.rate(let code), .rate(_, let rate)?):
            try writeRate(code, rate.text)
        case (.rate(let code), _):
            try writeRate(code, nil)
        }
    }

    /// Adds an item to a trip that cannot hold it yet (a first pull): no lookups. A tombstone
    /// adds nothing.
    func create(_ key: SyncItemKey, _ value: SyncValue?, createdAt: Timestamp?) throws {
        switch value {
        case .expense(let expense)?:
            try insertExpense(expense, createdAt: createdAt ?? expense.createdAt)
        case .member(let member)?:
            try insertMember(member)
        case nil:
            return
        default:
            try put(key, value, createdAt: createdAt)
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
        try db.cachedStatement(sql: "UPDATE \(table) SET created_at = ? WHERE id = ? AND trip_id = ? AND created_at <> ?")
            .execute(arguments: [text, id, trip.rawValue, text])
    }

    /// The trip takes the server's name; an empty one (the Node server does not refuse it)
    /// leaves the local name in place.
    private func takeServerName(_ name: String) throws {
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
}
