import Foundation
import SplitCore

/// Reads columns whose stored form may be unreadable (rows written by the Node server or by
/// hand), throwing ``UnreadableStoredValue`` with the table, column and row instead of
/// substituting a default.
enum StoredValue {
    /// The currency of a stored row: one of the server's currencies, never a fallback.
    static func currency(_ code: String?, table: String, column: String = "currency", row: UUID)
        throws(UnreadableStoredValue) -> Currency {
        guard let code, let currency = try? Currency(code: code) else {
            throw UnreadableStoredValue(table: table, column: column, rowID: row, value: code)
        }
        return currency
    }

    /// A DATE column read as `to_char(column, 'YYYY-MM-DD')`.
    static func date(_ text: String?, table: String, column: String, row: UUID) throws(UnreadableStoredValue) -> CivilDate {
        guard let text, let date = CivilDate(parsing: text) else {
            throw UnreadableStoredValue(table: table, column: column, rowID: row, value: text)
        }
        return date
    }

    /// A value that must not be NULL, although the Node schema allows it.
    static func present<T>(_ value: T?, table: String, column: String, row: UUID) throws(UnreadableStoredValue) -> T {
        guard let value else { throw UnreadableStoredValue(table: table, column: column, rowID: row, value: nil) }
        return value
    }
}
