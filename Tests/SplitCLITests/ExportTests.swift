import Foundation
import Testing

@Suite("split export")
struct ExportTests {
    /// The spec's trip plus a USD expense, a paid share and a payment.
    func trip() async throws -> CLI {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        try await cli.ok("pay", "Bea", "Alex", "2000", "--note", "cash; thanks")
        try await cli.ok("mark-paid", try await cli.expenseID("Taxi"), "--member", "Chen")
        // Two payers, one of whom has a share; another share paid back to both.
        try await cli.ok("add-expense", "Ryokan", "9001", "--paid-by", "Chen=6001,Dana=3000", "--among", "Alex,Bea,Dana")
        try await cli.ok("mark-paid", try await cli.expenseID("Ryokan"), "--member", "Bea")
        return cli
    }

    @Test("json holds every trip's members, rates, expenses with splits, and payments")
    func json() async throws {
        let cli = try await trip()
        try await cli.ok("trip", "rate", "USD", "150.25")
        let document = try await cli.json("export", "--format", "json")
        #expect(document["format"].string == "split-export" && document["version"].int == 4)
        let exported = document["trips"][0]
        #expect(exported["name"].string == "Tokyo Trip" && exported["currency"].string == "JPY")
        #expect(exported["rates"][0]["rate"].double == 150.25)
        #expect(exported["members"].array.map { $0["name"].string } == ["Alex", "Bea", "Chen", "Dana"])
        #expect(exported["expenses"].array.count == 6)
        let ryokan = try #require(exported["expenses"].array.first { $0["description"].string == "Ryokan" })
        let ids = Dictionary(uniqueKeysWithValues: exported["members"].array.map { ($0["id"].string ?? "", $0["name"].string ?? "") })
        #expect(Set(ryokan["payers"].array.map { "\(ids[$0["member"].string ?? ""] ?? "?")=\($0["amount"].int ?? 0)" })
                == ["Chen=6001", "Dana=3000"])
        #expect(exported["payments"][0]["note"].string == "cash; thanks")
        let taxi = try #require(exported["expenses"].array.first { $0["description"].string == "Taxi" })
        #expect(taxi["splits"].array.map { $0["isPaid"].bool } == [false, true])
        let lunch = try #require(exported["expenses"].array.first { $0["description"].string == "Lunch" })
        #expect(lunch["amount"].double == 10.5 && lunch["currency"].string == "USD")
    }

    @Test("csv quotes what needs quoting and has a share column per member")
    func csv() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Snacks, \"big\"", "400", "--paid-by", "Dana", "--among", "Dana,Alex", "--note", "=SUM(A1)")
        let text = try await cli.ok("export", "--format", "csv").stdout
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == "trip,date,description,category,currency,amount,paid by,note,paid shares,Alex,Bea,Chen,Dana,"
                + "paid: Alex,paid: Bea,paid: Chen,paid: Dana")
        #expect(lines.contains { $0.contains(#""Snacks, ""big""",Other,JPY,400,Dana,'=SUM(A1),,200,,,200,,,,400"#) }, "\(text)")
        #expect(lines.contains { $0.contains(",Taxi,Other,JPY,3000,Bea,,Chen,,1500,1500,,,3000,,") }, "\(text)")
        #expect(lines.contains { $0.contains(",Ryokan,Other,JPY,9001,Chen; Dana,,Bea,3001,3000,,3000,,,6001,3000") }, "\(text)")
    }

    @Test("ledger balances equal split balances, member by member (checked by hledger when installed)")
    func ledger() async throws {
        let cli = try await trip()
        let journal = try await cli.ok("export", "--format", "ledger", "-o", cli.path("trip.journal"))
        #expect(journal.stderr.contains("exported 1 trip"))
        let text = try String(contentsOfFile: cli.path("trip.journal"), encoding: .utf8)
        // Each member's postings add up to their net in split balances.
        var sums: [String: [String: Double]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("    ") {
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
            let amount = parts[1].split(separator: " ")
            let member = String(parts[0].split(separator: ":").last!)
            sums[String(amount[1]), default: [:]][member, default: 0] += Double(amount[0])!
        }
        let nets = try await cli.nets()
        for (currency, members) in nets {
            for (member, net) in members {
                #expect(abs((sums[currency]?[member] ?? 0) - net) < 0.001, "\(currency) \(member)")
            }
        }
        guard let hledger = ["/usr/bin/hledger", "/usr/local/bin/hledger"].first(where: FileManager.default.isExecutableFile) else {
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hledger)
        process.arguments = ["-f", cli.path("trip.journal"), "balance", "--flat", "--no-total", "-O", "csv"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var reported: [String: [String: Double]] = [:]
        for row in output.split(separator: "\n").dropFirst() {
            // "account","1 JPY, 2 USD": two quoted fields, the second listing one amount per commodity.
            let fields = row.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).components(separatedBy: "\",\"")
            let member = String(fields[0].split(separator: ":").last!)
            for amount in fields[1].split(separator: ",") {
                let pieces = amount.trimmingCharacters(in: .whitespaces).split(separator: " ")
                reported[String(pieces[1]), default: [:]][member] = Double(pieces[0])
            }
        }
        #expect(reported.count == nets.count, "\(output)")
        for (currency, members) in nets {
            for (member, net) in members where net != 0 {
                #expect(reported[currency]?[member] == net, "hledger \(currency) \(member): \(output)")
            }
        }
    }

    @Test("export refuses --all with --trip, and an unwritable file, writing nothing")
    func errors() async throws {
        let cli = try await trip()
        try await cli.run("export", "--all", "--trip", "Tokyo Trip").expectUsageError("either --all or --trip")
        try await cli.run("export", "-o", cli.path("missing/dir/x.json")).expectError(74, "cannot write")
        #expect(!FileManager.default.fileExists(atPath: cli.path("missing")))
    }
}
