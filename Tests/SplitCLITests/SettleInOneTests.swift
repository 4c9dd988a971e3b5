import Foundation
import SplitTestSupport
import Testing

/// `settle --record --in CUR`: currency exchanges carry every other currency into CUR, then the
/// plan in CUR is recorded, all as one change; every balance in every currency ends at zero.
@Suite("settle --record --in")
struct SettleInOneTests {
    /// Lima in soles with dollar expenses: Ana paid the hotel in PEN, Beto a tour in USD, Carla
    /// a taxi in USD for herself and Ana.
    static func lima() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto", "Carla")
        try await cli.ok("trip", "rate", "USD", "3.75")
        try await cli.ok("add-expense", "Hotel", "300", "--paid-by", "Ana")
        try await cli.ok("add-expense", "Tour", "100", "--currency", "USD", "--paid-by", "Beto")
        try await cli.ok("add-expense", "Taxi", "20.51", "--currency", "USD", "--paid-by", "Carla", "--among", "Ana,Carla")
        return cli
    }

    /// The database file and its write-ahead log, byte for byte.
    static func bytes(_ cli: CLI) -> [Data?] {
        [fileBytes(cli.defaultDatabase), fileBytes(cli.defaultDatabase + "-wal")]
    }

    @Test("records the exchanges and the plan settle --in shows; every balance is zero after; undo restores all of it")
    func recordsTheStep() async throws {
        let cli = try await Self.lima()
        let before = try await cli.snapshot()
        let planText = try await cli.ok("settle", "--in", "PEN").stdout
        let plan = try await cli.json("settle", "--in", "PEN")
        let transfers = plan["settlements"].array.flatMap { $0["transfers"].array }
        #expect(!transfers.isEmpty)

        let step = try await cli.json("settle", "--record", "--in", "PEN", "--date", "2025-01-18")
        let recorded = step["recorded"].array
        func words(_ items: [JSON]) -> [String] {
            items.map { "\($0["fromName"].string ?? "")→\($0["toName"].string ?? "") \($0["amount"].double ?? 0) \($0["currency"].string ?? "PEN")" }
        }
        #expect(words(recorded) == words(transfers))
        #expect(recorded.allSatisfy { $0["currency"].string == "PEN" && $0["date"].string == "2025-01-18" })
        let exchanges = step["exchanges"].array
        // One exchange per member with a dollar balance: all three.
        #expect(exchanges.map { $0["memberName"].string } == ["Ana", "Beto", "Carla"])
        #expect(exchanges.allSatisfy { $0["fromCurrency"].string == "USD" && $0["toCurrency"].string == "PEN" })
        #expect(Set(exchanges.compactMap { $0["step"].string }).count == 1)
        #expect(step["rates"].array.map { "\($0["currency"].string ?? "") \($0["rate"].string ?? $0["rate"].double.map { "\($0)" } ?? "")" }
                == ["USD 3.75"])
        // The dollar balances are carried over exactly, and each currency's exchanges sum to zero.
        #expect(exchanges.reduce(0) { $0 + Int(($1["fromAmount"].double ?? .nan) * 100) } == 0)
        #expect(exchanges.reduce(0) { $0 + Int((($1["toAmount"].double ?? .nan) * 100).rounded()) } == 0)

        #expect(try await cli.nets().values.allSatisfy { $0.values.allSatisfy { $0 == 0 } })
        #expect(try await cli.json("settle")["settlements"].array.allSatisfy { $0["transfers"].array.isEmpty })
        #expect(try await cli.json("settle", "--in", "PEN")["settlements"].array.allSatisfy { $0["transfers"].array.isEmpty })
        let dated = try await cli.json("balances", "--until", "2025-01-20")["balances"].array
        #expect(dated.allSatisfy { $0["balances"].array.allSatisfy { ($0["netBalance"].double ?? .nan) == 0 } }, "\(dated)")
        #expect(try await cli.json("conversions")["exchanges"].array.count == 3)
        #expect(try await cli.ok("payments").stdout.contains("And 3 currency exchanges of settle --record --in: split conversions"))
        try await cli.run("settle", "--record", "--in", "PEN").expectError(65, "nothing to record: everyone is settled up")

        let log = try await cli.json("log")["activity"].array
        #expect(log.first?["summary"].string == "settled in PEN: 3 currency exchanges; recorded 2 payments: "
                + "Carla paid Ana PEN 36.50; Carla paid Beto PEN 150.01", "\(log)")
        #expect(log.first?["ids"].array.count == 5)
        try await cli.ok("undo")
        #expect(try await cli.snapshot() == before)
        #expect(try await cli.ok("settle", "--in", "PEN").stdout == planText)
        #expect(try await cli.json("conversions")["exchanges"].array.isEmpty)
        #expect(try await cli.json("payments")["payments"].array.isEmpty)
    }

    @Test("the text names the exchanges, the rates and the payments")
    func text() async throws {
        let cli = try await Self.lima()
        let text = try await cli.ok("settle", "--record", "--in", "PEN").stdout
        #expect(text.hasPrefix("Converted into PEN with 3 currency exchanges (split conversions lists them):\n"), "\(text)")
        #expect(text.contains("Rates used (split trip rate): 1 USD = 3.75 PEN."), "\(text)")
        #expect(text.contains("Recorded 2 payments, dated \(fixedToday):"), "\(text)")
        #expect(text.hasSuffix("Undo with: split undo\n"), "\(text)")
        // Beto was owed USD 66.67 (100 less his third of it); at 3.75 that is PEN 250.0125,
        // and the converter's rounding leaves him PEN 250.01.
        #expect(text.contains("  Beto     USD 66.67  →   PEN 250.01\n"), "\(text)")
        let listed = try await cli.ok("conversions").stdout
        #expect(listed.contains("  Beto     USD 66.67  →   PEN 250.01\n") && listed.hasPrefix("  ID        DATE  "), "\(listed)")
    }

    @Test("--mine records only your transfers; the exchanges still take every dollar balance to zero")
    func mine() async throws {
        let cli = try await Self.lima()
        try await cli.ok("member", "me", "Ana")
        let plan = try await cli.json("settle", "--in", "PEN")["settlements"].array.flatMap { $0["transfers"].array }
        let recorded = try await cli.json("settle", "--record", "--in", "PEN", "--mine")["recorded"].array
        let anas = plan.filter { $0["fromName"].string == "Ana" || $0["toName"].string == "Ana" }
        #expect(!anas.isEmpty && recorded.count == anas.count && recorded.count < plan.count)
        let nets = try await cli.nets()
        #expect(nets["USD"]?.values.allSatisfy { $0 == 0 } ?? true)
        #expect(nets["PEN"]?["Ana"] == 0)
        #expect(nets["PEN"]?.values.contains { $0 != 0 } == true)
        try await cli.run("settle", "--record", "--in", "PEN", "--mine").expectError(65, "nothing to record: you are settled up in PEN")
        // The rest settles in PEN alone now, with no new exchange.
        let rest = try await cli.json("settle", "--record", "--in", "PEN")
        #expect(rest["exchanges"].array.isEmpty && !rest["recorded"].array.isEmpty)
        #expect(try await cli.nets().values.allSatisfy { $0.values.allSatisfy { $0 == 0 } })
        try await cli.ok("undo")
        try await cli.ok("undo")
        #expect(try await cli.json("conversions")["exchanges"].array.isEmpty)
    }

    @Test("refusals are one line with their exit code, and the database stays byte-identical",
          arguments: [
            (["add-expense", "Snack", "5", "--currency", "EUR", "--paid-by", "Ana"], ["settle", "--record", "--in", "PEN"], 65,
             "no exchange rate for EUR in this PEN trip; set one with: split trip rate EUR RATE"),
            ([], ["settle", "--record", "--in", "EUR"], 65, "no exchange rate for EUR"),
            ([], ["settle", "--record", "--in", "XYZ"], 65, "XYZ"),
            ([], ["settle", "--record", "--in", "PEN", "--mine"], 64, "split member me NAME"),
            ([], ["settle", "--record", "--in", "PEN", "--date", "someday"], 65, "someday"),
          ])
    func refusals(setup: [String], arguments: [String], code: Int32, message: String) async throws {
        let cli = try await Self.lima()
        if !setup.isEmpty { try await cli.ok(setup) }
        let before = Self.bytes(cli)
        let result = try await cli.run(arguments)
        result.expectError(code, message)
        #expect(Self.bytes(cli) == before)
    }
}

