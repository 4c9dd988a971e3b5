import Foundation
import SplitCore
import SplitTestSupport
import Testing

/// The hostile-server property: whatever a split-server sends that its schema (openapi.yaml)
/// admits, `split` pulls and syncs the trip without crashing or failing, keeps every live item
/// in the trip or held (an item with a sound reading in the trip, as the server wrote it),
/// drops every deleted one, keeps balances netting to zero, and still sends the next local
/// change.
///
/// Each case is a ``HostileServer`` whose change feed is generated from a seed
/// (``WorldGenerator``): the schemas' admitted values at their edges, in pages, over a pull
/// and one or two syncs. Reproduce one case with `HOSTILE_SERVER_SEED=<seed>`; set
/// `HOSTILE_SERVER_VERBOSE` for a line per case.
@Suite("a hostile split-server", .serialized)
struct HostileServerTests {
    static let caseCount = 80

    /// The generated cases' seeds: fixed, so a failure reproduces; `HOSTILE_SERVER_SEED` runs one.
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["HOSTILE_SERVER_SEED"], let seed = UInt64(text) { return [seed] }
        var draw = SplitMix64(seed: 0x4057_11E5_E27E_0001)
        return (0..<caseCount).map { _ in draw.next() }
    }()

    @Test("whatever the schema admits, the trip pulls and syncs, keeps or holds every live item, drops deleted ones, nets to zero and still sends a local change (80 generated servers)",
          arguments: seeds)
    func hostileServer(seed: UInt64) async throws {
        let world = WorldGenerator.world(seed: seed)
        try await HostileServer.run(world.script) { server in
            let device = try SplitSandbox()
            // A slow machine must not turn the automatic sync after a change into "offline".
            device.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": "t"]
            let run = Runner(device: device, server: server, world: world)
            try await Self.property(run)
        }
    }

    /// The steps of one case; a step that fails ends it (what follows would only repeat it).
    static func property(_ run: Runner) async throws {
        guard try await run.step(run.world.link) else { return }
        for _ in 0..<run.world.syncs {
            guard try await run.step(["sync", "--json"]) else { return }
        }
        try await expectTripMatchesFeed(run)
        try await expectBalanced(run)
        try await expectLocalChangeSent(run)
    }

    // MARK: The property's parts

    /// Every live item the client was served ends in the trip or held (a sound one in the
    /// trip), as the server's newest version has it; every deleted one is in neither; nothing
    /// else is in either.
    static func expectTripMatchesFeed(_ run: Runner) async throws {
        guard let export = try await run.json(["export", "--format", "json"]),
              let conflicts = try await run.json(["conflicts", "--json"]),
              let status = try await run.json(["status", "--json"]) else { return }
        let trip = TripView(export["trips"][0])
        let heldItems = conflicts["held"].array
        let held = Set(heldItems.compactMap { $0["item"].string })
        run.expect(status["held"].int == held.count, .count, "status counts \(status["held"]) held, conflicts lists \(held.count)")
        run.expect(status["pending"].int == 0, .pending, "nothing was changed here, yet status says \(status["pending"]) pending")
        if run.world.crossChecksListings { try await expectListingsAgree(run, trip) }

        let verdicts = Verdict.all(run.server.served)
        run.trace("\(run.server.served.count) pages served, \(verdicts.count) items; the trip holds \(trip.keys.count), \(held.count) held")
        for (key, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            let inTrip = trip.keys.contains(key)
            switch verdict {
            case .live(let newest):
                run.expect(inTrip || held.contains(key), .kept, key: key, "sent live but neither in the trip nor held")
                run.expect(!(inTrip && held.contains(key)), .both, key: key, "both in the trip and held")
                guard let newest else { continue }
                if newest.sound {
                    let reason = heldItems.first { $0["item"].string == key }?["reason"].string ?? ""
                    run.expect(inTrip, .held, key: key, "has a sound reading (\(newest.body.text.prefix(600))) but is held: \(reason)")
                }
                guard inTrip else { continue }
                if newest.kind == .member || newest.kind == .expense {
                    let expected = newest.text ?? ""
                    run.expect(trip.texts[key] == expected, .content, key: key,
                               "reads \(String(reflecting: trip.texts[key] ?? "")) in the trip; the server's newest version says \(String(reflecting: expected))")
                }
                switch newest.date {
                case .reads(let date):
                    run.expect(trip.dates[key] == date, .date, key: key, "is dated \(trip.dates[key] ?? "nil"); the server's date reads as \(date)")
                case .unreadable:
                    run.expect(false, .date, key: key, "is in the trip dated \(trip.dates[key] ?? "nil"), but the server's date has no reading: \(newest.body.text.prefix(600))")
                case .notApplicable:
                    break
                }
            case .deleted:
                run.expect(!inTrip, .deleted, key: key, "deleted on the server (its newest version is a tombstone) but still in the trip")
                run.expect(!held.contains(key), .deletedHeld, key: key, "deleted on the server but still listed as held")
            case .ambiguous:
                continue
            }
        }
        for key in trip.keys.union(held).sorted() where verdicts[key] == nil {
            run.expect(false, .phantom, key: key, "in the trip or held, but the server never sent it")
        }
    }

    /// `member list --json` and `expenses --json` name the same items as the export.
    static func expectListingsAgree(_ run: Runner, _ trip: TripView) async throws {
        guard let members = try await run.json(["member", "list", "--json"]),
              let expenses = try await run.json(["expenses", "--json"]) else { return }
        let listed = Set(members["members"].array.compactMap { $0["id"].string.map { "member:" + $0 } })
            .union(expenses["expenses"].array.compactMap { $0["id"].string.map { "expense:" + $0 } })
        run.expect(listed == trip.keys.filter { $0.hasPrefix("member:") || $0.hasPrefix("expense:") }, .listing,
                   "member list and expenses name other items than the export")
    }

    /// The nets of every currency sum to exactly zero (read as decimals, not `Double`s).
    static func expectBalanced(_ run: Runner) async throws {
        let result = try await run.device.run(["balances", "--json"])
        guard run.expectSound(result) else { return }
        struct Balances: Decodable {
            struct PerCurrency: Decodable {
                struct Net: Decodable { let netBalance: Decimal }
                let currency: String
                let balances: [Net]
            }
            let balances: [PerCurrency]
        }
        guard let balances = try? JSONDecoder().decode(Balances.self, from: Data(result.stdout.utf8)) else {
            return run.expect(false, .balance, "balances --json is not the expected JSON: \(result)")
        }
        for currency in balances.balances {
            let sum = currency.balances.reduce(Decimal(0)) { $0 + $1.netBalance }
            run.expect(sum == 0, .balance, "\(currency.currency) nets sum to \(sum), not 0: \(result.stdout.prefix(2000))")
        }
    }

    /// A local change afterwards reaches the server (an expense paid by a member of the trip,
    /// or a new member when it has none) and leaves nothing pending.
    static func expectLocalChangeSent(_ run: Runner) async throws {
        guard let listed = try await run.json(["member", "list", "--json"]) else { return }
        let payer = listed["members"].array.first?["id"].string
        guard try await run.step(payer.map { ["add-expense", "After", "10", "--paid-by", $0] } ?? ["member", "add", "Zed"]) else { return }
        if let payer {
            let sent = run.server.pushedData("createExpense").contains {
                $0["description"] as? String == "After" && ($0["paidByMemberId"] as? String)?.lowercased() == payer
            }
            run.expect(sent, .sent, "no createExpense of 'After' reached the server; it received \(run.server.pushedTypes)")
        } else {
            run.expect(run.server.pushedData("createMember").contains { $0["name"] as? String == "Zed" }, .sent,
                       "no createMember of 'Zed' reached the server; it received \(run.server.pushedTypes)")
        }
        guard let status = try await run.json(["status", "--json"]) else { return }
        run.expect(status["pending"].int == 0, .pending, "after the local change status says \(status["pending"]) pending")
        run.trace("local change sent: \(run.server.pushedTypes)")
    }
}

