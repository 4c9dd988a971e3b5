import Foundation
import GRDB
import SplitCore
import SplitJSON

/// Reads the iOS app's `budget_splitter_local.db`, whatever version of the app wrote it.
///
/// Old databases lack later columns (`event_id`, `joined_at`, the events' currency columns,
/// `former_members`) and even whole tables (`events`, `key_value`); columns are looked up
/// first and missing ones read as NULL. The file is opened read-only and never changed.
/// Values are read by their storage class, so a text where a number belongs is an error with
/// the row's id, never a crash.
struct IOSDatabaseReader {
    let path: String

    func read() throws(ImportError) -> AppData {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try Self.read(db) }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(path, "cannot read the app's database: \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    private static func read(_ db: Database) throws -> AppData {
        for table in ["members", "expenses", "expense_splits"] where try !db.tableExists(table) {
            throw ImportError("", "this SQLite file has no '\(table)' table, so it is not the iOS app's database")
        }
        var data = AppData()
        data.fromTable = true
        let memberColumns = try columns(db, "members")
        try require(["id", "name"], in: memberColumns, table: "members")
        let memberRows = try Row.fetchCursor(db, sql: "SELECT id, name FROM members ORDER BY rowid")
        while let row = try memberRows.next() {
            let location = "members row id=\(text(row, 0) ?? "?")"
            data.members.append(AppData.Member(id: try required(row, 0, "id", location), name: try required(row, 1, "name", location),
                                               location: location))
        }

        let expenseColumns = try columns(db, "expenses")
        try require(["id", "amount", "currency", "paid_by_member_id", "expense_date"], in: expenseColumns, table: "expenses")
        let splits = try readSplits(db)
        let select = ["id", "description", "amount", "currency", "category", "paid_by_member_id", "expense_date",
                      "created_at", "payer_earned", "event_id"].map { expenseColumns.contains($0) ? $0 : "NULL" }
        let rows = try Row.fetchCursor(db, sql: "SELECT \(select.joined(separator: ", ")) FROM expenses ORDER BY rowid")
        while let row = try rows.next() {
            let id = text(row, 0) ?? "?"
            let location = "expenses row id=\(id)"
            data.expenses.append(AppData.Expense(
                id: try required(row, 0, "id", location), description: text(row, 1) ?? "",
                amount: try requiredNumber(row, 2, "amount", location), currency: try required(row, 3, "currency", location),
                category: text(row, 4), paidBy: try required(row, 5, "paid_by_member_id", location),
                date: try ImportValues.date(try required(row, 6, "expense_date", location), at: "\(location), column expense_date"),
                createdAt: ImportValues.timestamp(text(row, 7)), payerEarned: try number(row, 8, "payer_earned", location),
                eventID: text(row, 9), splits: splits[id] ?? [], location: location))
        }
        let known = Set(data.expenses.map(\.id))
        if let orphan = splits.keys.sorted().first(where: { !known.contains($0) }) {
            throw ImportError("expense_splits", "a split names expense '\(orphan)', which is not in the expenses table")
        }

        if try db.tableExists("events") { data.events = try readEvents(db) }
        if try db.tableExists("key_value") { try readKeyValues(db, into: &data) }
        return data
    }

