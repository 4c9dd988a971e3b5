import GRDB
import GRDBSQLite

/// Runs one cached INSERT many times, binding values through SQLite's C API.
///
/// GRDB's `execute(arguments:)` boxes every value as an existential and builds argument
/// arrays per row; at hundreds of thousands of rows (an import, a big batch) that overhead was
/// four times the cost of SQLite's own work. This binds text and integers straight into the
/// statement GRDB prepared and caches, then steps and resets it.
struct RowInserter {
    enum Value {
        case text(String)
        case int(Int64)
        case null
    }

    private let statement: Statement
    private let connection: SQLiteConnection?

    /// `INSERT INTO table (a, b) VALUES (?, ?)` and then `suffix` (an upsert clause): the
    /// column list and its parameters come from one list of a record's columns.
    static func sql(into table: String, _ columns: [Column], then suffix: String = "") -> String {
        let parameters = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(columnList(columns))) VALUES (\(parameters))" + (suffix.isEmpty ? "" : "\n" + suffix)
    }

    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        connection = db.sqliteConnection
    }

    /// Binds `values` to the statement's parameters in order and runs it once.
    func run(_ values: [Value]) throws {
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .int(let number): code = sqlite3_bind_int64(handle, index, number)
            case .null: code = sqlite3_bind_null(handle, index)
            case .text(let text) where text.isEmpty:
                code = sqlite3_bind_text(handle, index, "", 0, nil)
            case .text(var text):
                // SQLITE_TRANSIENT: SQLite copies the bytes, so the buffer may go after the call.
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), transient)
                    }
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
        let result = sqlite3_step(handle)
        guard result == SQLITE_DONE else { throw error(result) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}
