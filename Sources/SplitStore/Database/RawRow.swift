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
///
/// Cells are read by position, which costs nothing per row; the positions come from the
/// statement's `Field` type (``ExpenseListing/Field``), which also writes its SELECT list.
struct RawRow<Field: RawField>: StrictColumns {
    let handle: SQLiteStatement
    let table: String
    /// The field that identifies the row, for messages.
    let idField: Field

    /// The row's id as stored, for messages.
    var id: String {
        let value = DatabaseValue(sqliteStatement: handle, index: idField.index)
        return String.fromDatabaseValue(value) ?? value.description
    }

    func unreadable(_ field: Field, expected: String) -> StoreError {
        .unreadable(table: table, id: id, column: field.label,
                    value: DatabaseValue(sqliteStatement: handle, index: field.index).description, expected: expected)
    }

    /// The bytes of a text cell, valid until the next step; anything but text is refused.
    func bytes(_ field: Field) throws -> UnsafeBufferPointer<UInt8> {
        guard sqlite3_column_type(handle, field.index) == SQLITE_TEXT else { throw unreadable(field, expected: "text") }
        return textBytes(field.index)
    }

    func text(_ field: Field) throws -> String {
        String(decoding: try bytes(field), as: UTF8.self)
    }

    func optionalText(_ field: Field) throws -> String? {
        switch sqlite3_column_type(handle, field.index) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return String(decoding: textBytes(field.index), as: UTF8.self)
        default: throw unreadable(field, expected: "text or NULL")
        }
    }

    /// The split as given a cell holds (``SplitRuleText``): a hint, never the truth, so a cell
    /// that is not text, or text this version cannot read, is no rule, like NULL.
    func splitRule(_ field: Field) -> SplitRule? {
        guard sqlite3_column_type(handle, field.index) == SQLITE_TEXT else { return nil }
        return SplitRuleText.rule(String(decoding: textBytes(field.index), as: UTF8.self))
    }

    /// A whole number stored as an integer: text or a real is refused, never converted.
    func integer(_ field: Field) throws -> Int64 {
        guard sqlite3_column_type(handle, field.index) == SQLITE_INTEGER else {
            throw unreadable(field, expected: "a whole number")
        }
        return sqlite3_column_int64(handle, field.index)
    }

    /// 0 or 1.
    func flag(_ field: Field) throws -> Bool {
        let cell = field.index
        let number = sqlite3_column_type(handle, cell) == SQLITE_INTEGER ? sqlite3_column_int64(handle, cell) : -1
        guard number == 0 || number == 1 else { throw unreadable(field, expected: "0 or 1") }
        return number == 1
    }

    private func textBytes(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let start = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: count)
    }
}

/// A column of a fixed SELECT read through ``RawRow``: its position and its name in messages.
protocol RawField {
    var index: Int32 { get }
    var label: String { get }
}
