import Foundation
import SplitTestSupport
import Testing

@Suite("--json on every command that prints data")
struct JSONOutputTests {
    /// Commands run in order on one sandbox; `{ID}` is the Dinner expense id. Each pair is
    /// the command and the top-level keys its JSON must have.
    static let script: [([String], Set<String>)] = [
        (["trip", "create", "Tokyo Trip", "--currency", "JPY"], ["trip"]),
        (["trip", "create", "Spare"], ["trip"]),
        (["trip", "use", "Tokyo Trip"], ["trip"]),
        (["trip", "list"], ["trips"]),
        (["member", "add", "Alex", "Bea", "Chen", "Dana", "Eve"], ["members"]),
        (["member", "list"], ["trip", "me", "members"]),
        (["member", "rename", "Eve", "Eva"], ["member"]),
        (["member", "remove", "Eva"], ["removed"]),
        (["add-expense", "Dinner", "12000", "--paid-by", "Alex"], ["trip", "me", "expenses"]),
        (["add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Alex", "--percent", "Alex=50,Bea=25,Chen=25"],
         ["trip", "me", "expenses"]),
        (["expenses"], ["expenses"]),
        (["expense", "show", "{ID}"], ["expense", "splitGiven"]),
        (["expense", "edit", "{ID}", "--note", "tip included"], ["expense"]),
        (["mark-paid", "{ID}", "--member", "Bea"], ["expenseId", "memberId", "memberName", "isPaid", "changed"]),
        (["pay", "Chen", "Alex", "3000"], ["payment"]),
        (["payments"], ["trip", "payments"]),
        (["balances"], ["trip", "me", "balances"]),
        (["settle"], ["trip", "me", "settlements"]),
        (["trip", "rate", "USD", "150.25"], ["currency", "rate", "home"]),
        (["trip", "rate"], ["home", "rates"]),
        (["settle", "--in", "JPY"], ["trip", "me", "settlements", "rates"]),
        (["summary"], ["trip", "me", "currencies"]),
        (["log"], ["trip", "activity"]),
        (["trip", "show"], ["trip"]),
        (["undo"], ["undone"]),
        (["expense", "delete", "{ID}"], ["deleted"]),
        (["trip", "rename", "Spare", "Spare 2"], ["trip"]),
        (["trip", "delete", "Spare 2", "--yes"], ["deleted"]),
    ]

    @Test("each command's --json is one compact line with the documented top-level keys")
    func everyCommand() async throws {
        let cli = try CLI()
        var dinnerID = ""
        for (arguments, keys) in Self.script {
            let resolved = arguments.map { $0 == "{ID}" ? String(dinnerID.prefix(8)) : $0 }
            let result = try await cli.run(resolved + ["--json"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
            expectCompactJSON(result)
            #expect(result.json.keys == keys, "\(result)")
            if dinnerID.isEmpty, let id = result.json["expenses"].array.first(where: { $0["description"].string == "Dinner" })?["id"].string {
                dinnerID = id
            }
        }
        #expect(!dinnerID.isEmpty)
    }

    @Test("--json is accepted before the subcommand's arguments too")
    func flagPosition() async throws {
        let cli = try CLI()
        let result = try await cli.run("trip", "create", "--json", "Tokyo Trip")
        result.expectSuccess()
        #expect(result.json["trip"]["name"].string == "Tokyo Trip")
    }
}
