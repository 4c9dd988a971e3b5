import GRDB
import SplitCore

extension TripWriter {
    /// Creates the writer's trip. Trip names are unique on this device (case-insensitive).
    func createTrip(name: String, currency: Currency) throws {
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE name_key = ?", arguments: [Member.key(for: name)]) == true {
            throw StoreError.duplicateTripName(name)
        }
        try insertTrip(name: name, currency: currency)
        try log("trip.create", "created trip '\(name)' (\(currency.code))", undo: .none)
    }

    func renameTrip(to name: String) throws {
        guard let old = try String.fetchOne(db, sql: "SELECT name FROM trip WHERE id = ?", arguments: [trip.rawValue]) else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE name_key = ? AND id <> ?",
                             arguments: [Member.key(for: name), trip.rawValue]) == true {
            throw StoreError.duplicateTripName(name)
        }
        try db.execute(sql: "UPDATE trip SET name = ?, name_key = ? WHERE id = ?",
                       arguments: [name, Member.key(for: name), trip.rawValue])
        if linked {
            let currency = try String.fetchOne(db, sql: "SELECT currency FROM trip WHERE id = ?", arguments: [trip.rawValue])
            try queue(.renameGroup(name: name), before: .group(name: old, currency: currency.flatMap { try? Currency(code: $0) }))
        }
        try log("trip.rename", "renamed trip '\(old)' to '\(name)'", undo: .renameTrip(name: old))
    }

    /// Sets the rate of `currency` into the trip's currency, or removes it when nil.
    func setRate(_ currency: Currency, _ rate: ExchangeRate?) throws {
        guard let home = try String.fetchOne(db, sql: "SELECT currency FROM trip WHERE id = ?", arguments: [trip.rawValue]) else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
        let old = try String.fetchOne(db, sql: "SELECT rate FROM trip_rate WHERE trip_id = ? AND currency = ?",
                                      arguments: [trip.rawValue, currency.code])
        try writeRate(currency.code, rate?.text)
        if linked {
            try queue(.setRate(currency: currency, rate: rate),
                      before: try old.map { .rate(currency: currency, rate: try ExchangeRate(parsing: $0) ) })
        }
        if let rate {
            try log("rate.set", "set rate 1 \(currency.code) = \(rate.text) \(home)", undo: .setRate(currency: currency.code, rate: old))
        }
    }

    // MARK: Rows

    func insertTrip(name: String, currency: Currency) throws {
        try db.execute(sql: "INSERT INTO trip (id, name, name_key, currency, created_at) VALUES (?, ?, ?, ?, ?)",
                       arguments: [trip.rawValue, name, Member.key(for: name), currency.code, at.iso8601])
    }

    /// Writes a rate row (`rate` as stored text), or removes it when nil. `keep` leaves an
    /// existing rate as it is (an import never overwrites one).
    func writeRate(_ currency: String, _ rate: String?, keep: Bool = false) throws {
        if let rate {
            try db.execute(sql: keep
                ? "INSERT INTO trip_rate (trip_id, currency, rate) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
                : "INSERT INTO trip_rate (trip_id, currency, rate) VALUES (?, ?, ?) ON CONFLICT (trip_id, currency) DO UPDATE SET rate = excluded.rate",
                arguments: [trip.rawValue, currency, rate])
        } else {
            try db.execute(sql: "DELETE FROM trip_rate WHERE trip_id = ? AND currency = ?", arguments: [trip.rawValue, currency])
        }
    }

    /// Deletes the trip and everything in it. Rows go children-first so the balance triggers
    /// always see consistent parents.
    static func deleteTrip(_ backend: LocalBackend, _ db: Database, _ trip: TripID) throws {
        try backend.requireTrip(db, trip)
        let id = trip.rawValue
        try db.execute(sql: "DELETE FROM payment WHERE trip_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM expense_split WHERE expense_id IN (SELECT id FROM expense WHERE trip_id = ?)",
                       arguments: [id])
        try db.execute(sql: "DELETE FROM expense WHERE trip_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM balance_total WHERE trip_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM trip WHERE id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM setting WHERE key = 'current_trip' AND value = ?", arguments: [id])
    }
}
