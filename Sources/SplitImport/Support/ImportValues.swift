import SplitCore

/// Conversions every reader shares, each failing with the location it was given.
///
/// Locations are autoclosures: they are built only for an error, not for each of the
/// hundreds of thousands of values a large file holds.
enum ImportValues {
    static func currency(_ code: String, at location: @autoclosure () -> String) throws(ImportError) -> Currency {
        do {
            return try Currency(code: code.trimmingSpaces.uppercased())
        } catch {
            throw ImportError(location(), "unknown currency '\(code)'; accepted: ISO 4217 codes such as USD, EUR, JPY")
        }
    }

    /// Minor units of a floating-point amount (half to even), or an error naming the value.
    static func minorUnits(_ value: Double, _ currency: Currency, at location: @autoclosure () -> String) throws(ImportError) -> Int64 {
        guard let minor = FloatAmounts.minorUnits(value, currency: currency) else {
            throw ImportError(location(), "amount \(value) is not a usable number of \(currency.code)")
        }
        return minor
    }

    /// Minor units of an exact decimal text such as `-15.00` (a sign is allowed; zero too).
    static func decimal(_ text: String, _ currency: Currency, at location: @autoclosure () -> String) throws(ImportError) -> Int64 {
        var body = Substring(text.trimmingSpaces)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        do {
            let minor = try AmountParser.parse(String(body), currency: currency, allowingZero: true)
            return negative ? -minor : minor
        } catch {
            throw ImportError(location(), "'\(text)' is not an amount in \(currency.code): \(error.message)")
        }
    }

    /// A date written `YYYY-MM-DD` or as an ISO 8601 time (`2025-01-20T14:35:00Z`, with or
    /// without fractional seconds, `Z` or an offset). The calendar date is the one written: the
    /// app wrote the traveller's own day, and guessing a time zone would move expenses.
    static func date(_ text: String, at location: @autoclosure () -> String) throws(ImportError) -> CivilDate {
        let trimmed = text.trimmingSpaces
        if trimmed.utf8.count >= 10, let date = CivilDate(parsing: String(trimmed.prefix(10))),
           trimmed.utf8.count == 10 || trimmed.dropFirst(10).first == "T" || trimmed.dropFirst(10).first == " " {
            return date
        }
        throw ImportError(location(), "'\(text)' is not a date; accepted: YYYY-MM-DD or an ISO 8601 time")
    }

    /// An ISO 8601 instant for creation times; nil when absent or unreadable (it only orders).
    static func timestamp(_ text: String?) -> Timestamp? {
        guard let text else { return nil }
        if let exact = Timestamp(iso8601: text) { return exact }
        guard let date = CivilDate(parsing: String(text.prefix(10))) else { return nil }
        return Timestamp(millisecondsSince1970: date.daysSinceEpoch * 86_400_000)
    }

    /// The value that occurs most often, ties going to the one seen first; nil when empty.
    /// A trip's currency when the source names none: the one most of its expenses use.
    static func mostUsed<Value: Hashable>(_ values: some Sequence<Value>) -> Value? {
        var counts: [Value: Int] = [:]
        var order: [Value] = []
        for value in values {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        var best: Value?
        for value in order where best == nil || counts[value]! > counts[best!]! { best = value }
        return best
    }

    /// Seconds since 2001-01-01T00:00:00Z (Apple's reference date), as the app stores times.
    static func appReferenceDate(_ seconds: Double, at location: @autoclosure () -> String) throws(ImportError) -> CivilDate {
        guard seconds.isFinite, abs(seconds) < 1e11 else {
            throw ImportError(location(), "\(seconds) is not a time in seconds since 2001-01-01")
        }
        let unixMillis = Int64((seconds * 1000).rounded(.down)) + 978_307_200_000
        return Timestamp(millisecondsSince1970: unixMillis).utcDate
    }
}

extension String {
    var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
