import GRDB
import SplitCore

/// One fetched row, read by column name with its table and row id at hand, so a value that
/// is not what its column should hold stops the read with ``StoreError/unreadable(table:id:column:value:expected:)``
/// instead of becoming a default (an epoch, a 1970 date, JPY, `Other`) or crashing.
///
/// The schema's CHECK constraints keep such values out, but another program or
/// `PRAGMA ignore_check_constraints` can still write them, and a reading command must say
/// where the damage is rather than show made-up data. Records read their rows through it:
///
/// ```swift
/// let stored = StoredRow(row, table: MemberRecord.databaseTableName)
/// let name = try stored.text(MemberRecord.Columns.name)
/// ```
struct StoredRow: StrictColumns {
    let row: Row
    /// The table the row comes from, for the message.
    let table: String
    /// The column that identifies the row, for the message.
    let idColumn: Column

    init(_ row: Row, table: String, idColumn: Column = Column("id")) {
        self.row = row
        self.table = table
        self.idColumn = idColumn
    }

    /// The row's id as stored, for messages.
    var id: String {
        let value = (try? value(idColumn)) ?? .null
        return String.fromDatabaseValue(value) ?? value.description
    }

    /// The stored value of `column`. A column the statement did not select is a programming
    /// error, thrown as GRDB's "column not found".
    func value(_ column: Column) throws -> DatabaseValue {
        try row.decode(DatabaseValue.self, forColumn: column.name)
    }

    func unreadable(_ column: Column, expected: String) -> StoreError {
        unreadable(column, label: column.name, expected: expected)
    }

    /// The error for `column`, named `label` in the message (a column with context, such as
    /// `rate (currency USD)`).
    func unreadable(_ column: Column, label: String, expected: String) -> StoreError {
        let value = (try? value(column)) ?? .null
        return .unreadable(table: table, id: id, column: label, value: value.description, expected: expected)
    }

    /// Text; numbers stored in a text column are refused too.
    func text(_ column: Column) throws -> String {
        guard case .string(let text) = try value(column).storage else { throw unreadable(column, expected: "text") }
        return text
    }

    func optionalText(_ column: Column) throws -> String? {
        switch try value(column).storage {
        case .null: return nil
        case .string(let text): return text
        default: throw unreadable(column, expected: "text or NULL")
        }
    }

    /// A whole number stored as an integer: text or a real is refused, never converted.
    func integer(_ column: Column) throws -> Int64 {
        guard case .int64(let number) = try value(column).storage else {
            throw unreadable(column, expected: "a whole number")
        }
        return number
    }

    /// A whole number stored as an integer, or NULL.
    func optionalInteger(_ column: Column) throws -> Int64? {
        switch try value(column).storage {
        case .null: return nil
        case .int64(let number): return number
        default: throw unreadable(column, expected: "a whole number or NULL")
        }
    }

    /// 0 or 1.
    func flag(_ column: Column) throws -> Bool {
        guard case .int64(let number) = try value(column).storage, number == 0 || number == 1 else {
            throw unreadable(column, expected: "0 or 1")
        }
        return number == 1
    }

    func optionalTimestamp(_ column: Column) throws -> Timestamp? {
        guard let text = try optionalText(column) else { return nil }
        guard let instant = Timestamp(iso8601: text) else {
            throw unreadable(column, expected: "a UTC timestamp such as 2025-01-20T09:30:00.000Z, or NULL")
        }
        return instant
    }

    /// A synced item's key (`expense:<id>`, ``SplitCore/SyncItemKey``).
    func itemKey(_ column: Column) throws -> SyncItemKey {
        guard let key = SyncItemKey(text: try text(column)) else {
            throw unreadable(column, expected: "an item key such as expense:<id>")
        }
        return key
    }

    /// An amount: a whole number of minor units in `currency`.
    func money(_ column: Column, _ currency: Currency) throws -> Money {
        Money(minorUnits: try integer(column), currency: currency)
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
