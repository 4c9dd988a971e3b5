import Foundation
import SplitTestSupport
import Testing

/// Stored values that are not what their column holds (written past the CHECK constraints
/// with `PRAGMA ignore_check_constraints`) stop every reading command that meets them with exit
/// 74 and a message naming the table, the row id and the column; nothing is replaced by a
/// default and nothing is written.
@Suite("Unreadable stored values")
struct UnreadableValueTests {
    /// One corruption: the SQL that makes it, the table and column the message must name, the
    /// row whose id it must name, and the reading commands that meet the value.
    struct Damage: CustomStringConvertible, Sendable {
        let table: String
        let column: String
        let value: String
        let commands: [[String]]
        var description: String { "\(table).\(column) = \(value)" }
    }

    /// Fake server settings for `upload`, which reads the whole trip before it sends anything.
    static let offlineServer = ["SPLIT_SERVER": "http://127.0.0.1:9", "SPLIT_TOKEN": "unused"]

    static let everyReader: [[String]] = [
        ["expenses"], ["balances"], ["settle"], ["summary"], ["log"], ["export"], ["upload", "--dry-run"],
    ]

    static let damages: [Damage] = [
        Damage(table: "payment", column: "payment_date", value: "'someday'",
               commands: [["export"], ["upload", "--dry-run"]]),
        Damage(table: "expense", column: "expense_date", value: "'2025-02-30'",
               commands: [["expenses"], ["export"], ["upload", "--dry-run"]]),
        Damage(table: "expense", column: "created_at", value: "'yesterday'",
               commands: [["expenses"], ["export"], ["upload", "--dry-run"]]),
        Damage(table: "expense", column: "currency", value: "'XX1'",
               commands: [["expenses"], ["summary"], ["balances"], ["settle"], ["export"], ["upload", "--dry-run"]]),
        Damage(table: "expense", column: "category", value: "' Food'",
               commands: [["expenses"], ["summary"], ["export"], ["upload", "--dry-run"]]),
        Damage(table: "expense", column: "amount", value: "'lots'",
               commands: [["expenses"], ["summary"], ["export"], ["upload", "--dry-run"]]),
        Damage(table: "activity", column: "at", value: "'noon'", commands: [["log"]]),
        Damage(table: "trip", column: "currency", value: "'EURO'", commands: everyReader),
    ]

    @Test("every reading command that meets the value stops with 74, naming table, row and column",
          arguments: damages)
    func refused(_ damage: Damage) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex", "--category", "Meal")
        try await cli.ok("pay", "Bea", "Alex", "3000")
        let database = cli.defaultDatabase
        let idColumn = damage.table == "activity" ? "seq" : "id"
        let id = try sqlite3(database, "SELECT \(idColumn) FROM \(damage.table) ORDER BY \(idColumn) DESC LIMIT 1")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!id.isEmpty)
        try sqlite3(database, """
            PRAGMA ignore_check_constraints = ON;
            UPDATE \(damage.table) SET \(damage.column) = \(damage.value) WHERE \(idColumn) = '\(id)';
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        let before = try sqlite3(database, ".dump")
        for command in damage.commands {
            // Balances copy the expense's currency into their totals; the message still names
            // the expense, the row a person can find and fix.
            let result = try await cli.run(command, env: Self.offlineServer)
            result.expectError(74, "table \(damage.table)", "row id \(id)", "column \(damage.column)")
        }
        // Reading changed nothing.
        #expect(try sqlite3(database, ".dump") == before)
    }

    @Test("a reader that does not meet the damaged value still answers")
    func unaffectedReadersWork() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("pay", "Bea", "Alex", "3000")
        try sqlite3(cli.defaultDatabase, """
            PRAGMA ignore_check_constraints = ON; UPDATE payment SET payment_date = 'someday';
            """)
        // Balances come from the maintained totals, not from the payment's date.
        try await cli.ok("balances")
        try await cli.ok("expenses")
    }
}