/// A trip as `split export --format json` shows it, keyed as split files synced items.
struct TripView {
    /// `member:<id>`, `expense:<id>`, `payment:<id>`, `rate:<CODE>`.
    var keys = Set<String>()
    /// Member names and expense descriptions.
    var texts: [String: String] = [:]
    /// Expense and payment dates.
    var dates: [String: String] = [:]

    init(_ trip: JSON) {
        for member in trip["members"].array {
            let key = "member:" + (member["id"].string ?? "")
            keys.insert(key)
            texts[key] = member["name"].string
        }
        for expense in trip["expenses"].array {
            let key = "expense:" + (expense["id"].string ?? "")
            keys.insert(key)
            texts[key] = expense["description"].string
            dates[key] = expense["date"].string
        }
        for payment in trip["payments"].array {
            let key = "payment:" + (payment["id"].string ?? "")
            keys.insert(key)
            dates[key] = payment["date"].string
        }
        for rate in trip["rates"].array { keys.insert("rate:" + (rate["currency"].string ?? "")) }
    }
}

// MARK: - Running split against one generated server

/// The rules of the property, each failure tagged with one (known bugs match them).
enum Rule: String, Sendable {
    case exit, crash, kept, both, held, content, date, deleted, deletedHeld = "deleted-held", phantom, count, pending,
         listing, balance, sent
}

