import GRDB
import SplitCore

extension LocalBackend {
    public func trips() async throws -> [TripOverview] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT t.id, t.name, t.currency, t.created_at,
                    (SELECT COUNT(*) FROM member m WHERE m.trip_id = t.id AND m.removed_at IS NULL),
                    (SELECT COUNT(*) FROM expense e WHERE e.trip_id = t.id AND e.deleted_at IS NULL)
                FROM trip t ORDER BY t.name_key
                """)
            return try rows.map { row in
                TripOverview(
                    trip: try Self.trip(row), memberCount: row[4], expenseCount: row[5],
                    createdAt: try StoredRow(row, table: "trip").timestamp(3, "created_at"))
            }
        }
    }

    @discardableResult
    public func createTrip(_ trip: Trip, at: Timestamp) async throws -> Trip {
        let name = try NameRules.trip(trip.name)
        try write(trip.id, at: at) { writer in
            try writer.apply(.createTrip(name: name, currency: trip.currency))
        }
        return Trip(id: trip.id, name: name, currency: trip.currency)
    }

    public func trip(matching reference: String) async throws -> Trip {
        try database.read { db in try Self.findTrip(db, reference) }
    }

    static func findTrip(_ db: Database, _ reference: String) throws -> Trip {
        let key = Member.key(for: reference.trimmingSpaces)
        if let row = try Row.fetchOne(db, sql: "SELECT id, name, currency FROM trip WHERE name_key = ?", arguments: [key]) {
            return try trip(row)
        }
        if key.count >= 6 {
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, name, currency FROM trip WHERE id LIKE ? || '%' ESCAPE '\\' LIMIT 3",
                arguments: [likePattern(key)])
            if rows.count == 1 { return try trip(rows[0]) }
            if rows.count > 1 {
                throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: rows.map { $0[1] })
            }
        }
        if !key.isEmpty {
            let prefixed = try Row.fetchAll(
                db, sql: "SELECT id, name, currency FROM trip WHERE name_key LIKE ? || '%' ESCAPE '\\' ORDER BY name_key",
                arguments: [likePattern(key)])
            if prefixed.count == 1 { return try trip(prefixed[0]) }
            if prefixed.count > 1 {
                throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: prefixed.map { $0[1] })
            }
        }
        let names = try String.fetchAll(db, sql: "SELECT name FROM trip ORDER BY name_key")
        throw ResolutionError.unknown(what: "trip", reference: reference, candidates: names)
    }

    public func currentTrip() async throws -> Trip? {
        try database.read { db in try Self.currentTrip(db) }
    }

    static func currentTrip(_ db: Database) throws -> Trip? {
        try Row.fetchOne(db, sql: """
            SELECT t.id, t.name, t.currency FROM setting s JOIN trip t ON t.id = s.value WHERE s.key = 'current_trip'
            """).map(trip)
    }

    public func setCurrentTrip(_ id: TripID?) async throws {
        try database.write { db in
            if let id {
                try db.execute(
                    sql: "INSERT INTO setting (key, value) VALUES ('current_trip', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    arguments: [id.rawValue])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = 'current_trip'")
            }
        }
    }

    public func renameTrip(_ id: TripID, to newName: String, at: Timestamp) async throws {
        let name = try NameRules.trip(newName)
        try write(id, at: at) { writer in
            try writer.apply(.renameTrip(name))
        }
    }

    public func deleteTrip(_ id: TripID) async throws {
        try database.write { db in
            try TripWriter.deleteTrip(self, db, id)
        }
    }

    public func rates(trip: TripID) async throws -> [String: ExchangeRate] {
        try database.read { db in try rates(db, trip: trip) }
    }

    /// The trip's rates by currency code.
    func rates(_ db: Database, trip: TripID) throws -> [String: ExchangeRate] {
        var rates: [String: ExchangeRate] = [:]
        let rows = try Row.fetchAll(db, sql: "SELECT trip_id, currency, rate FROM trip_rate WHERE trip_id = ?",
                                    arguments: [trip.rawValue])
        for row in rows {
            let stored = StoredRow(row, table: "trip_rate")
            let code = try stored.text(1, "currency")
            guard let rate = try? ExchangeRate(parsing: try stored.text(2, "rate")) else {
                throw stored.unreadable(2, "rate (currency \(code))", expected: "a positive decimal rate")
            }
            rates[code] = rate
        }
        return rates
    }

    public func setRate(trip: TripID, currency: Currency, rate: ExchangeRate, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.setRate(currency, rate))
        }
    }

    /// A trip from a row whose first columns are `id, name, currency`.
    static func trip(_ row: Row) throws -> Trip {
        let stored = StoredRow(row, table: "trip")
        var currencies = CurrencyCache()
        return Trip(id: TripID(try stored.text(0, "id")), name: try stored.text(1, "name"),
                    currency: try stored.currency(2, "currency", cache: &currencies))
    }
}

/// Escapes `%`, `_` and `\` so user text is matched literally by `LIKE ... ESCAPE '\'`.
func likePattern(_ text: String) -> String {
    var escaped = ""
    for character in text {
        if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
        escaped.append(character)
    }
    return escaped
}
