import SplitCore

/// Your side of a settle-up plan in words, as every splitter app leads with it:
/// `You pay Chen ¥4,000`, `Bea pays you $2.63`.
public enum YourTransfers {
    /// The sentence for a transfer you are part of, or nil.
    public static func sentence(_ transfer: Transfer, me: MemberID, _ currency: Currency, _ names: MemberDirectory) -> String? {
        if transfer.from == me { return sentence(-transfer.amount, with: names.name(of: transfer.to), currency) }
        if transfer.to == me { return sentence(transfer.amount, with: names.name(of: transfer.from), currency) }
        return nil
    }

    /// The transfer between you and `friend` of `amount`: positive, they pay you; negative,
    /// you pay them (`settle --all --mine`, netted across trips).
    public static func sentence(_ amount: Int64, with friend: String, _ currency: Currency) -> String {
        let words = size(amount, currency)
        return amount < 0 ? "You pay \(friend) \(words)" : "\(friend) pays you \(words)"
    }

    /// Where you stand with `friend`, as `split friends` says it: `you owe Bea ¥4,000`,
    /// `Bea owes you $2.63`, `even`.
    public static func standing(_ amounts: [FriendAmount], with friend: String) -> String {
        guard !amounts.isEmpty else { return "even" }
        return amounts.map { entry in
            let words = size(entry.amount, entry.currency)
            return entry.amount < 0 ? "you owe \(friend) \(words)" : "\(friend) owes you \(words)"
        }.joined(separator: ", ")
    }

    /// `amount` without its sign, in words.
    private static func size(_ amount: Int64, _ currency: Currency) -> String {
        MoneyWords.text(amount == .min ? .max : abs(amount), currency)
    }

    /// Your net in words: `You owe ¥4,000`, `You are owed $2.63`, `You are even`.
    public static func net(_ net: Int64, _ currency: Currency) -> String {
        if net < 0 { return "You owe \(MoneyWords.text(-net, currency))" }
        if net > 0 { return "You are owed \(MoneyWords.text(net, currency))" }
        return "You are even in \(currency.code)"
    }
}
