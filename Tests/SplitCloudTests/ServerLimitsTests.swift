import SplitCloud
import SplitCore
import Testing

/// What a server can hold is one value: the Node server's capabilities say exactly
/// ``ServerLimits/node``, and split-server's follow its features.
@Suite("server limits")
struct ServerLimitsTests {
    @Test("the Node server's capabilities are ServerLimits.node; split-server's follow its features")
    func limitsFollowFeatures() throws {
        #expect(ServerCapabilities.node.limits == .node)
        let older = ServerCapabilities(features: [.payments], isSplitServer: true)
        #expect(older.limits.currencies == CurrencyTable.appCurrencies)
        #expect(!older.limits.expenseNotes && older.limits.paymentNotes && !older.limits.renamesMembers)
        let every = ServerCapabilities(features: Set(ServerCapabilities.Feature.allCases), isSplitServer: true)
        #expect(every.limits == ServerLimits())
        let koruna = try Currency(code: "CZK")
        #expect(every.limits.accepts(koruna) && !ServerLimits.node.accepts(koruna))
    }
}