/// The exchanges travel in split's own JSON export, version 4, and come back once.
@Suite("settle --record --in: export and import")
struct SettleInOneExportTests {
    @Test("export, import into an empty database, export again: the same bytes with --keep-ids, the same balances and exchanges; twice adds nothing")
    func roundTrip() async throws {
        let cli = try await SettleInOneTests.lima()
        try await cli.ok("settle", "--record", "--in", "PEN")
        let file = cli.path("lima.json")
        try await cli.ok("export", "--format", "json", "-o", file)
        let first = try String(contentsOfFile: file, encoding: .utf8)
        #expect(first.contains(#""version": 4"#) && first.contains(#""exchanges""#), "\(first)")

        let fresh = try CLI()
        let imported = try await fresh.ok("import", file)
        #expect(imported.stdout.contains("Lima (new trip): 3 members, 3 expenses, 2 payments, 3 currency exchanges"), "\(imported)")
        try await fresh.ok("trip", "use", "Lima")
        #expect(try await fresh.nets() == cli.nets())
        #expect(try await fresh.nets().values.allSatisfy { $0.values.allSatisfy { $0 == 0 } })
        func rows(_ sandbox: CLI) async throws -> [String] {
            try await sandbox.json("conversions")["exchanges"].array.map {
                "\($0["memberName"].string ?? "") \($0["fromAmount"].double ?? .nan) \($0["fromCurrency"].string ?? "") "
                    + "\($0["toAmount"].double ?? .nan) \($0["toCurrency"].string ?? "") \($0["date"].string ?? "")"
            }.sorted()
        }
        #expect(try await rows(fresh) == rows(cli))
        let twice = try await fresh.ok("import", file)
        #expect(twice.stdout.contains("imported before"), "\(twice)")
        #expect(try await fresh.json("conversions")["exchanges"].array.count == 3)

        let kept = try CLI()
        try await kept.ok("import", file, "--keep-ids")
        try await kept.ok("trip", "use", "Lima")
        try await kept.ok("export", "--format", "json", "-o", kept.path("kept.json"))
        let keptText = try String(contentsOfFile: kept.path("kept.json"), encoding: .utf8)
        #expect(keptText == first)
    }

    @Test("an export is version 4 (categories, departures, exchanges); a step whose exchanges do not sum to zero is refused, writing nothing")
    func refusesUnbalanced() async throws {
        let cli = try await SettleInOneTests.lima()
        try await cli.ok("export", "--format", "json", "-o", cli.path("plain.json"))
        #expect(try String(contentsOfFile: cli.path("plain.json"), encoding: .utf8).contains(#""version": 4"#))
        try await cli.ok("settle", "--record", "--in", "PEN")
        try await cli.ok("export", "--format", "json", "-o", cli.path("lima.json"))
        let text = try String(contentsOfFile: cli.path("lima.json"), encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""fromAmount": 66.67"#, with: #""fromAmount": 66.68"#)
        #expect(broken != text)
        let file = try cli.write("broken.json", broken)
        let fresh = try CLI()
        try await fresh.run("import", file).expectError(65, "do not sum to zero in USD")
        #expect(try await fresh.run("trip", "list").stdout.contains("Lima") == false)
    }
}
