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
struct RawRow: StrictColumns {
    let handle: SQLiteStatement
    let table: String
    let idColumn: Int32

    /// The row's id as stored, for messages.
    var id: String {
        let value = DatabaseValue(sqliteStatement: handle, index: idColumn)
        return String.fromDatabaseValue(value) ?? value.description
    }

    func unreadable(_ index: Int, _ column: String, expected: String) -> StoreError {
        .unreadable(table: table, id: id, column: column,
                    value: DatabaseValue(sqliteStatement: handle, index: Int32(index)).description, expected: expected)
    }

    /// The bytes of a text cell, valid until the next step; anything but text is refused.
    func bytes(_ index: Int, _ column: String) throws -> UnsafeBufferPointer<UInt8> {
        guard sqlite3_column_type(handle, Int32(index)) == SQLITE_TEXT else { throw unreadable(index, column, expected: "text") }
        return textBytes(Int32(index))
    }

    func text(_ index: Int, _ column: String) throws -> String {
        String(decoding: try bytes(index, column), as: UTF8.self)
    }

    func optionalText(_ index: Int, _ column: String) throws -> String? {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return String(decoding: textBytes(Int32(index)), as: UTF8.self)
        default: throw unreadable(index, column, expected: "text or NULL")
        }
    }

    /// A whole number stored as an integer: text or a real is refused, never converted.
    func integer(_ index: Int, _ column: String) throws -> Int64 {
        guard sqlite3_column_type(handle, Int32(index)) == SQLITE_INTEGER else {
            throw unreadable(index, column, expected: "a whole number")
        }
        return sqlite3_column_int64(handle, Int32(index))
    }

    /// 0 or 1.
    func flag(_ index: Int, _ column: String) throws -> Bool {
        let cell = Int32(index)
        let number = sqlite3_column_type(handle, cell) == SQLITE_INTEGER ? sqlite3_column_int64(handle, cell) : -1
        guard number == 0 || number == 1 else { throw unreadable(index, column, expected: "0 or 1") }
        return number == 1
    }

    private func textBytes(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let start = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: count)
    }
}