    private static func readSplits(_ db: Database) throws -> [String: [AppData.Split]] {
        try require(["expense_id", "member_id", "amount"], in: try columns(db, "expense_splits"), table: "expense_splits")
        var result: [String: [AppData.Split]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT expense_id, member_id, amount, rowid FROM expense_splits ORDER BY rowid")
        while let row = try rows.next() {
            // Built only for an error: there are several splits per expense.
            let location = { "expense_splits row \(text(row, 3) ?? "?")" }
            let expense = try required(row, 0, "expense_id", location())
            result[expense, default: []].append(AppData.Split(member: try required(row, 1, "member_id", location()),
                                                              amount: try requiredNumber(row, 2, "amount", location())))
        }
        return result
    }

    private static func readEvents(_ db: Database) throws -> [AppData.Event] {
        let available = try columns(db, "events")
        try require(["id", "name"], in: available, table: "events")
        let select = ["id", "name", "member_ids", "members", "former_members", "main_currency", "sub_currency", "sub_currency_rate"]
            .map { available.contains($0) ? $0 : "NULL" }
        let order = available.contains("created_at") ? "created_at, rowid" : "rowid"
        var events: [AppData.Event] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT \(select.joined(separator: ", ")) FROM events ORDER BY \(order)")
        while let row = try rows.next() {
            let location = "events row id=\(text(row, 0) ?? "?")"
            var event = AppData.Event(id: try required(row, 0, "id", location), name: text(row, 1) ?? "", members: [], memberIDs: [],
                                      mainCurrency: text(row, 5), subCurrency: text(row, 6),
                                      subCurrencyRate: try number(row, 7, "sub_currency_rate", location), location: location)
            if let json = text(row, 2) {
                let here = "\(location), column member_ids"
                event.memberIDs = try AppJSONFields.strings(try parse(json, at: here), at: here)
            }
            for (column, index) in [("members", 3), ("former_members", 4)] {
                guard let json = text(row, index) else { continue }
                let here = "\(location), column \(column)"
                guard let items = try parse(json, at: here).arrayValue else { throw ImportError(here, "must be a JSON array") }
                for (position, item) in items.enumerated() {
                    // Either {id, name, joinedAt?} objects or bare ids.
                    if let id = item.stringValue {
                        event.memberIDs.append(id)
                        continue
                    }
                    let fields = AppJSONFields(item, at: "\(here)[\(position)]")
                    event.members.append(AppData.Member(id: try fields.string("id"), name: try fields.string("name"), location: "\(here)[\(position)]"))
                }
            }
            events.append(event)
        }
        return events
    }

    private static func readKeyValues(_ db: Database, into data: inout AppData) throws {
        try require(["key", "value"], in: try columns(db, "key_value"), table: "key_value")
        for key in [AppSettlementJSON.paymentsKey, AppSettlementJSON.marksKey] {
            guard let row = try Row.fetchOne(db, sql: "SELECT value FROM key_value WHERE key = ?", arguments: [key]) else { continue }
            let location = "key_value '\(key)'"
            let bytes: [UInt8]
            switch (row[0] as DatabaseValue).storage {
            case .blob(let blob): bytes = Array(blob)
            case .string(let string): bytes = Array(string.utf8)
            case .null: continue
            default: throw ImportError(location, "must hold JSON text")
            }
            let value: JSONValue
            do { value = try JSONParser.parse(bytes) } catch { throw ImportError(location, "is not valid JSON: \(error.description)") }
            if key == AppSettlementJSON.paymentsKey {
                data.payments = try AppSettlementJSON.payments(value, at: location)
            } else {
                data.paidMarks = try AppSettlementJSON.paidMarks(value, at: location)
            }
        }
    }

    // MARK: - Values by storage class

    private static func columns(_ db: Database, _ table: String) throws -> Set<String> {
        Set(try db.columns(in: table).map { $0.name.lowercased() })
    }

    private static func require(_ names: [String], in columns: Set<String>, table: String) throws {
        if let missing = names.first(where: { !columns.contains($0) }) {
            throw ImportError("table \(table)", "has no '\(missing)' column, so this is not a database the iOS app wrote")
        }
    }

    private static func text(_ row: Row, _ index: Int) -> String? {
        switch (row[index] as DatabaseValue).storage {
        case .string(let string): return string
        case .int64(let value): return String(value)
        case .double(let value): return String(value)
        case .blob(let blob): return String(data: blob, encoding: .utf8)
        case .null: return nil
        }
    }

    private static func required(_ row: Row, _ index: Int, _ column: String, _ location: @autoclosure () -> String) throws(ImportError) -> String {
        guard let value = text(row, index), !value.isEmpty else { throw ImportError("\(location()), column \(column)", "is empty") }
        return value
    }

    private static func number(_ row: Row, _ index: Int, _ column: String, _ location: @autoclosure () -> String) throws(ImportError) -> Double? {
        switch (row[index] as DatabaseValue).storage {
        case .double(let value): return value
        case .int64(let value): return Double(value)
        case .null: return nil
        case .string(let string):
            if let value = Double(string.trimmingSpaces), value.isFinite { return value }
            throw ImportError("\(location()), column \(column)", "'\(string)' is not a number")
        case .blob: throw ImportError("\(location()), column \(column)", "holds binary data, not a number")
        }
    }

    private static func requiredNumber(_ row: Row, _ index: Int, _ column: String, _ location: @autoclosure () -> String) throws(ImportError) -> Double {
        guard let value = try number(row, index, column, location()) else { throw ImportError("\(location()), column \(column)", "is empty") }
        return value
    }

    private static func parse(_ json: String, at location: String) throws(ImportError) -> JSONValue {
        do { return try JSONParser.parse(json) } catch { throw ImportError(location, "is not valid JSON: \(error.description)") }
    }
}
