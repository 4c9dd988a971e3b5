import Foundation
import SplitTestSupport
import Testing

/// Both directions against the real ihatemoney 7.2.1 (``IHateMoneyServer``), in one currency
/// (ihatemoney looks up rates online for a bill in another, which fails here):
/// - split → `export --format ihatemoney` → ihatemoney's `POST /<project>/import`: its
///   per-member balances equal split's within half a cent;
/// - bills created through ihatemoney's API (weights, names with a comma and a formula
///   character, a reimbursement) → its `bills.json` and `bills.csv` → `split import`: split's
///   balances equal ihatemoney's, and equal what ihatemoney's settle plan
///   (`export/transactions.json`) moves for each member.
@Suite("ihatemoney, the real app", .serialized)
struct IHateMoneyLiveTests {
    static let available = IHateMoneyServer.python != nil || IHateMoneyServer.inCI

    static func server() throws -> IHateMoneyServer? {
        guard let python = IHateMoneyServer.python else {
            Issue.record("ihatemoney is missing in CI: scripts/test.sh installs it and sets SPLIT_IHATEMONEY_PYTHON")
            return nil
        }
        return try IHateMoneyServer(python: python)
    }

    static func expectWithinHalfCent(_ split: [String: Double], _ ihatemoney: [String: Double], _ comment: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(split.keys) == Set(ihatemoney.keys), "\(comment): members \(split.keys.sorted()) vs \(ihatemoney.keys.sorted())",
                sourceLocation: sourceLocation)
        for (name, balance) in ihatemoney where abs((split[name] ?? 0) - balance) > 0.005 {
            Issue.record("\(comment) \(name): split \(split[name] ?? 0), ihatemoney \(balance)", sourceLocation: sourceLocation)
        }
    }

    @Test("split → ihatemoney: its balances equal split's", .enabled(if: available, "ihatemoney is not installed: scripts/test.sh installs it and sets SPLIT_IHATEMONEY_PYTHON; CI runs this test"))
    func splitToIHateMoney() async throws {
        guard let server = try Self.server() else { return }
        defer { server.stop() }
        let cli = try await IHateMoneyExportTests.trip()
        try await cli.ok("trip", "rate", "USD", "0.9137")
        try await cli.ok("export", "--format", "ihatemoney", "-o", "lisbon.json")
        try server.createProject("lisbon", password: "secret", currency: "EUR")
        try server.importFile("lisbon", path: cli.path("lisbon.json"), type: "application/json")
        #expect(try server.billCount("lisbon", password: "secret") > 0)
        Self.expectWithinHalfCent(try await IHateMoneyExportTests.nets(cli, trip: "Lisbon", in: "EUR"),
                                  try server.balances("lisbon", password: "secret"), "split → ihatemoney")
    }

    @Test("ihatemoney → bills.json and bills.csv → split: split's balances equal ihatemoney's",
          .enabled(if: available, "ihatemoney is not installed: scripts/test.sh installs it and sets SPLIT_IHATEMONEY_PYTHON; CI runs this test"))
    func ihatemoneyToSplit() async throws {
        guard let server = try Self.server() else { return }
        defer { server.stop() }
        let (project, password) = ("weekend", "secret")
        try server.createProject(project, password: password, currency: "EUR")
        let bob = try server.addMember(project, password: password, name: "=Bob", weight: "2")
        let smith = try server.addMember(project, password: password, name: "Smith, John", weight: "1.5")
        let alice = try server.addMember(project, password: password, name: "Alice", weight: "0.5")
        let dan = try server.addMember(project, password: password, name: "Dan")
        try server.addBill(project, password: password, what: "=Groceries, big", payer: bob, owers: [bob, smith, alice, dan],
                           amount: "36.00", date: "2025-03-01", currency: "EUR")
        try server.addBill(project, password: password, what: "Train", payer: smith, owers: [alice, dan], amount: "12.15",
                           date: "2025-03-02", currency: "EUR")
        try server.addBill(project, password: password, what: "Ice cream", payer: alice, owers: [bob, smith], amount: "7",
                           date: "2025-03-02", currency: "EUR")
        try server.addBill(project, password: password, what: "Back", payer: dan, owers: [bob], amount: "5",
                           date: "2025-03-03", currency: "EUR", reimbursement: true)
        // split's member names hold no ',' or '=': the import renames those two.
        let renamed = ["Smith, John": "Smith John", "=Bob": "Bob"]
        let balances = Dictionary(uniqueKeysWithValues: try server.balances(project, password: password).map { (renamed[$0.key] ?? $0.key, $0.value) })
        // ihatemoney's own settle plan (export/transactions.json): each ower pays a receiver. Any
        // plan that settles the project moves every member by their balance, so the nets it
        // implies are ihatemoney's balances as its users see them settled (amounts rounded to the cent).
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(server.export(project, "transactions.json").utf8)) as? [[String: Any]])
        #expect(!plan.isEmpty)
        var settled: [String: Double] = [:]
        for transaction in plan {
            let ower = try #require(transaction["ower"] as? String), receiver = try #require(transaction["receiver"] as? String)
            let amount = try #require((transaction["amount"] as? NSNumber)?.doubleValue)
            settled[renamed[receiver] ?? receiver, default: 0] += amount
            settled[renamed[ower] ?? ower, default: 0] -= amount
        }

        for file in ["bills.json", "bills.csv"] {
            let cli = try CLI()
            let name = "weekend-\(file.replacingOccurrences(of: ".", with: "-"))"
            let path = try cli.write("\(name).\(file.hasSuffix("json") ? "json" : "csv")", try server.export(project, file))
            let imported = try await cli.ok("import", path)
            #expect((imported.stdout + imported.stderr).contains("'Smith, John' → 'Smith John'"), "\(imported)")
            let nets = try await IHateMoneyExportTests.nets(cli, trip: name, in: "EUR")
            Self.expectWithinHalfCent(nets, balances, file)
            // Against the settle plan: members it leaves out are settled already.
            for (member, net) in nets where abs(net - (settled[member] ?? 0)) > 0.01 {
                Issue.record("\(file) \(member): split \(net), ihatemoney's settle plan \(settled[member] ?? 0)")
            }
            for member in settled.keys where nets[member] == nil { Issue.record("\(file): settle plan names \(member), split does not") }
        }
    }
}
