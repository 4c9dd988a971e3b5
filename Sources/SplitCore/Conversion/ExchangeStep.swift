/// The currency exchanges of one `settle --record --in` step, as one value: what a server
/// stores, syncs and deletes whole (an exchange is never edited or removed alone), and the
/// unit its rule checks, since only a whole step sums to zero.
public struct ExchangeStep: Hashable, Sendable {
    /// The step's id (``CurrencyExchange/step`` of each exchange).
    public let id: ExchangeID
    /// The exchanges, in id order, so two readers of one step hold equal values.
    public let exchanges: [CurrencyExchange]

    /// At most this many exchanges in one step: one per member and other currency of a trip
    /// far larger than any `split` makes (``NameRules`` caps neither, so this is the bound).
    public static let maxExchanges = 10_000

    public init(id: ExchangeID, exchanges: [CurrencyExchange]) {
        self.id = id
        self.exchanges = exchanges.sorted { $0.id < $1.id }
    }

    /// `exchanges` grouped by step, in the order each step first appears.
    public static func steps(_ exchanges: [CurrencyExchange]) -> [ExchangeStep] {
        var order: [ExchangeID] = []
        var grouped: [ExchangeID: [CurrencyExchange]] = [:]
        for exchange in exchanges {
            if grouped[exchange.step] == nil { order.append(exchange.step) }
            grouped[exchange.step, default: []].append(exchange)
        }
        return order.map { ExchangeStep(id: $0, exchanges: grouped[$0] ?? []) }
    }

    /// The members the step moves.
    public var members: Set<MemberID> { Set(exchanges.map(\.member)) }

    /// SplitCore's rule for a step: one to ``maxExchanges`` exchanges, each valid by
    /// ``CurrencyExchange/validate()``, all of this step, no id twice, and together moving
    /// nothing in any currency (−`from` and +`to` sum to zero per currency), so the nets of a
    /// trip still sum to zero with the step in it.
    public func validate() throws(ExchangeError) {
        guard !exchanges.isEmpty else { throw .emptyStep }
        guard exchanges.count <= Self.maxExchanges else { throw .tooMany(Self.maxExchanges) }
        var ids = Set<ExchangeID>()
        var moved: [Currency: Int128] = [:]
        for exchange in exchanges {
            try exchange.validate()
            guard exchange.step == id else { throw .otherStep(exchange.id.rawValue) }
            guard ids.insert(exchange.id).inserted else { throw .repeated(exchange.id.rawValue) }
            moved[exchange.from.currency, default: 0] -= Int128(exchange.from.minorUnits)
            moved[exchange.to.currency, default: 0] += Int128(exchange.to.minorUnits)
        }
        if let (currency, _) = moved.filter({ $0.value != 0 }).min(by: { $0.key.code < $1.key.code }) {
            throw .unbalanced(currency.code)
        }
    }
}
