import Foundation
import SplitTestSupport
import Testing

@Suite("--json on every command that prints data")
struct JSONOutputTests {
    /// Commands run in order on one sandbox; `{ID}` is the Dinner expense id, `{PAY}` the
    /// payment's. Each is paired with the heading of docs/json.md that describes its document
    /// (none: a step run without --json).
    static let script: [([String], String)] = [
        (["trip", "create", "Tokyo Trip", "--currency", "JPY"], "split trip create"),
        (["trip", "create", "Spare"], "split trip create"),
        (["trip", "use", "Tokyo Trip"], "split trip use"),
        (["trip", "list"], "split trip list"),
        (["member", "add", "Alex", "Bea", "Chen", "Dana", "Eve"], "split member add"),
        (["member", "list"], "split member list"),
        (["member", "me", "Alex"], "split member me"),
        (["member", "rename", "Eve", "Eva"], "split member rename"),
        (["member", "remove", "Eva"], "split member remove"),
        (["category", "add", "Rent"], "split category add"),
        (["category", "list"], "split category list"),
        (["recurring", "add", "Rent", "90000", "--every", "month", "--on", "1", "--paid-by", "Alex", "--from", "2025-01-01",
          "--category", "Rent"], "split recurring add"),
        (["recurring", "list"], "split recurring list"),
        (["recurring", "show", "Rent"], "split recurring show"),
        (["recurring", "edit", "Rent", "--amount", "95000", "--from", "2025-01-01"], "split recurring edit"),
        (["recurring", "pause", "Rent"], "split recurring pause`, `resume` and `delete"),
        (["recurring", "resume", "Rent"], "split recurring pause`, `resume` and `delete"),
        (["recurring", "run"], "split recurring run"),
        (["add-expense", "Dinner", "12000", "--paid-by", "Alex"], "split add-expense"),
        (["add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Alex", "--percent", "Alex=50,Bea=25,Chen=25"],
         "split add-expense"),
        (["expenses"], "split expenses"),
        (["expense", "show", "{ID}"], "split expense show"),
        (["expense", "edit", "{ID}", "--note", "tip included"], "split expense edit"),
        (["mark-paid", "{ID}", "--member", "Bea"], "split mark-paid"),
        (["pay", "Chen", "Alex", "3000"], "split pay"),
        (["payments"], "split payments"),
        (["payment", "show", "{PAY}"], "split payment show"),
        (["payment", "edit", "{PAY}", "--note", "cash"], "split payment edit"),
        (["balances"], "split balances"),
        (["settle"], "split settle"),
        (["trip", "rate", "USD", "150.25"], "split trip rate` (setting one)"),
        (["trip", "rate"], "split trip rate` (listing)"),
        (["settle", "--in", "JPY"], "split settle --in"),
        (["settle", "--record", "--in", "JPY"], "split settle --record --in"),
        (["conversions"], "split conversions"),
        (["undo"], "split undo"),
        (["summary"], "split summary"),
        (["friends"], "split friends"),
        (["settle", "--all", "--mine"], "split settle --all --mine"),
        (["member", "leave", "Dana"], "split member leave"),
        (["log"], "split log"),
        (["trip", "show"], "split trip show"),
        (["undo"], "split undo"),
        (["payment", "delete", "{PAY}"], "split payment delete"),
        (["settle", "--record"], "split settle --record"),
        (["expense", "delete", "{ID}"], "split expense delete"),
        (["recurring", "delete", "Rent"], "split recurring pause`, `resume` and `delete"),
        (["export", "-o", "tokyo.json"], ""),
        (["import", "tokyo.json", "--dry-run", "--into", "Tokyo Trip"], "split import"),
        (["config", "list"], "split config list"),
        (["mode"], "split mode"),
        (["trip", "rename", "Spare", "Spare 2"], "split trip rename"),
        (["trip", "delete", "Spare 2", "--yes"], "split trip delete"),
    ]

    /// Each `### ` heading of docs/json.md (without the backtick that opens it) and the keys
    /// of its `Keys:` line: what the page promises each command's document holds.
    static func documentedKeys() throws -> [String: Set<String>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/json.md"), encoding: .utf8)
        var keys: [String: Set<String>] = [:]
        var heading: String?
        for line in page.split(separator: "\n").map(String.init) {
            if line.hasPrefix("### `") {
                heading = String(line.dropFirst(5).drop { $0 == "`" })
                if heading?.hasSuffix("`") == true { heading?.removeLast() }
            } else if line.hasPrefix("Keys: "), let name = heading {
                keys[name] = Set(line.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
                heading = nil
            }
        }
        return keys
    }

    @Test("each command's --json is one compact line with the top-level keys docs/json.md gives it")
    func everyCommand() async throws {
        let documented = try Self.documentedKeys()
        let cli = try CLI()
        var ids: [String: String] = [:]
        var run: Set<String> = []
        for (arguments, heading) in Self.script {
            let resolved = arguments.map { ids[$0].map { String($0.prefix(8)) } ?? $0 }
            let result = try await cli.run(resolved + (heading.isEmpty ? [] : ["--json"]))
            #expect(result.status == 0, "\(result)")
            if heading.isEmpty { continue }
            run.insert(heading)
            #expect(!result.stderr.contains("error"), "\(result)")
            expectCompactJSON(result)
            #expect(result.json.keys == documented[heading], "\(heading): \(result)")
            if ids["{ID}"] == nil, let id = result.json["expenses"].array.first(where: { $0["description"].string == "Dinner" })?["id"].string {
                ids["{ID}"] = id
            }
            if let id = result.json["payment"]["id"].string { ids["{PAY}"] = id }
        }
        #expect(ids.count == 2)
        // Every command the page describes was run, and nothing undocumented was.
        let missing = Set(documented.keys).subtracting(run)
        #expect(Set(documented.keys) == run, "documented but not run: \(missing); run but not documented: \(run.subtracting(documented.keys))")
    }

    @Test("--json is accepted before the subcommand's arguments too")
    func flagPosition() async throws {
        let cli = try CLI()
        let result = try await cli.run("trip", "create", "--json", "Tokyo Trip")
        result.expectSuccess()
        #expect(result.json["trip"]["name"].string == "Tokyo Trip")
    }
}
