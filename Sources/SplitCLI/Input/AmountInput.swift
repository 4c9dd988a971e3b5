import SplitCore

/// Reads an amount typed on the command line (`add-expense`'s AMOUNT, `--amount`, `pay`'s
/// AMOUNT) strictly, as ``AmountParser`` does, and refuses a malformed one with its plain
/// reading as a hint (SplitCore's ``AmountReading``): `did you mean 12.50?`, or give the
/// currency with `--currency`. Nothing is guessed: the hint only says what to type.
enum AmountInput {
    static func money(_ text: String, currency: Currency) throws -> Money {
        do {
            return try Money(parsing: text, currency: currency)
        } catch .malformed(let typed) {
            throw CLIError.data(refusal(typed))
        }
    }

    /// `add-expense 120 "Tacos"`: a description that is a number and an amount that is not
    /// (and reads as no number either) look swapped.
    static func checkOrder(description: String, amount: String) throws {
        guard AmountParser.isPlainDecimal(description.trimmingSpaces), !AmountParser.isPlainDecimal(amount),
              AmountReading.of(amount) == nil else { return }
        throw CLIError.data("amount '\(amount)' is not a number, but the description '\(description)' is; "
                            + "the two look swapped (DESCRIPTION comes first, then AMOUNT)")
    }

    /// The refusal of a malformed amount, with its reading when it has one.
    static func refusal(_ text: String) -> String {
        let head = "amount '\(text)' is not a plain decimal number"
        switch AmountReading.of(text) {
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
