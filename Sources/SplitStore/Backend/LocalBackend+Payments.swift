import GRDB
import SplitCore

extension LocalBackend {
    @discardableResult
    public func addPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> Payment {
        try write(trip, at: at) { writer in
            try writer.apply(.addPayment(payment))
        }
        return payment
    }

    public func payments(trip: TripID) async throws -> [Payment] {
        try database.read { db in try payments(db, trip: trip) }
    }

    /// Live payments, newest date first.
    func payments(_ db: Database, trip: TripID) throws -> [Payment] {
        try PaymentRecord.live(trip).fetchAll(db).map(\.payment)
    }

    /// One live payment of the trip, or nil.
    func payments(_ db: Database, trip: TripID, id: PaymentID) throws -> Payment? {
        try PaymentRecord.live(trip).filter(PaymentRecord.Columns.id == id.rawValue).fetchOne(db)?.payment
    }
}
