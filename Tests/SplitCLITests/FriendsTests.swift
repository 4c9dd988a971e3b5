import Foundation
import SplitCore
import Testing

/// `split friends` and `split settle --all --mine`: where you stand with each friend across
/// trips, who is the same person (by name here; by account in the cloud tests), and you across
/// trips with `config set me.name`.
@Suite("split friends and settle --all --mine")
struct FriendsTests {
    /// Tokyo (JPY): Alex paid 9000 for Alex, Bea, Chen. Lisbon (EUR): béa paid 30 for ALEX, béa,
    /// Dana. Lisbon comes first in trip order.
    func twoTrips() async throws -> CLI {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Bea", "Chen"])
        try await cli.ok("add-expense", "Hotel", "9000", "--paid-by", "Alex")
        try await cli.ok("trip", "create", "Lisbon", "--currency", "EUR")
        try await cli.ok("member", "add", "ALEX", "béa", "Dana")
        try await cli.ok("add-expense", "Dinner", "30", "--paid-by", "béa")
        return cli
    }

    @Test("friends by name across trips (case, accents, space), with per-trip amounts from each trip's plan; settle --all --mine nets them")
    func byName() async throws {
        let cli = try await twoTrips()
        #expect(try await cli.ok("config", "set", "me.name", "  alex ").stdout == "me.name = alex\n")
        let text = try await cli.ok("friends")
        #expect(text.stdout == """
            béa: you owe béa €10.00, béa owes you ¥3,000
              Lisbon: you owe béa €10.00
              Tokyo Trip (as Bea): béa owes you ¥3,000
            Chen: Chen owes you ¥3,000
              Tokyo Trip: Chen owes you ¥3,000
            Dana: even
              Lisbon: even

            In all: You owe €10.00; You are owed ¥6,000.

            """, "\(text)")
        #expect(text.stderr.isEmpty)
        let json = try await cli.json("friends")
        #expect(json["meName"].string == "alex" && json["convertedTo"].isNull && json["skippedTrips"].count == 0)
        #expect(json["trips"].array.map { $0["source"].string } == ["name", "name"])
        let bea = json["friends"][0]
        #expect(bea["name"].string == "béa" && bea["matchedBy"].string == "name")
        #expect(bea["totals"].array.map { [$0["currency"].string ?? "", "\($0["amount"].double ?? 0)"] } == [["EUR", "-10.0"], ["JPY", "3000.0"]])
        #expect(bea["trips"].array.map { $0["memberName"].string } == ["béa", "Bea"])
        #expect(bea["trips"].array.allSatisfy { $0["matchedBy"].string == "name" })
        // The per-trip amounts are the trips' own settle --mine.
        #expect(try await cli.ok("settle", "--mine", "--trip", "Lisbon").stdout == "You pay béa €10.00\n")
        #expect(try await cli.ok("settle", "--mine", "--trip", "Tokyo Trip").stdout == "Bea pays you ¥3,000\nChen pays you ¥3,000\n")
        #expect(try await cli.ok("settle", "--all", "--mine").stdout == "You pay béa €10.00\nbéa pays you ¥3,000\nChen pays you ¥3,000\n")
        let all = try await cli.json("settle", "--all", "--mine")["settlements"].array
        #expect(all.map { $0["currency"].string } == ["EUR", "JPY"])
        #expect(all[0]["transfers"][0]["direction"].string == "youPay" && all[0]["transfers"][0]["amount"].double == 10)
    }

    @Test("me.name: applies where the trip says nothing, member me overrides it, an unknown name is no match and the trip is named")
    func meName() async throws {
        let cli = try await twoTrips()
        try await cli.ok("config", "set", "me.name", "Bea")
        #expect(try await cli.ok("member", "me").stdout == "You are béa in Lisbon (me.name on this device).\n")
        #expect(try await cli.json("member", "me", "--trip", "Tokyo Trip")["source"].string == "name")
        #expect(try await cli.ok("balances", "--trip", "Tokyo Trip").stdout.contains("Bea (you)"))
        // member me wins in its trip, everywhere "you" is used.
        try await cli.ok("member", "me", "Dana")
        #expect(try await cli.json("member", "me")["source"].string == "device")
        #expect(try await cli.ok("settle", "--mine").stdout == "You pay béa €10.00\n")
        let friends = try await cli.json("friends")
        #expect(friends["trips"].array.map { $0["memberName"].string } == ["Dana", "Bea"])
        // A name no trip has: no you there, and the trips left out are named on stderr.
        try await cli.ok("config", "set", "me.name", "Zed")
        let partial = try await cli.ok("friends")
        #expect(partial.stdout.hasPrefix("ALEX: even\n") && !partial.stdout.contains("Tokyo"), "\(partial)")
        #expect(partial.stderr == "note: not counted, as you are not known there: Tokyo Trip (say who you are with: "
                + "split member me NAME --trip TRIP, or split config set me.name NAME)\n", "\(partial)")
        try await cli.ok("member", "me", "--clear")
        try await cli.ok("config", "set", "me.name", "béa")
        #expect(try await cli.json("member", "me")["me"].isNull, "cleared in the trip: nobody, me.name or not")
        try await cli.ok("config", "set", "me.name", "none")
        #expect(try await cli.json("member", "me", "--trip", "Tokyo Trip")["me"].isNull)
    }

    @Test("refusals: one line, exit 64 or 65, nothing printed or written", arguments: [
        (["settle", "--all"], 64, "--all goes with --mine"),
        (["settle", "--all", "--mine", "--record"], 64, "--all cannot --record"),
        (["settle", "--all", "--mine", "--trip", "Lisbon"], 64, "--all covers every trip"),
        (["friends", "--trip", "Lisbon"], 64, "friends covers every trip"),
        (["friends", "--in", "XYZ"], 65, "XYZ"),
        (["config", "set", "me.name", "Bea=1"], 65, "me.name is a member name or none"),
    ] as [([String], Int32, String)])
    func refusals(_ arguments: [String], _ code: Int32, _ message: String) async throws {
        let cli = try await twoTrips()
        try await cli.ok("config", "set", "me.name", "Alex")
        try await cli.ok("trip", "rate", "USD", "0.9")
        let before = try await cli.writeState()
        let config = try await cli.ok("config", "list", "--json").stdout
        let result = try await cli.run(arguments)
        if code == 64 { result.expectUsageError(message) } else { result.expectError(code, message) }
        #expect(try await cli.writeState().text == before.text)
        #expect(try await cli.ok("config", "list", "--json").stdout == config)
    }

    @Test("friends reads every trip in one read transaction, with as many statements for three trips as for two")
    func oneRead() async throws {
        let cli = try await twoTrips()
        try await cli.ok("config", "set", "me.name", "Alex")
        func selects() async throws -> Int {
            let result = try await cli.run(["friends"], env: ["SPLIT_TRACE_SQL": "1"])
            result.expectSuccess()
            let statements = result.stderr.split(separator: "\n").filter { $0.hasPrefix("sql: ") }
            #expect(statements.filter { $0.hasPrefix("sql: BEGIN") }.count == 1, "\(result)")
            #expect(!statements.contains { $0.contains("FROM \"expense") || $0.contains("FROM expense") }, "\(result)")
            return statements.filter { $0.hasPrefix("sql: SELECT") }.count
        }
        let two = try await selects()
        #expect(two >= 7, "the trace lists the reads of trips, members, totals, links, you, claims and rates")
        try await cli.ok("trip", "create", "Oslo", "--currency", "NOK")
        try await cli.ok("member", "add", "Alex", "Ola")
        try await cli.ok("add-expense", "Ferry", "300", "--paid-by", "Ola")
        #expect(try await selects() == two)
    }

    @Test("friends --in leaves out a trip without the rate, names it and how to add it, and lists it in skippedTrips")
    func missingRate() async throws {
        let cli = try await twoTrips()
        try await cli.ok("config", "set", "me.name", "Alex")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        let note = "note: not counted in EUR: no exchange rate for EUR in trip 'Tokyo Trip' (a JPY trip); set one with: "
            + "split trip rate EUR RATE --trip \"Tokyo Trip\"   (RATE = value of 1 EUR in JPY)\n"
        let text = try await cli.run("friends", "--in", "EUR")
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout == """
            Converted into EUR with each trip's own rates (split trip rate).
            béa: you owe béa €10.00
              Lisbon: you owe béa €10.00
            Dana: even
              Lisbon: even

            In all: You owe €10.00.

            """, "\(text)")
        #expect(text.stderr == note, "\(text)")
        let json = try await cli.run("friends", "--in", "EUR", "--json")
        #expect(json.status == 0 && json.stderr == note, "\(json)")
        let skipped = json.json["skippedTrips"].array
        #expect(skipped.count == 1, "\(json)")
        #expect(skipped.first?["name"].string == "Tokyo Trip" && skipped.first?["reason"].string == "missingRate"
                && skipped.first?["missingRate"].string == "EUR", "\(json)")
        #expect(json.json["trips"].array.map { $0["name"].string } == ["Lisbon"])
        // settle --all --mine --in leaves it out alike.
        let settle = try await cli.run("settle", "--all", "--mine", "--in", "EUR", "--json")
        #expect(settle.status == 0 && settle.stderr == note, "\(settle)")
        #expect(settle.json["skippedTrips"][0]["missingRate"].string == "EUR", "\(settle)")
        // Without any trip that converts, it says so, and still exits 0.
        let onlyTokyo = try await cli.run("friends", "--in", "USD")
        #expect(onlyTokyo.status == 0 && onlyTokyo.stdout.contains("No trip could be converted into USD"), "\(onlyTokyo)")
        #expect(onlyTokyo.stderr.split(separator: "\n").count == 2, "\(onlyTokyo)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == before, "friends writes nothing")
        // Trips not knowing you are listed with their own reason.
        try await cli.ok("config", "set", "me.name", "Dana")
        let unknown = try await cli.json("friends")["skippedTrips"].array
        #expect(unknown.map { $0["reason"].string } == ["notKnown"] && unknown.first?["missingRate"].isNull == true)
    }

    @Test("friends --in converts each trip with its own rates and says so; knowing you nowhere is a usage error")
    func converted() async throws {
        let cli = try await twoTrips()
        try await cli.run(["friends"]).expectError(64, "split does not know who you are in any trip", "split config set me.name NAME")
        try await cli.ok("config", "set", "me.name", "Alex")
        try await cli.ok("trip", "rate", "EUR", "160", "--trip", "Tokyo Trip")
        let text = try await cli.ok("friends", "--in", "EUR").stdout
        #expect(text == """
            Converted into EUR with each trip's own rates (split trip rate).
            béa: béa owes you €8.75
              Lisbon: you owe béa €10.00
              Tokyo Trip (as Bea): béa owes you €18.75
            Chen: Chen owes you €18.75
              Tokyo Trip: Chen owes you €18.75
            Dana: even
              Lisbon: even

            In all: You are owed €27.50.

            """, "\(text)")
        #expect(try await cli.json("friends", "--in", "EUR")["convertedTo"].string == "EUR")
    }
}
