import SplitAPI
import SplitCore

/// Reads a settle step of the wire (`ExchangeStepData`) into SplitCore's value: ids as
/// UUIDs, currencies as ISO 4217 codes, dates as `YYYY-MM-DD`, each refusal naming its field.
/// The step's own rule (sums, limits) is SplitCore's, applied where it is stored
/// (``ExchangeRepository/record(_:group:user:revision:on:)``).
enum ExchangeInput {
    static func step(_ data: Components.Schemas.ExchangeStepData, field: String) throws(APIError) -> ExchangeStep {
        let step = ExchangeID(try WireInput.uuid(data.id, field: field + "id").uuidString)
        guard data.exchanges.count <= ExchangeStep.maxExchanges else {
            throw APIError.badRequest("\(field)exchanges: \(ExchangeError.tooMany(ExchangeStep.maxExchanges).description)")
        }
        var exchanges: [CurrencyExchange] = []
        for (index, item) in data.exchanges.enumerated() {
            let at = "\(field)exchanges[\(index)]."
            exchanges.append(CurrencyExchange(
                id: ExchangeID(try WireInput.uuid(item.id, field: at + "id").uuidString), step: step,
                member: MemberID(try WireInput.uuid(item.memberId, field: at + "memberId").uuidString),
                from: Money(minorUnits: item.fromMinorUnits, currency: try WireInput.currency(item.fromCurrency, field: at + "fromCurrency")),
                to: Money(minorUnits: item.toMinorUnits, currency: try WireInput.currency(item.toCurrency, field: at + "toCurrency")),
                date: try WireInput.date(item.exchangeDate, field: at + "exchangeDate")))
        }
        return ExchangeStep(id: step, exchanges: exchanges)
    }
}
