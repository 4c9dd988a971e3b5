import SplitCore

/// Your side of a settle-up plan in words, as every splitter app leads with it:
/// `You pay Chen ¥4,000`, `Bea pays you $2.63`.
enum YourTransfers {
    /// The sentence for a transfer you are part of, or nil.
    static func sentence(_ transfer: Transfer, me: MemberID, _ currency: Currency, _ names: MemberDirectory) -> String? {
        let amount = MoneyWords.text(transfer.amount, currency)
        if transfer.from == me { return "You pay \(names.name(of: transfer.to)) \(amount)" }
        if transfer.to == me { return "\(names.name(of: transfer.from)) pays you \(amount)" }
        return nil
    }

    /// Your net in words: `You owe ¥4,000`, `You are owed $2.63`, `You are even`.
    static func net(_ net: Int64, _ currency: Currency) -> String {
        if net < 0 { return "You owe \(MoneyWords.text(-net, currency))" }
        if net > 0 { return "You are owed \(MoneyWords.text(net, currency))" }
        return "You are even in \(currency.code)"
    }
}
