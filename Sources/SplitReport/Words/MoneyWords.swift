import SplitCore

/// Amounts for sentences: `¥4,000`, `$2.63`, `€12.50`, `CHF 1,200.00`.
///
/// Tables keep plain numbers (`Amounts`), which line up and paste into a spreadsheet; a
/// sentence about what you pay reads better the way a receipt writes it. Symbols are used only
/// where one is unambiguous within the currencies split knows; the others keep their code.
public enum MoneyWords {
    public static func text(_ minor: Int64, _ currency: Currency) -> String {
        let plain = DecimalText.major(minor == .min ? .max : abs(minor), exponent: currency.exponent, padded: true)
        let grouped = group(plain)
        let sign = minor < 0 ? "-" : ""
        if let symbol = symbols[currency.code] { return sign + symbol + grouped }
        return sign + currency.code + " " + grouped
    }

    /// `1234567.89` → `1,234,567.89`.
    public static func group(_ plain: String) -> String {
        let parts = plain.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0])
        var out = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return parts.count > 1 ? out + "." + parts[1] : out
    }

    public static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "KRW": "₩", "INR": "₹",
        "AUD": "A$", "CAD": "C$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$", "THB": "฿", "VND": "₫",
        "PHP": "₱", "MYR": "RM", "IDR": "Rp",
    ]
}
