import GRDB
import SplitCore

private typealias Columns = ExchangeRecord.Columns

extension TripWriter {
    /// Records one `settle --record --in` step: the currency exchanges, then the payments of
    /// the plan in the target currency, as one activity entry that undo reverts whole.
    ///
    /// No server holds exchanges yet, so a linked trip refuses the step before anything is
    /// written (the command says so first, with exit 69; this keeps the store honest too).
    func settleInOne(exchanges: [CurrencyExchange], payments: [Payment]) throws {
        guard !exchanges.isEmpty || !payments.isEmpty else { return }
        if linked {
            throw StoreError.serverCannot("the server of this trip cannot hold currency exchanges; settle each currency "
                                          + "with: split settle --record")
        }
        let names = try MemberRecord.names(db, trip: trip)
        for exchange in exchanges {
            try check(exchange, names: names)
            try ExchangeRecord.insert(db, exchange, trip: trip, createdAt: at)
        }
        for payment in payments {
            try check(payment, names: names)
            try insertPayment(payment)
        }
        let target = exchanges.first?.to.currency ?? payments.first?.amount.currency
        var summary = "settled in \(target?.code ?? "one currency"): "
            + "\(exchanges.count) currency exchange\(exchanges.count == 1 ? "" : "s")"
        if !payments.isEmpty {
            summary += "; recorded \(payments.count) payment\(payments.count == 1 ? "" : "s"): "
                + payments.map { PaymentRecord.describe($0, names) }.joined(separator: "; ")
        }
        try log("settle.in", summary, undo: .removeSettleStep(exchanges: exchanges.map(\.id.rawValue),
                                                              payments: payments.map(\.id.rawValue)))
    }

    /// Removes exchanges for good: they are only ever taken back whole, by undo.
    func removeExchanges(_ ids: [ExchangeID]) throws {
        guard !ids.isEmpty else { return }
        try ExchangeRecord.filter(Columns.tripID == trip.rawValue && ids.map(\.rawValue).contains(Columns.id)).deleteAll(db)
    }

    /// SplitCore's exchange rule and a live member, for the origins that validate.
    private func check(_ exchange: CurrencyExchange, names: [MemberID: String]) throws {
        guard origin.validates else { return }
        do {
            try exchange.validate()
        } catch {
            throw StoreError.invalid(error.description)
        }
        guard names[exchange.member] != nil else {
            throw StoreError.notFound("no member with id '\(exchange.member.rawValue)' in this trip")
        }
    }
}
