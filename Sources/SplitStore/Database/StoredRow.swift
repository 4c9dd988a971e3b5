import GRDB
import SplitCore

/// One fetched row, read column by column with its table and row id at hand, so a value that
/// is not what its column should hold stops the read with ``StoreError/unreadable(table:id:column:value:expected:)``
/// instead of becoming a default (an epoch, a 1970 date, JPY, `Other`) or crashing.
///
/// The schema's CHECK constraints keep such values out, but another program or
/// `PRAGMA ignore_check_constraints` can still write them, and a reading command must say
/// where the damage is rather than show made-up data.
struct StoredRow: StrictColumns {
    let row: Row
    /// The table the row comes from, for the message.
    let table: String
    /// The index of the row's id column.
    let idColumn: Int

    init(_ row: Row, table: String, idColumn: Int = 0) {
        self.row = row
        self.table = table
        self.idColumn = idColumn
    }

    /// The row's id as stored, for messages.
    var id: String {
        let value: DatabaseValue = row[idColumn]
        return String.fromDatabaseValue(value) ?? value.description
    }

    func unreadable(_ index: Int, _ column: String, expected: String) -> StoreError {
        let value: DatabaseValue = row[index]
        return .unreadable(table: table, id: id, column: column, value: value.description, expected: expected)
    }

    /// Text; numbers stored in a text column are refused too.
    func text(_ index: Int, _ column: String) throws -> String {
        let value: DatabaseValue = row[index]
        guard case .string(let text) = value.storage else { throw unreadable(index, column, expected: "text") }
        return text
    }

    func optionalText(_ index: Int, _ column: String) throws -> String? {
        let value: DatabaseValue = row[index]
        switch value.storage {
        case .null: return nil
        case .string(let text): return text
        default: throw unreadable(index, column, expected: "text or NULL")
        }
    }

    /// A whole number stored as an integer: text or a real is refused, never converted.
    func integer(_ index: Int, _ column: String) throws -> Int64 {
        let value: DatabaseValue = row[index]
        guard case .int64(let number) = value.storage else { throw unreadable(index, column, expected: "a whole number") }
        return number
    }

    /// 0 or 1.
    func flag(_ index: Int, _ column: String) throws -> Bool {
        let value: DatabaseValue = row[index]
        guard case .int64(let number) = value.storage, number == 0 || number == 1 else {
            throw unreadable(index, column, expected: "0 or 1")
        }
        return number == 1
    }

    func optionalTimestamp(_ index: Int, _ column: String) throws -> Timestamp? {
        guard let text = try optionalText(index, column) else { return nil }
        guard let instant = Timestamp(iso8601: text) else {
            throw unreadable(index, column, expected: "a UTC timestamp such as 2025-01-20T09:30:00.000Z, or NULL")
        }
        return instant
    }

    /// An amount: a whole number of minor units in `currency`.
    func money(_ index: Int, _ column: String, _ currency: Currency) throws -> Money {
        Money(minorUnits: try integer(index, column), currency: currency)
    }
}

/// Caches `Currency` values by code while decoding many rows.
struct CurrencyCache {
    private var known: [String: Currency] = [:]

    /// The currency of `code`, or nil when it is not an ISO 4217 code split knows.
    mutating func currency(_ code: String) -> Currency? {
        if let hit = known[code] { return hit }
        guard let currency = try? Currency(code: code) else { return nil }
        known[code] = currency
        return currency
    }
}
