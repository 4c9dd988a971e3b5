/// A currency written on an amount, before or after the number: `€12`, `12€`, `S/12`, `$12`,
/// `12PEN`, `12 pen`. The one rule for when such an amount is taken as it is.
///
/// A mark is taken when it agrees with the currency the amount is in (`--currency`, else the
/// trip's): `S/12` in a trip in soles is 12 soles, and `$12` in a USD, CAD or MXN trip is 12 of
/// its dollars or pesos, as people there write them. A mark that names another currency
/// (`€12` in soles) is never converted or guessed: the person is told how to give it.
public enum CurrencyMark {
    /// What a marked amount comes to, for the currency it is in.
    public enum Reading: Equatable, Sendable {
        /// The mark agrees: the number alone, to be parsed as any amount (`12`, or `12,50`,
        /// which the strict parser then refuses with its own hint).
        case agrees(number: String)
        /// The mark names other currencies, the likeliest first (`$`: USD, then CAD, …).
        case other(codes: [String], number: String)
    }

    /// `text` read for `currency`, or nil when it carries no mark split knows.
    public static func read(_ text: String, in currency: Currency) -> Reading? {
        guard let (mark, number) = split(text) else { return nil }
        let codes = codes(for: mark)
        guard !codes.isEmpty else { return nil }
        return codes.contains(currency.code) ? .agrees(number: number) : .other(codes: codes, number: number)
    }

    /// The currencies `mark` is written for, the likeliest first; empty when it is none. An ISO
    /// code in any case names its currency; symbols are matched ignoring case (`s/`, `us$`).
    public static func codes(for mark: String) -> [String] {
        let trimmed = mark.trimmingSpaces
        if trimmed.count == 3, let currency = try? Currency(code: trimmed) { return [currency.code] }
        return symbols[trimmed.uppercased()] ?? []
    }

    /// The mark and the number of `text`: everything before its first ASCII digit or after its
    /// last, when exactly one side has something (`S/ 12`, `12€`). nil when neither or both do.
    static func split(_ text: String) -> (mark: String, number: String)? {
        let trimmed = text.trimmingSpaces
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        guard let first = trimmed.firstIndex(where: isDigit), let last = trimmed.lastIndex(where: isDigit) else { return nil }
        let before = String(trimmed[..<first]).trimmingSpaces
        let after = String(trimmed[trimmed.index(after: last)...]).trimmingSpaces
        guard before.isEmpty != after.isEmpty else { return nil }
        return (before.isEmpty ? after : before, String(trimmed[first...last]))
    }

    /// The symbols people write, upper-cased, and the ISO codes each stands for, the likeliest first.
    private static let symbols: [String: [String]] = [
        "$": ["USD", "CAD", "AUD", "NZD", "MXN", "ARS", "CLP", "COP", "SGD", "HKD", "TWD", "UYU"],
        "US$": ["USD"], "C$": ["CAD"], "CA$": ["CAD"], "A$": ["AUD"], "AU$": ["AUD"], "NZ$": ["NZD"], "MX$": ["MXN"],
        "HK$": ["HKD"], "S$": ["SGD"], "NT$": ["TWD"], "R$": ["BRL"],
        "€": ["EUR"], "£": ["GBP"], "¥": ["JPY", "CNY"], "円": ["JPY"], "元": ["CNY"], "₩": ["KRW"], "₹": ["INR"],
        "₽": ["RUB"], "₺": ["TRY"], "₫": ["VND"], "฿": ["THB"], "₱": ["PHP"], "₪": ["ILS"], "₴": ["UAH"], "₦": ["NGN"],
        "₡": ["CRC"], "₲": ["PYG"], "S/": ["PEN"], "S/.": ["PEN"], "BS": ["BOB"], "ZŁ": ["PLN"], "KČ": ["CZK"],
        "FT": ["HUF"], "KR": ["SEK", "NOK", "DKK", "ISK"], "FR": ["CHF"], "RP": ["IDR"], "RM": ["MYR"],
    ]
}
