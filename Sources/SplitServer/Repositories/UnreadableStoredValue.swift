import Foundation

/// A stored value the server cannot read: a currency it does not know, a date it cannot parse,
/// a NULL where a value must be.
///
/// Such a row was written by something other than this server (the Node server, or SQL by
/// hand). The server never answers with a stand-in (JPY for an unknown currency, 1970-01-01
/// for an unreadable date): the request fails with a 500, and ``JSONErrorMiddleware`` logs the
/// table, column and row id so an operator can fix the row.
struct UnreadableStoredValue: Error, Equatable, Sendable, CustomStringConvertible {
    let table: String
    let column: String
    let rowID: UUID
    /// The stored text, or nil for NULL.
    let value: String?

    var description: String {
        "\(table).\(column) of row \(rowID.uuidString.lowercased()) holds "
            + (value.map { "'\($0.prefix(40))'" } ?? "NULL") + ", which the server cannot read"
    }
}
