import GRDB
import SplitCore

private typealias Columns = ExchangeRecord.Columns

extension TripWriter {
    /// Records one `settle --record --in` step: the currency exchanges, then the payments of
    /// the plan in the target currency, as one activity entry that undo reverts whole.
    ///
    /// On a linked trip each step goes to the outbox as one operation, then the payments: only
    /// split-server with `conversions` holds exchanges, which the command checks first (exit
    /// 69 elsewhere); the Node server's link refuses here too (``NodeRules``), before anything
    /// is written.
    func settleInOne(exchanges: [CurrencyExchange], payments: [Payment]) throws {
        guard !exchanges.isEmpty || !payments.isEmpty else { return }
        let names = try MemberRecord.names(db, trip: trip)
        let steps = ExchangeStep.steps(exchanges)
        for step in steps {
            if origin.validates {
                do {
                    try step.validate()
                } catch {
                    throw StoreError.invalid(error.description)
                }
            }
            try queue(.recordExchanges(step), before: nil)
        }
        for exchange in exchanges {
            try check(exchange, names: names)
            try ExchangeRecord.insert(db, exchange, trip: trip, createdAt: at)
        }
        for payment in payments {
            try check(payment, names: names)
            try insertPayment(payment)
            try queue(.createPayment(payment), before: nil)
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

    /// Removes exchanges for good: they are only ever taken back whole, by undo. On a linked
    /// trip each step they belong to is removed on the server too.
    func removeExchanges(_ ids: [ExchangeID]) throws {
        guard !ids.isEmpty else { return }
        let rows = ExchangeRecord.filter(Columns.tripID == trip.rawValue && ids.map(\.rawValue).contains(Columns.id))
        if linked {
            let steps = Set(try rows.fetchAll(db).map(\.exchange.step))
            for step in steps.sorted() {
                let before = try before(.exchanges(step))
                try queue(.removeExchanges(step), before: before)
            }
        }
        try rows.deleteAll(db)
    }

    /// Makes the trip hold the server's version of a settle step, or none of it (`step` nil):
    /// what a pull writes. A step never changes, so its rows are replaced whole.
    func putExchanges(_ id: ExchangeID, _ step: ExchangeStep?) throws {
        try ExchangeRecord.ofStep(id, trip: trip).deleteAll(db)
        for exchange in step?.exchanges ?? [] {
            try ExchangeRecord.insert(db, exchange, trip: trip, createdAt: at)
        }
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
