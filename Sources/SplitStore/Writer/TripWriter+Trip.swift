import GRDB
import SplitCore

private typealias Columns = TripRecord.Columns

extension TripWriter {
    /// Creates the writer's trip. Trip names are unique on this device (case-insensitive).
    func createTrip(name: String, currency: Currency) throws {
        if try !TripRecord.named(Member.key(for: name)).isEmpty(db) {
            throw StoreError.duplicateTripName(name)
        }
        try insertTrip(name: name, currency: currency)
        try log("trip.create", "created trip '\(name)' (\(currency.code))", undo: .none)
    }

    func renameTrip(to name: String) throws {
        guard let old = try tripColumn(Columns.name) else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
        if try !TripRecord.named(Member.key(for: name), except: trip).isEmpty(db) {
            throw StoreError.duplicateTripName(name)
        }
        try writeTripName(name)
        if linked {
            let currency = try tripColumn(Columns.currency)
            try queue(.renameGroup(name: name), before: .group(name: old, currency: currency.flatMap { try? Currency(code: $0) }))
        }
        try log("trip.rename", "renamed trip '\(old)' to '\(name)'", undo: .renameTrip(name: old))
    }

    /// Sets the rate of `currency` into the trip's currency, or removes it when nil.
    func setRate(_ currency: Currency, _ rate: ExchangeRate?) throws {
        guard let home = try tripColumn(Columns.currency) else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
        let old = try TripRateRecord.of(trip, currency: currency.code)
            .select(TripRateRecord.Columns.rate, as: String.self).fetchOne(db)
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
        try TripRecord.insert(db, trip, name: name, currency: currency, at: at)
    }

    /// The text of the trip's `column`, or nil when the trip is gone.
    func tripColumn(_ column: Column) throws -> String? {
        try TripRecord.withID(trip).select(column, as: String.self).fetchOne(db)
    }

    /// Names the trip `name`, with its key.
    func writeTripName(_ name: String) throws {
        try TripRecord.withID(trip).updateAll(db, Columns.name.set(to: name), Columns.nameKey.set(to: Member.key(for: name)))
    }

    /// Writes a rate row (`rate` as stored text), or removes it when nil. `keep` leaves an
    /// existing rate as it is (an import never overwrites one).
    func writeRate(_ currency: String, _ rate: String?, keep: Bool = false) throws {
        if let rate {
            try db.execute(sql: keep ? TripRateRecord.addSQL : TripRateRecord.putSQL, arguments: [trip.rawValue, currency, rate])
        } else {
            try TripRateRecord.of(trip, currency: currency).deleteAll(db)
        }
    }

    /// Deletes the trip and everything in it. Rows go children-first so the balance triggers
    /// always see consistent parents.
    static func deleteTrip(_ db: Database, _ trip: TripID) throws {
        try TripRecord.require(db, trip)
        let id = trip.rawValue
        let expenses = ExpenseRecord.filter(ExpenseRecord.Columns.tripID == id)
        try PaymentRecord.filter(PaymentRecord.Columns.tripID == id).deleteAll(db)
        try ExpenseSplitRecord.filter(expenses.select(ExpenseRecord.Columns.id).contains(ExpenseSplitRecord.Columns.expenseID))
            .deleteAll(db)
        try expenses.deleteAll(db)
        try BalanceTotalRecord.filter(BalanceTotalRecord.Columns.tripID == id).deleteAll(db)
        try TripRecord.withID(trip).deleteAll(db)
        try db.execute(sql: "DELETE FROM setting WHERE key = 'current_trip' AND value = ?", arguments: [id])
    }
}
