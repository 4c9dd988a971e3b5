import SplitCore
import SplitReport

/// The words for currency exchanges, shared by `settle --record --in` and `split conversions`.
enum ExchangeText {
    /// A table: who, the balance carried out of one currency, and what it became in the other.
    /// A positive amount is one the member was owed; a negative one, owed by them.
    static func table(_ exchanges: [CurrencyExchange], _ directory: MemberDirectory, ids: Bool = false) -> String {
        var table = TextTable((ids ? ["ID", "DATE"] : []) + ["MEMBER", "BALANCE", "", "BECAME"],
                              rightAligned: ids ? [3, 5] : [1, 3])
        for exchange in exchanges {
            table.add((ids ? [exchange.id.short, exchange.date.description] : [])
                      + [directory.name(of: exchange.member), exchange.from.description, "→", exchange.to.description])
        }
        return table.render()
    }
}
