import Foundation
import GRDB
import GRDBSQLite
import SplitCore

/// The current row of a statement being stepped through SQLite's C API, read as strictly as
/// ``StoredRow`` reads a GRDB row: a value that is not what its column holds stops the read
/// with ``StoreError/unreadable(table:id:column:value:expected:)``, naming the row.
///
/// It exists for the one read that meets millions of rows (an expense listing joins every
/// share): GRDB's generic decoding and a new `String` per id cell cost more than SQLite's own
/// work there. Text comes as bytes, compared and interned without copies
/// (``MemberIDInterner``).
struct RawRow {
    let handle: SQLiteStatement
    let table: String
    let idColumn: Int32

    /// The row's id as stored, for messages.
    var id: String {
        let value = DatabaseValue(sqliteStatement: handle, index: idColumn)
        return String.fromDatabaseValue(value) ?? value.description
    }

    func unreadable(_ index: Int32, _ column: String, expected: String) -> StoreError {
        .unreadable(table: table, id: id, column: column,
                    value: DatabaseValue(sqliteStatement: handle, index: index).description, expected: expected)
    }

    /// The bytes of a text cell, valid until the next step; anything but text is refused.
    func bytes(_ index: Int32, _ column: String) throws -> UnsafeBufferPointer<UInt8> {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT else { throw unreadable(index, column, expected: "text") }
        return textBytes(index)
    }

    func text(_ index: Int32, _ column: String) throws -> String {
        String(decoding: try bytes(index, column), as: UTF8.self)
    }

    func optionalText(_ index: Int32, _ column: String) throws -> String? {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return String(decoding: textBytes(index), as: UTF8.self)
        default: throw unreadable(index, column, expected: "text or NULL")
        }
    }

    /// A whole number stored as an integer: text or a real is refused, never converted.
    func integer(_ index: Int32, _ column: String) throws -> Int64 {
        guard sqlite3_column_type(handle, index) == SQLITE_INTEGER else {
            throw unreadable(index, column, expected: "a whole number")
        }
        return sqlite3_column_int64(handle, index)
    }

    /// 0 or 1.
    func flag(_ index: Int32, _ column: String) throws -> Bool {
        let number = sqlite3_column_type(handle, index) == SQLITE_INTEGER ? sqlite3_column_int64(handle, index) : -1
        guard number == 0 || number == 1 else { throw unreadable(index, column, expected: "0 or 1") }
        return number == 1
    }

    func date(_ index: Int32, _ column: String) throws -> CivilDate {
        guard let date = CivilDate(parsing: try text(index, column)) else {
            throw unreadable(index, column, expected: "a date such as 2025-01-20")
        }
        return date
    }

    func timestamp(_ index: Int32, _ column: String) throws -> Timestamp {
        guard let instant = Timestamp(iso8601: try text(index, column)) else {
            throw unreadable(index, column, expected: "a UTC timestamp such as 2025-01-20T09:30:00.000Z")
        }
        return instant
    }

    func currency(_ index: Int32, _ column: String, cache: inout CurrencyCache) throws -> Currency {
        guard let currency = cache.currency(try text(index, column)) else {
            throw unreadable(index, column, expected: "an ISO 4217 currency code")
        }
        return currency
    }

    /// One of the six category names, exactly as stored by split.
    func category(_ index: Int32, _ column: String) throws -> Category {
        guard let category = Category(rawValue: try text(index, column)) else {
            throw unreadable(index, column, expected: "one of " + Category.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return category
    }

    private func textBytes(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let start = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: count)
    }
}

/// Turns the bytes of member id cells into `MemberID`s, making each id's `String` once: a
/// trip has a few members, and a listing meets their ids millions of times.
struct MemberIDInterner {
    private var known: [UInt64: [(bytes: [UInt8], id: MemberID)]] = [:]

    mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> MemberID {
        var key = UInt64(truncatingIfNeeded: bytes.count)
        for (offset, byte) in bytes.prefix(8).enumerated() { key ^= UInt64(byte) << (8 * UInt64(offset)) }
        if let candidates = known[key] {
            for candidate in candidates where Self.same(candidate.bytes, bytes) { return candidate.id }
        }
        let id = MemberID(String(decoding: bytes, as: UTF8.self))
        known[key, default: []].append((Array(bytes), id))
        return id
    }

    /// Byte equality by `memcmp`: the generic `elementsEqual` walks element by element.
    static func same(_ lhs: [UInt8], _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let right = rhs.baseAddress else { return true }
        return lhs.withUnsafeBufferPointer { memcmp($0.baseAddress!, right, rhs.count) == 0 }
    }
}
