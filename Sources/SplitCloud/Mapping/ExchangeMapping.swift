import SplitAPI
import SplitCore

/// Settle steps (feature `conversions`) between the domain and the contract: a step's
/// exchanges out in a `recordExchanges` op, and the feed's steps in. Amounts travel as signed
/// integers of minor units, so nothing is rounded either way.
enum ExchangeMapping {
    static func data(_ step: ExchangeStep) -> Components.Schemas.ExchangeStepData {
        .init(id: step.id.rawValue, exchanges: step.exchanges.map { exchange in
            .init(id: exchange.id.rawValue, memberId: exchange.member.rawValue, fromMinorUnits: exchange.from.minorUnits,
                  fromCurrency: exchange.from.currency.code, toMinorUnits: exchange.to.minorUnits,
                  toCurrency: exchange.to.currency.code, exchangeDate: NodeForms.text(exchange.date))
        })
    }

    /// A step of the feed, a tombstone, or held: a server's step is input like any other, so
    /// one that does not read (an unknown currency, a bad date) or breaks SplitCore's step
    /// rule is kept and listed, never written.
    static func item(_ wire: Components.Schemas.ExchangeStepChange) -> RemoteItem {
        let id = ExchangeID(wire.id)
        let key = SyncItemKey.exchanges(id)
        guard !wire.deleted else { return RemoteItem(key: key, revision: wire.revision, value: nil) }
        let createdAt = wire.createdAt.flatMap { Timestamp(iso8601: $0) }
        func held(_ reason: String) -> RemoteItem {
            RemoteItem(key: key, revision: wire.revision, value: nil, createdAt: createdAt,
                       held: HeldVersion(body: WireBody.text(wire), reason: reason))
        }
        var exchanges: [CurrencyExchange] = []
        for item in wire.exchanges ?? [] {
            guard let from = try? Currency(code: item.fromCurrency), let to = try? Currency(code: item.toCurrency),
                  let date = NodeForms.date(item.exchangeDate) else {
                return held("a currency exchange has a currency or date split cannot read")
            }
            exchanges.append(CurrencyExchange(
                id: ExchangeID(item.id), step: id, member: MemberID(item.memberId),
                from: Money(minorUnits: item.fromMinorUnits, currency: from), to: Money(minorUnits: item.toMinorUnits, currency: to),
                date: date))
        }
        let step = ExchangeStep(id: id, exchanges: exchanges)
        do {
            try step.validate()
        } catch {
            return held(error.description)
        }
        return RemoteItem(key: key, revision: wire.revision, value: .exchanges(step), createdAt: createdAt)
    }
}
