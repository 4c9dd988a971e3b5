/// The ISO 4217 codes `split` accepts, with their minor-unit exponents.
///
/// The rule from the design: JPY, KRW and VND (and the other zero-decimal codes) have 0,
/// BHD, IQD, JOD, KWD, LYD, OMR and TND have 3, everything else has 2. The 20 currencies of the
/// iOS app are all here.
public enum CurrencyTable {
    /// The 20 currencies the iOS app offers, in its order. (The Node server's 4 are
    /// ``ServerLimits/node``'s.)
    public static let appCurrencies: [String] = [
        "USD", "EUR", "GBP", "JPY", "CNY", "HKD", "KRW", "SGD", "MYR", "THB",
        "IDR", "PHP", "VND", "INR", "AUD", "NZD", "CAD", "CHF", "AED", "SAR",
    ]

    static let zeroDecimal: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF",
        "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ]

    static let threeDecimal: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    static let twoDecimal: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
        "BGN", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF",
        "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR",
        "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF",
        "IDR", "ILS", "INR", "IRR", "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP",
        "LKR", "LRD", "LSL", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
        "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK",
        "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD",
        "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TOP",
        "TRY", "TTD", "TWD", "TZS", "UAH", "USD", "UYU", "UZS", "VES", "WST", "XCD", "YER", "ZAR",
        "ZMW", "ZWL",
    ]

    /// Code → exponent for every accepted code.
    public static let exponents: [String: Int] = {
        var table: [String: Int] = [:]
        for code in twoDecimal { table[code] = 2 }
        for code in zeroDecimal { table[code] = 0 }
        for code in threeDecimal { table[code] = 3 }
        return table
    }()
}
