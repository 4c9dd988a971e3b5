import SplitCore

/// Reading a row's columns strictly: a value that is not what its column holds stops the
/// read with ``StoreError/unreadable(table:id:column:value:expected:)`` instead of becoming a
/// default. ``StoredRow`` (a GRDB row, read by column name) and ``RawRow`` (a statement
/// stepped through SQLite's C API, read by a field of its fixed SELECT) give the text and the
/// error; the typed readings are written once, here.
protocol StrictColumns {
    /// What names a column: a GRDB `Column` for ``StoredRow``, a listing field for ``RawRow``.
    associatedtype Key
    /// Text; anything else (a number in a text column) is refused.
    func text(_ column: Key) throws -> String
    func unreadable(_ column: Key, expected: String) -> StoreError
}

extension StrictColumns {
    func date(_ column: Key) throws -> CivilDate {
        guard let date = CivilDate(parsing: try text(column)) else {
            throw unreadable(column, expected: "a date such as 2025-01-20")
        }
        return date
    }

    func timestamp(_ column: Key) throws -> Timestamp {
        guard let instant = Timestamp(iso8601: try text(column)) else {
            throw unreadable(column, expected: "a UTC timestamp such as 2025-01-20T09:30:00.000Z")
        }
        return instant
    }

    func currency(_ column: Key, cache: inout CurrencyCache) throws -> Currency {
        guard let currency = cache.currency(try text(column)) else {
            throw unreadable(column, expected: currencyExpected)
        }
        return currency
    }

    /// A category name as the trip spells it (``SplitCore/NameRules/category(_:)``).
    func category(_ column: Key) throws -> Category {
        let name = try text(column)
        guard (try? NameRules.category(name)) == name else {
            throw unreadable(column, expected: "a category name of 1 to \(NameRules.maxLength) characters")
        }
        return Category(rawValue: name)
    }
}

/// What a currency column must hold, in messages.
let currencyExpected = "an ISO 4217 currency code"
