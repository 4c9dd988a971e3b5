import Foundation
import SplitCloud
import SplitCore
import SplitServerQuirks
import SplitTestSupport
import Testing

/// A linked trip among other clients: what the iOS app, a script or curl put on the server is
/// pulled, shown and kept in sync, repaired by the documented rule or held, and never stops
/// the trip.
@Suite("other clients' data on a linked trip", .serialized)
struct ForeignDataTests {
    /// A JSON amount in thousandths (every currency here has at most 3 decimals).
    static func thousandths(_ value: JSON) -> Int { Int(((value.double ?? .nan) * 1000).rounded()) }

    /// Nets of every currency sum to zero.
    static func balanced(_ device: SplitSandbox, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = try await device.ok(["balances", "--json"], sourceLocation: sourceLocation)
        #expect(!result.json["balances"].array.isEmpty, sourceLocation: sourceLocation)
        for currency in result.json["balances"].array {
            let nets = currency["balances"].array.map { thousandths($0["netBalance"]) }
            #expect(nets.reduce(0, +) == 0, "\(nets)", sourceLocation: sourceLocation)
        }
    }

    /// A new account on `server`, its client, and two devices of it; the first has the linked
    /// trip `name` with `members`.
    static func twoDevices(_ server: CloudTestServer.Running, trip name: String, currency: String, members: [String])
        async throws -> (client: CloudClient, one: SplitSandbox, two: SplitSandbox) {
        let client = try await CloudTestSupport.account(server, clock: ManualClock())
        let one = try SplitSandbox(), two = try SplitSandbox()
        // A loaded machine must not turn the automatic sync after a change into "offline".
        one.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": client.token ?? ""]
        two.environment = one.environment
        try await one.ok("trip", "create", name, "--currency", currency, "--cloud")
        try await one.ok(["member", "add"] + members)
        return (client, one, two)
    }

