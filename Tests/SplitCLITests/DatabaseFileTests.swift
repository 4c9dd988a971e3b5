import Foundation
import SplitTestSupport
import Testing

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

func siblings(_ path: String) -> [String] {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(name) }.sorted()
}

@Suite("Database files")
struct DatabaseFileTests {
    /// Every command tried against a file split must not touch.
    static let probes: [[String]] = [
        ["trip", "list"], ["trip", "create", "T"], ["expenses"], ["balances", "--json"], ["undo"],
    ]

    func expectRefused(_ cli: CLI, _ path: String, _ phrases: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let original = try #require(fileBytes(path), sourceLocation: sourceLocation)
        let originalSiblings = siblings(path)
        for probe in Self.probes {
            let result = try await cli.run(probe + ["--db", path])
            #expect(result.status == 74, "\(result)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
            #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("split: error: "), "\(result)",
                    sourceLocation: sourceLocation)
            #expect(!result.stderr.contains("Fatal error"), "\(result)", sourceLocation: sourceLocation)
            for phrase in phrases {
                #expect(result.stderr.contains(phrase), "stderr should mention '\(phrase)': \(result)",
                        sourceLocation: sourceLocation)
            }
        }
        #expect(fileBytes(path) == original, "the file must be left byte for byte", sourceLocation: sourceLocation)
        #expect(siblings(path) == originalSiblings, "no -wal/-journal files may be left", sourceLocation: sourceLocation)
    }

    @Test("a file that is not SQLite is refused with 74 and left untouched")
    func notSQLite() async throws {
        let cli = try CLI()
        let path = try cli.write("notes.txt", String(repeating: "These are my travel notes, not a database.\n", count: 200))
        try await expectRefused(cli, path, "is not a split database", "left untouched")
    }

    @Test("another application's SQLite file is refused with 74 and left untouched")
    func foreignSQLite() async throws {
        let cli = try CLI()
        let path = cli.path("other.db")
        try sqlite3(path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ann');")
        try await expectRefused(cli, path, "is not a split database")
        #expect(try sqlite3(path, "SELECT name FROM contacts") == "Ann\n")
    }

    @Test("a split database with a newer schema is refused with 74 'newer' and left untouched")
    func newerSchema() async throws {
        let cli = try CLI()
        let path = cli.path("split.sqlite")
        try await cli.ok("trip", "create", "Tokyo Trip", "--db", path)
        try sqlite3(path, "PRAGMA user_version = 99")
        try await expectRefused(cli, path, "schema version 99", "newer than this split supports", "upgrade split")
    }

    @Test("a corrupt split database is refused with 74")
    func corrupt() async throws {
        let cli = try CLI()
        let path = cli.path("split.sqlite")
        try await cli.ok("trip", "create", "Tokyo Trip", "--db", path)
        try await cli.ok("member", "add", "Alex", "Bea", "--db", path)
        // Fold any WAL into the main file (sqlite3 removes it on close), so the damage below
        // is all there is.
        try sqlite3(path, "PRAGMA wal_checkpoint(TRUNCATE);")
        #expect(siblings(path) == ["split.sqlite"])
        var bytes = try #require(fileBytes(path))
        // Keep the header, scramble every page after the first.
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try await cli.run("member", "list", "--db", path)
        result.expectError(74, "is corrupt or unreadable", "left untouched")
        #expect(fileBytes(path) == bytes)
    }

    @Test("a directory given as the database is refused with 74")
    func directory() async throws {
        let cli = try CLI()
        try await cli.run("trip", "list", "--db", cli.directory.path).expectError(74, "is a directory")
    }

    @Test("an empty file becomes a split database")
    func emptyFile() async throws {
        let cli = try CLI()
        let path = try cli.write("empty.sqlite", "")
        try await cli.ok("trip", "create", "T", "--db", path)
        #expect(try await cli.json("trip", "list", "--db", path)["trips"].count == 1)
        #expect(try sqlite3(path, "PRAGMA application_id") == "\(0x5350_4C54)\n")
    }

    @Test("a missing nested directory is created")
    func nestedDirectory() async throws {
        let cli = try CLI()
        let path = cli.path("a/b/c/trips.sqlite")
        try await cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY", "--db", path)
        #expect(FileManager.default.fileExists(atPath: path))
        try await cli.ok("member", "add", "Alex", "--db", path)
        #expect(try await cli.json("member", "list", "--db", path)["members"].count == 1)
        // Nothing went to the default location.
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("database location: --db, then SPLIT_DB, then XDG_DATA_HOME, then ~/.local/share")
    func location() async throws {
        let cli = try CLI()
        // XDG_DATA_HOME (the harness default).
        try await cli.ok("trip", "create", "Xdg")
        #expect(FileManager.default.fileExists(atPath: cli.defaultDatabase))

        // SPLIT_DB beats XDG_DATA_HOME.
        let envDB = cli.path("env.sqlite")
        try await cli.run(["trip", "create", "Env"], env: ["SPLIT_DB": envDB]).expectSuccess()
        // --db beats SPLIT_DB; "~/" expands to HOME.
        try await cli.run(["trip", "create", "Flag", "--db", "~/flag.sqlite"], env: ["SPLIT_DB": envDB]).expectSuccess()
        #expect(FileManager.default.fileExists(atPath: cli.path("flag.sqlite")))

        func tripNames(_ arguments: [String], env: [String: String] = [:]) async throws -> [String] {
            let result = try await cli.run(["trip", "list", "--json"] + arguments, env: env)
            result.expectSuccess()
            return result.json["trips"].array.compactMap { $0["name"].string }
        }
        #expect(try await tripNames([]) == ["Xdg"])
        #expect(try await tripNames([], env: ["SPLIT_DB": envDB]) == ["Env"])
        #expect(try await tripNames(["--db", cli.path("flag.sqlite")], env: ["SPLIT_DB": envDB]) == ["Flag"])

        // Without XDG_DATA_HOME: ~/.local/share/split/split.sqlite.
        try await cli.run(["trip", "create", "Home"], env: ["XDG_DATA_HOME": ""]).expectSuccess()
        #expect(FileManager.default.fileExists(atPath: cli.path(".local/share/split/split.sqlite")))
        #expect(try await tripNames([], env: ["XDG_DATA_HOME": ""]) == ["Home"])
    }

    @Test("concurrent processes: two 300-line batches and single adds all land")
    func concurrentWriters() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        for batch in 1...2 {
            let lines = (1...300).map { index in
                #"{"description":"batch\#(batch)-\#(index)","amount":\#(index),"paidBy":"\#(batch == 1 ? "Alex" : "Bea")"}"#
            }
            try cli.write("batch\(batch).jsonl", lines.joined(separator: "\n"))
        }
        var running: [RunningCLI] = []
        running.append(try cli.start(["add-expense", "--batch", "batch1.jsonl"]))
        for index in 1...3 {
            running.append(try cli.start(["add-expense", "single-\(index)", "\(index * 1000)", "--paid-by", "Chen"]))
        }
        running.append(try cli.start(["add-expense", "--batch", "batch2.jsonl"]))
        for index in 4...6 {
            running.append(try cli.start(["add-expense", "single-\(index)", "\(index * 1000)", "--paid-by", "Dana"]))
        }
        running.append(try cli.start(["pay", "Dana", "Chen", "7"]))
        for process in running {
            let result = try await process.wait()
            #expect(result.status == 0, "\(result)")
        }

        let all = try await cli.expenses()
        #expect(all.count == 606)
        let names = Set(all.compactMap { $0["description"].string })
        let expected = Set((1...300).map { "batch1-\($0)" } + (1...300).map { "batch2-\($0)" } + (1...6).map { "single-\($0)" })
        #expect(names == expected)
        let summary = try await cli.json("summary")["currencies"][0]
        #expect(summary["total"].int == 2 * (300 * 301 / 2) + 21000)
        let nets = try await cli.nets()["JPY"] ?? [:]
        #expect(nets.values.reduce(0, +) == 0)
    }

    /// Races six processes onto a file that does not exist yet, several rounds over: each one
    /// must either create the schema or find it complete, never a half-made file or a busy error.
    @Test("concurrent first use of a new database file")
    func concurrentCreation() async throws {
        let cli = try CLI()
        for round in 1...5 {
            let path = cli.path("fresh\(round)/split.sqlite")
            let running = try (1...6).map { index in
                try cli.start(["trip", "create", "Trip \(index)", "--db", path])
            }
            for process in running {
                let result = try await process.wait()
                #expect(result.status == 0, "round \(round): \(result)")
            }
            #expect(try await cli.json("trip", "list", "--db", path)["trips"].count == 6)
        }
    }
}
