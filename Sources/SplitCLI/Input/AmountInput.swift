import SplitCore

/// Reads an amount typed on the command line (`add-expense`'s AMOUNT, `--amount`, `pay`'s
/// AMOUNT) strictly, as ``AmountParser`` does, and refuses a malformed one with its plain
/// reading as a hint (SplitCore's ``AmountReading``): `did you mean 12.50?`, or give the
/// currency with `--currency`. A currency mark that agrees with the amount's currency is taken
/// (`S/12` in soles, SplitCore's ``CurrencyMark``); one for another currency is never
/// converted, only answered with what to type.
enum AmountInput {
    /// `currency`: what the amount is in, `--currency` or else the trip's.
    static func money(_ text: String, currency: Currency) throws -> Money {
        do {
            return try Money(parsing: text, currency: currency)
        } catch .malformed(let typed) {
            return try marked(typed, currency: currency)
        }
    }

    /// A malformed amount with a currency mark: the number when the mark is `currency`'s,
    /// else the refusal that says what to type.
    private static func marked(_ typed: String, currency: Currency) throws -> Money {
        switch CurrencyMark.read(typed, in: currency) {
        case .agrees(let number):
            guard AmountParser.isPlainDecimal(number) else { throw CLIError.data(refusal(typed, reading: number)) }
            return try Money(parsing: number, currency: currency)
        case .other(let codes, let number):
            let which = codes.count == 1 ? codes[0] : "\(codes[0]) (or another of its currencies)"
            let plain = AmountParser.isPlainDecimal(number) ? number : plainReading(number) ?? "12.50"
            throw CLIError.data("amount '\(typed)' is marked as \(which), not \(currency.code); "
                                + "did you mean \(plain) --currency \(codes[0])?")
        case nil:
            throw CLIError.data(refusal(typed))
        }
    }

    /// The one plain reading of `number`, if it has one (`12,50`: 12.50).
    private static func plainReading(_ number: String) -> String? {
        if case .number(let reading) = AmountReading.of(number) { return reading }
        return nil
    }

    /// `add-expense 120 "Tacos"`: a description that is a number and an amount that is not
    /// (and reads as no number either) look swapped.
    static func checkOrder(description: String, amount: String) throws {
        guard AmountParser.isPlainDecimal(description.trimmingSpaces), !AmountParser.isPlainDecimal(amount),
              AmountReading.of(amount) == nil else { return }
        throw CLIError.data("amount '\(amount)' is not a number, but the description '\(description)' is; "
                            + "the two look swapped (DESCRIPTION comes first, then AMOUNT)")
    }

    /// The refusal of a malformed amount, with its reading (of `reading`, when the amount's
    /// currency mark is already right: of the number alone) when it has one.
    static func refusal(_ text: String, reading: String? = nil) -> String {
        let head = "amount '\(text)' is not a plain decimal number"
        switch AmountReading.of(reading ?? text) {
        case .none:
            return MoneyError.malformed(text).description
        case .number(let reading):
            return "\(head); did you mean \(reading)?"
        case .either(let first, let second):
            return "\(head); did you mean \(first) or \(second)?"
        case .currency(let code, let number):
            return "\(head); give the number alone and the currency with --currency, e.g. "
                + "\(number ?? "12.50") --currency \(code ?? "USD")"
        }
    }
}
