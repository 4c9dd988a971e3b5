import GRDB
import SplitCore

extension LocalBackend {
    /// Records a settle step in one currency: `plan` turns the trip's balances and rates, read
    /// in the same write transaction (so no change made meanwhile is left out), into the currency
    /// exchanges and the payments to record, written as one change that undo reverts whole
    /// (`settle --record --in`). Returns what it recorded.
    public func recordSettlementInOne(
        trip: TripID, at: Timestamp,
        _ plan: ([CurrencyBalances], [String: ExchangeRate]) throws -> (exchanges: [CurrencyExchange], payments: [Payment])
    ) async throws -> (exchanges: [CurrencyExchange], payments: [Payment]) {
        try write(trip, at: at) { writer in
            let step = try plan(try balances(writer.db, trip: trip), try TripRateRecord.rates(writer.db, trip: trip))
            try writer.apply(.settleInOne(exchanges: step.exchanges, payments: step.payments))
            return step
        }
    }

    /// The trip's currency exchanges, newest first.
    public func exchanges(trip: TripID) async throws -> [CurrencyExchange] {
        try database.read { db in try ExchangeRecord.exchanges(db, trip: trip) }
    }

    /// Whether the trip holds currency exchanges, which only split-server with `conversions` holds.
    public func hasExchanges(trip: TripID) async throws -> Bool {
        try database.read { db in try ExchangeRecord.any(db, trip: trip) }
    }
}