    @Test("split-server: descriptions of 800 characters, empty, blank and absent and a 100-character name from another client sync, pull and keep syncing")
    func splitServerREST() async throws {
        try await CloudTestServer.run { server in
            let (client, one, two) = try await Self.twoDevices(server, trip: "Rome", currency: "EUR", members: ["Alex", "Bea"])
            try await one.ok("add-expense", "Pizza", "30", "--paid-by", "Alex")
            let group = try #require(try await client.groups().first).id
            let members = try await client.members(group: group)
            let alex = try #require(members.first { $0.name == "Alex" }).id.rawValue
            let bea = try #require(members.first { $0.name == "Bea" }).id.rawValue

            // Another client of the same account, over plain REST.
            let long = String(repeating: "N", count: 100)
            let added = try await RawHTTP.send(server, .POST, "/api/groups/\(group.rawValue)/members", token: client.token,
                                               json: #"{"name":"\#(long)"}"#)
            #expect(added.status == 201, "\(added)")
            let descriptions = [#","description":"\#(String(repeating: "d", count: 800))""#, #","description":"""#,
                                #","description":"   ""#, ""]
            for description in descriptions {
                let posted = try await RawHTTP.send(server, .POST, "/api/expenses", token: client.token, json: """
                    {"groupId":"\(group.rawValue)","amount":10,"currency":"EUR","category":"Meal","paidByMemberId":"\(alex)",
                     "expenseDate":"2025-05-01","splits":[{"memberId":"\(alex)","amount":5},{"memberId":"\(bea)","amount":5}]\(description)}
                    """)
                #expect(posted.status == 201, "\(posted)")
            }

            let synced = try await one.ok("sync", "--json").json
            #expect(synced["pulled"].int == 5 && synced["held"].int == 0, "\(synced)")
            let listed = try await one.ok("expenses", "--json").json["expenses"].array
            #expect(listed.count == 5)
            #expect(Set(listed.compactMap { $0["description"].string }) == ["Pizza", String(repeating: "d", count: 800), ""])
            #expect(try await one.ok("expenses").stdout.contains("(no description)"))
            #expect(try await one.ok("member", "list", "--json").json["members"].array.contains { $0["name"].string == long })
            try await Self.balanced(one)

            // The next local change still reaches the server, and a second device pulls the same trip.
            try await one.ok("add-expense", "Gelato", "8", "--paid-by", "Bea")
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
            #expect(try await client.expenses(group: group).count == 6)
            try await two.ok("trip", "pull", "Rome")
            try await SyncTests.converge([one, two])
        }
    }

    /// SQL that stores an expense as the Node server does for whatever a client posts.
    static func nodeExpense(group: String, description: String?, amount: String, payer: String,
                            shares: [(String, String)]) -> String {
        let text = description.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" } ?? "NULL"
        let insert = """
            INSERT INTO expenses (group_id, description, amount, currency, category, paid_by_member_id, expense_date)
            VALUES ('\(group)', \(text), \(amount), 'JPY', 'Meal', '\(payer)', '2025-01-20') RETURNING id
            """
        guard !shares.isEmpty else { return insert }
        let values = shares.map { "('\($0.0)'::uuid, \($0.1)::numeric)" }.joined(separator: ", ")
        return """
            WITH e AS (\(insert)) INSERT INTO expense_splits (expense_id, member_id, amount)
            SELECT e.id, v.member, v.amount FROM e, (VALUES \(values)) AS v(member, amount) RETURNING expense_id::text
            """
    }

    /// What a write through the server itself does beside the rows: the group's revision moves
    /// on (it keys split-server's cached listing and its change feed), and rows written at
    /// revision 0 (`only` those matching, when given) take the new one.
    static func bumpRevision(_ server: CloudTestServer.Running, group: String, expenses only: String = "revision = 0")
        async throws {
        _ = try await server.sql("UPDATE trip_groups SET revision = revision + 1 WHERE id = '\(group)'")
        let now = "(SELECT revision FROM trip_groups WHERE id = '\(group)')"
        _ = try await server.sql("UPDATE members SET revision = \(now) WHERE group_id = '\(group)' AND revision = 0")
        _ = try await server.sql("UPDATE expenses SET revision = \(now) WHERE group_id = '\(group)' AND \(only)")
    }

    @Test("the Node server: float shares, JPY decimals, short and no shares, no description, repeated names and a share outside the group are stored, repaired or held; the trip keeps syncing")
    func nodeServer() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let (client, one, two) = try await Self.twoDevices(server, trip: "Tokyo", currency: "JPY", members: ["Alex", "Bea", "Chen"])
            try await one.ok("add-expense", "Ramen", "3000", "--paid-by", "Alex")
            let group = try #require(try await client.groups().first { $0.name == "Tokyo" }).id
            let members = try await client.members(group: group)
            func id(_ name: String) throws -> String { try #require(members.first { $0.name == name }).id.rawValue }
            let (alex, bea, chen) = (try id("Alex"), try id("Bea"), try id("Chen"))
            let osaka = try await client.createGroup(name: "Osaka")
            let dana = try await client.addMember(group: osaka.id, name: "Dana").id.rawValue

            // What the iOS app and others leave on the Node server, stored as it stores them.
            let g = group.rawValue
            _ = try await server.sql("INSERT INTO members (group_id, name) VALUES ('\(g)', 'Alex'), ('\(g)', 'bea')")
            for sql in [
                Self.nodeExpense(group: g, description: "Taxi", amount: "1000", payer: alex,
                                 shares: [(alex, "333.33"), (bea, "333.33"), (chen, "333.33")]),
                Self.nodeExpense(group: g, description: "Hotel", amount: "1000.5", payer: bea, shares: [(alex, "500.25"), (bea, "500.25")]),
                Self.nodeExpense(group: g, description: "Snacks", amount: "900", payer: chen, shares: [(alex, "300"), (bea, "300")]),
                Self.nodeExpense(group: g, description: "Water", amount: "500", payer: alex, shares: []),
                Self.nodeExpense(group: g, description: nil, amount: "700", payer: bea, shares: [(alex, "700")]),
                Self.nodeExpense(group: g, description: "", amount: "200", payer: bea, shares: [(chen, "200")]),
                Self.nodeExpense(group: g, description: "Dana's", amount: "600", payer: alex, shares: [(alex, "300"), (dana, "300")]),
            ] {
                _ = try await server.sql(sql)
            }
            try await Self.bumpRevision(server, group: g)

            let synced = try await one.run(["sync", "--json"])
            #expect(synced.status == 0, "\(synced)")
            #expect(synced.json["held"].int == 1, "\(synced)")
            let listed = try await one.ok("expenses", "--json").json["expenses"].array
            #expect(listed.count == 7, "\(listed)")
            for expense in listed {
                let shares = expense["splits"].array.reduce(0) { $0 + Self.thousandths($1["amount"]) }
                #expect(shares == Self.thousandths(expense["amount"]), "\(expense)")
            }
            let names = try await one.ok("member", "list", "--json").json["members"].array.compactMap { $0["name"].string }
            #expect(names.sorted() == ["Alex", "Alex", "Bea", "Chen", "bea"])
            let status = try await one.ok("status", "--json").json
            #expect(status["held"].int == 1 && status["repaired"].int ?? 0 >= 2, "\(status)")
            let conflicts = try await one.ok("conflicts", "--json").json
            #expect(conflicts["held"].array.first?["reason"].string?.contains("not in this trip") == true, "\(conflicts)")
            let balances = try await one.run(["balances"])
            #expect(balances.status == 0 && balances.stderr.contains("1 item from the server is held"), "\(balances)")
            try await Self.balanced(one)
            // A name two members share is refused as ambiguous, naming the ids that tell them apart.
            try await one.fails(65, ["add-expense", "Tea", "500", "--paid-by", "alex"], "member 'alex' is ambiguous")

            // The next local change reaches the server; a second device pulls the same trip.
            try await one.ok("add-expense", "Tea", "500", "--paid-by", "Bea")
            #expect(try await one.ok("status", "--json").json["pending"].int == 0)
            #expect(try await client.expenses(group: group).count == 9)
            try await two.ok("trip", "pull", "Tokyo")
            try await SyncTests.converge([one, two])

            // Fixed on the server, the held expense becomes part of the trip on every device.
            let fixed = try await server.sql("UPDATE expense_splits SET member_id = '\(chen)' WHERE member_id = '\(dana)' RETURNING expense_id::text")
            try await Self.bumpRevision(server, group: g, expenses: "id = '\(try #require(fixed.first))'")
            try await SyncTests.converge([one, two])
            #expect(try await one.ok("expenses", "--json").json["expenses"].count == 9)
            #expect(try await two.ok("status", "--json").json["held"].int == 0)
        }
    }

    @Test("split-server's change feed: an expense with a share outside the trip is held, listed and fixed here with split expense edit; the fix reaches the server and the other device")
    func heldFixedLocally() async throws {
        try await CloudTestServer.run { server in
            let (client, one, two) = try await Self.twoDevices(server, trip: "Lisbon", currency: "USD", members: ["Alex", "Bea"])
            try await two.ok("trip", "pull", "Lisbon")
            let group = try #require(try await client.groups().first { $0.name == "Lisbon" }).id
            let members = try await client.members(group: group)
            let alex = try #require(members.first { $0.name == "Alex" }).id.rawValue
            let other = try await client.createGroup(name: "Porto")
            let dana = try await client.addMember(group: other.id, name: "Dana").id.rawValue
            let g = group.rawValue
            _ = try await server.sql(Self.nodeExpense(group: g, description: "Boat", amount: "40", payer: alex,
                                                      shares: [(alex, "20"), (dana, "20")]).replacingOccurrences(of: "'JPY'", with: "'USD'"))
            try await Self.bumpRevision(server, group: g)

            let synced = try await one.ok("sync", "--json").json
            #expect(synced["held"].int == 1 && synced["pulled"].int == 0, "\(synced)")
            let held = try await one.ok("conflicts", "--json").json["held"].array
            let id = try #require(held.first?["id"].string)
            #expect(held.first?["reason"].string == "a share belongs to member \(dana.prefix(8)), who is not in this trip")
            #expect(held.first?["body"].string?.contains("\"Boat\"") == true)
            #expect(try await one.ok("conflicts").stdout.contains("expense \(id.prefix(8)) 'Boat': a share belongs to member"))
            #expect(try await one.ok("expenses", "--json").json["expenses"].count == 0)
            // The draft's split names someone outside the trip: the fix must give it again.
            try await one.fails(65, ["expense", "edit", String(id.prefix(8)), "--category", "Transport"],
                                "who is not in this trip; give the payer and the split again")
            let fixed = try await one.ok("expense", "edit", String(id.prefix(8)), "--among", "Alex,Bea")
            #expect(fixed.stdout.contains("Updated expense"), "\(fixed)")
            let status = try await one.ok("status", "--json").json
            #expect(status["held"].int == 0 && status["pending"].int == 0, "\(status)")
            let onServer = try #require(try await client.expenses(group: group).first?.expense)
            #expect(onServer.description == "Boat" && Set(onServer.splits.map(\.memberID.rawValue)).count == 2
                    && !onServer.splits.contains { $0.memberID.rawValue == dana })
            try await SyncTests.converge([one, two])
            #expect(try await two.ok("status", "--json").json["held"].int == 0)
            try await Self.balanced(two)
        }
    }
}
