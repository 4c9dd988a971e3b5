import Foundation
import SplitCore

/// The currency of a Spliit group: its `currencyCode` (newer groups), else its `currency`, a
/// symbol such as `€` or a code, else the fallback (with a warning).
enum SpliitCurrency {
    static let symbols: [String: String] = ["$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW",
                                            "CHF": "CHF", "kr": "SEK", "zł": "PLN", "R$": "BRL", "A$": "AUD", "C$": "CAD", "₺": "TRY"]

    static func resolve(code: String?, symbol: String?, fallback: Currency, warnings: inout ImportWarnings) -> Currency {
        for text in [code, symbol].compactMap({ $0?.trimmingSpaces }) where !text.isEmpty {
            if let currency = try? Currency(code: text.uppercased()) { return currency }
            if let mapped = symbols[text], let currency = try? Currency(code: mapped) { return currency }
        }
        let written = [code, symbol].compactMap { $0 }.filter { !$0.isEmpty }.first
        warnings.add("the group's currency \(written.map { "'\($0)'" } ?? "is not named"); taken as \(fallback.code)"
                     + (written == nil ? "" : " (not an ISO 4217 code split knows)"))
        return fallback
    }

    /// A note naming the amount in the currency it was paid in (`originally JPY 1500 at 0.0061`),
    /// or nil when there is none. Old Spliit rows hold `originalAmount` in major units, newer
    /// ones in minor units: the reading whose conversion comes nearer `amount` is taken, decided
    /// in integers (``OriginalReading``), and the note quotes the figure exactly.
    static func originalNote(amount: Int64, currency: Currency, original: String?, originalCurrency: String?,
                             rate: String?, fromCSV: Bool = false) -> (note: String, majorUnits: Bool)? {
        guard let original = original?.trimmingSpaces, !original.isEmpty, let code = originalCurrency?.trimmingSpaces, !code.isEmpty,
              let decimal = ExactDecimal(original), decimal.significand != 0 else { return nil }
        guard let originalCurrency = try? Currency(code: code.uppercased()) else { return ("originally \(code) \(original)", false) }
        // The CSV divided originalAmount by 100 whatever it held; the JSON holds it as stored.
        let reading = OriginalReading(stored: decimal, fromCSV: fromCSV)
        let rateValue = rate.flatMap { ExactDecimal($0.trimmingSpaces) } ?? (originalCurrency == currency ? ExactDecimal("1") : nil)
        var major = reading.scale > 0  // a fraction of a stored unit: major units for sure
        if !major, let rateValue, rateValue.significand > 0 {
            major = reading.nearerAsMajor(rate: rateValue, amount: amount, currency: currency, original: originalCurrency)
        }
        let text: String
        if major {
            text = fromCSV ? reading.rounded().map { DecimalText.major($0, exponent: 0, padded: true) } ?? original : original
        } else if let units = fromCSV ? reading.rounded() : decimal.units(exponent: 0, limit: Money.maxMinorUnits) {
            text = DecimalText.major(units, exponent: originalCurrency.exponent, padded: true)
        } else {
            text = original
        }
        let rateText = rate.map { " at \($0.trimmingSpaces)" } ?? ""
        return ("originally \(originalCurrency.code) \(text)\(rateText)", major)
    }
}
