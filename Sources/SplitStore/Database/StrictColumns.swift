import SplitCore

/// Reading a row's columns strictly: a value that is not what its column holds stops the
/// read with ``StoreError/unreadable(table:id:column:value:expected:)`` instead of becoming a
/// default. ``StoredRow`` (a GRDB row) and ``RawRow`` (a statement stepped through SQLite's C
/// API) give the text and the error; the typed readings are written once, here.
protocol StrictColumns {
    /// Text; anything else (a number in a text column) is refused.
    func text(_ index: Int, _ column: String) throws -> String
    func unreadable(_ index: Int, _ column: String, expected: String) -> StoreError
}

extension StrictColumns {
    func date(_ index: Int, _ column: String) throws -> CivilDate {
        guard let date = CivilDate(parsing: try text(index, column)) else {
            throw unreadable(index, column, expected: "a date such as 2025-01-20")
        }
        return date
    }

    func timestamp(_ index: Int, _ column: String) throws -> Timestamp {
        guard let instant = Timestamp(iso8601: try text(index, column)) else {
            throw unreadable(index, column, expected: "a UTC timestamp such as 2025-01-20T09:30:00.000Z")
        }
        return instant
    }

    func currency(_ index: Int, _ column: String, cache: inout CurrencyCache) throws -> Currency {
        guard let currency = cache.currency(try text(index, column)) else {
            throw unreadable(index, column, expected: "an ISO 4217 currency code")
        }
        return currency
    }

    /// One of the six category names, exactly as stored by split.
    func category(_ index: Int, _ column: String) throws -> Category {
        guard let category = Category(rawValue: try text(index, column)) else {
            throw unreadable(index, column, expected: "one of " + Category.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return category
    }
}
