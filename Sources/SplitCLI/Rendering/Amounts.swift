import SplitCore

/// Text forms of amounts for tables: padded to the currency's decimals (`10.50`, `3000`).
enum Amounts {
    static func text(_ minor: Int64, _ currency: Currency) -> String {
        DecimalText.major(minor, exponent: currency.exponent, padded: true)
    }

    static func signed(_ minor: Int64, _ currency: Currency) -> String {
        minor > 0 ? "+" + text(minor, currency) : text(minor, currency)
    }
}
