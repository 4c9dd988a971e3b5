extension Trip {
    /// The home currency of a server group: the one it states, else the currency most of its
    /// expenses are in (ties to the lower code), else JPY, the Node server's default. Node
    /// groups state none. One rule, so a linked trip and the server's shared page agree.
    public static func homeCurrency(stated: Currency?, expenseCurrencies: some Sequence<Currency>) -> Currency {
        if let stated { return stated }
        var counts: [Currency: Int] = [:]
        for currency in expenseCurrencies { counts[currency, default: 0] += 1 }
        let common = counts.max { ($0.value, $1.key.code) < ($1.value, $0.key.code) }?.key
        // JPY is in SplitCore's table, so this cannot throw.
        return common ?? (try! Currency(code: "JPY"))
    }
}
