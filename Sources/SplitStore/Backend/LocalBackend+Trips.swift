import GRDB
import SplitCore

extension LocalBackend {
    public func trips() async throws -> [TripOverview] {
        try database.read { db in
            try TripRecord.overviews.fetchAll(db).map { row in
                TripOverview(
                    trip: try TripRecord(row: row).trip, memberCount: row[TripRecord.memberCount],
                    expenseCount: row[TripRecord.expenseCount],
                    createdAt: try StoredRow(row, table: TripRecord.databaseTableName).timestamp(TripRecord.Columns.createdAt))
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
        typealias Columns = TripRecord.Columns
        if let found = try TripRecord.named(key).fetchOne(db) {
            return found.trip
        }
        if key.count >= 6 {
            let rows = try Row.fetchAll(db, TripRecord.prefixed(Columns.id, key).limit(3))
            if rows.count == 1 { return try TripRecord(row: rows[0]).trip }
            if rows.count > 1 {
                throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: rows.map { $0[Columns.name] })
            }
        }
        if !key.isEmpty {
            let prefixed = try Row.fetchAll(db, TripRecord.prefixed(Columns.nameKey, key).order(Columns.nameKey))
            if prefixed.count == 1 { return try TripRecord(row: prefixed[0]).trip }
            if prefixed.count > 1 {
                throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: prefixed.map { $0[Columns.name] })
            }
        }
        let names = try TripRecord.order(Columns.nameKey).select(Columns.name, as: String.self).fetchAll(db)
        throw ResolutionError.unknown(what: "trip", reference: reference, candidates: names)
    }

    public func currentTrip() async throws -> Trip? {
        try database.read { db in try Self.currentTrip(db) }
    }

    static func currentTrip(_ db: Database) throws -> Trip? {
        try TripRecord.current.fetchOne(db)?.trip
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
            try TripWriter.deleteTrip(db, id)
        }
    }

    public func rates(trip: TripID) async throws -> [String: ExchangeRate] {
        try database.read { db in try TripRateRecord.rates(db, trip: trip) }
    }

    public func setRate(trip: TripID, currency: Currency, rate: ExchangeRate, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.setRate(currency, rate))
        }
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