/// Runs `split` for one case and records every broken rule with the case's seed and script,
/// so each failure says how to reproduce it.
struct Runner {
    let device: SplitSandbox
    let server: HostileServer
    let world: HostileWorld

    /// Records `[rule] key: message`, the world and the requests, unless `condition` holds.
    func expect(_ condition: Bool, _ rule: Rule, key: String = "-", _ message: @autoclosure () -> String,
                sourceLocation: SourceLocation = #_sourceLocation) {
        guard !condition else { return }
        Issue.record("[\(rule.rawValue)] \(key): \(message())\n[\(world)]\nrequests: \(server.exchanges.map(\.description).joined(separator: ", "))",
                     sourceLocation: sourceLocation)
    }

    /// Prints a line about the case when `HOSTILE_SERVER_VERBOSE` is set.
    func trace(_ line: @autoclosure () -> String) {
        guard ProcessInfo.processInfo.environment["HOSTILE_SERVER_VERBOSE"] != nil else { return }
        print("hostile server \(world.seed): \(line())")
    }

    /// Signs that `split` crashed. `Process` reports a death by signal as the signal's number
    /// (4 for SIGILL, a Swift trap), which ``SplitResult/crashSigns()`` reads as an exit code,
    /// so any status outside split's documented table counts, and so does the backtracer's banner.
    static func crashSigns(_ result: SplitResult) -> [String] {
        var signs = result.crashSigns()
        if result.stderr.contains("*** Program crashed") { signs.append("stderr shows a crash ('Program crashed')") }
        if result.status != 0 && !(64...77).contains(result.status) { signs.append("status \(result.status) is no exit code of split's") }
        return signs
    }

    /// Whether the run neither crashed nor failed: the server's answers are all schema-valid,
    /// so every command must succeed (and a broken database, 74, is never acceptable).
    @discardableResult
    func expectSound(_ result: SplitResult, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let command = result.arguments.joined(separator: " ")
        let signs = Self.crashSigns(result)
        expect(signs.isEmpty, .crash, key: command, "\(signs.joined(separator: "; ")): \(result)", sourceLocation: sourceLocation)
        expect(result.status == 0 || !signs.isEmpty, .exit, key: command, "exit \(result.status) on schema-valid answers: \(result)",
               sourceLocation: sourceLocation)
        return signs.isEmpty && result.status == 0
    }

    /// Runs a command that must succeed; false when it did not (the case stops there).
    func step(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        expectSound(try await device.run(arguments), sourceLocation: sourceLocation)
    }

    /// A `--json` command's output, or nil (recorded) when it failed.
    func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON? {
        let result = try await device.run(arguments)
        guard expectSound(result, sourceLocation: sourceLocation) else { return nil }
        expect(result.json.object != nil, .exit, key: arguments.joined(separator: " "), "printed no JSON object: \(result)",
               sourceLocation: sourceLocation)
        return result.json
    }
}

// MARK: - The oracle

/// What the trip must make of one item, from every version the client was served: the
/// version with the highest revision wins (a reader never goes back to an older revision of
/// an item, whatever order the versions came in).
enum Verdict {
    /// The newest version is live; nil when several versions share the highest revision with
    /// different content (only liveness is certain then).
    case live(FeedItem?)
    case deleted
    /// Versions at the highest revision disagree on whether the item exists.
    case ambiguous

    static func all(_ pages: [FeedPage]) -> [String: Verdict] {
        versions(pages).mapValues { list in
            let top = list.map(\.revision).max() ?? 0
            let newest = list.filter { $0.revision == top }
            let first = newest[0]
            if newest.allSatisfy({ $0.body.text == first.body.text }) { return first.deleted ? .deleted : .live(first) }
            if newest.allSatisfy({ $0.deleted == first.deleted }) { return first.deleted ? .deleted : .live(nil) }
            return .ambiguous
        }
    }

    /// Every version of each item, in the order served.
    static func versions(_ pages: [FeedPage]) -> [String: [FeedItem]] {
        var versions: [String: [FeedItem]] = [:]
        for page in pages {
            for item in page.items { versions[item.key, default: []].append(item) }
        }
        return versions
    }

    /// The newest version of the item, when it is one version (nil when ambiguous).
    var newest: FeedItem? {
        if case .live(let item) = self { return item }
        return nil
    }
}

extension WireJSON {
    /// A text member of an object (nil when absent or not text).
    func field(_ key: String) -> String? {
        guard case .object(let pairs) = self, case .string(let text)? = pairs.first(where: { $0.key == key })?.value else { return nil }
        return text
    }

    /// How many elements an array member of an object has.
    func count(_ key: String) -> Int {
        guard case .object(let pairs) = self, case .array(let items)? = pairs.first(where: { $0.key == key })?.value else { return 0 }
        return items.count
    }
}

/// The hostile servers' listings read back by `split upload`: a suite of its own, serialized
/// like the sync property's, so that the two chains of cases run side by side rather than one
/// after the other at the end of the run.
@Suite("a hostile split-server's listings after an upload", .serialized)
struct HostileUploadTests {
    @Test("the upload's read-back: whatever the listings hold, split upload verifies or says why in one line, never crashes or fails otherwise, and a refused upload leaves the trip as it was (24 generated servers)",
          arguments: HostileServerTests.seeds.prefix(24))
    func uploadReadBack(seed: UInt64) async throws {
        let world = WorldGenerator.world(seed: seed)
        try await HostileServer.run(world.script) { server in
            let device = try SplitSandbox()
            device.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": "t"]
            try await device.ok("trip", "create", "Upload", "--currency", "JPY", "--local")
            try await device.ok("member", "add", "Alex", "Bea")
            try await device.ok("add-expense", "Dinner", "3000", "--paid-by", "Alex")
            try await device.ok("add-expense", "Taxi", "1200", "--paid-by", "Bea", "--among", "Alex,Bea")
            let before = try await device.ok("expenses", "--json").stdout
            let upload = try await device.run(["upload"])
            // 0: verified and linked; 70: the read-back differs from the trip, said so.
            #expect(upload.status == 0 || upload.status == 70, "seed \(seed): \(upload)")
            #expect(!upload.stderr.contains("Fatal error") && !upload.stderr.contains("Program crashed"), "seed \(seed): \(upload)")
            #expect(server.exchanges.contains { $0.method == "POST" && $0.path == "/api/groups/from-local" },
                    "seed \(seed): \(server.exchanges)")
            #expect(server.exchanges.contains { $0.method == "GET" && $0.path.hasSuffix("/expenses") }, "seed \(seed)")
            if upload.status == 70 {
                #expect(try await device.ok("expenses", "--json").stdout == before, "seed \(seed)")
                #expect(try await device.ok("status", "--json").json["linked"].bool == false, "seed \(seed)")
            }
        }
    }
}
