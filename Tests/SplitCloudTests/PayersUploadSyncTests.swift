import Foundation
import SplitCore
import SplitTestSupport
import Testing

/// The built `split` with expenses several members paid against a real split-server: upload
/// and sync send each as one expense with its payers, the upload's verification passes, and
/// every device ends with the same payers and balances.
@Suite("several payers with split-server: upload and sync", .serialized)
struct PayersUploadSyncTests {
    /// The payers of the expenses with `description`, as `name=amount` (major units), one list
    /// per expense.
    static func payers(_ device: SplitSandbox, _ description: String) async throws -> [[String]] {
        try await device.ok("expenses", "--json").json["expenses"].array.filter { $0["description"].string == description }
            .map { expense in
                expense["payers"].array.map { payer in
                    "\(payer["memberName"].string ?? "?")=\(payer["amount"].double.map(DecimalText.shortest) ?? "?")"
                }.sorted()
            }
    }

    @Test("split upload sends an expense several paid as one, verified; another device pulls it with its payers")
    func upload() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await one.ok("trip", "create", "Osaka", "--currency", "JPY")
            try await one.ok("member", "add", "Alex", "Bea", "Chen")
            try await one.ok("add-expense", "Ryokan", "30001", "--paid-by", "Alex,Bea", "--shares", "Alex=1,Bea=1,Chen=2")
            try await one.ok("add-expense", "Train", "9000", "--paid-by", "Alex=1000,Bea=3000,Chen=5000")
            try await one.ok("add-expense", "Tea", "900", "--paid-by", "Chen")
            try await one.ok("mark-paid", try await SyncTests.expenseID(one, "Ryokan"), "--member", "Chen")
            let before = try await SplitSandbox.nets(one)
            let ryokan = try await Self.payers(one, "Ryokan")
            #expect(ryokan == [["Alex=15001", "Bea=15000"]], "\(ryokan)")
            try await SyncTests.register(one, server.url, "Ann")
            let upload = try await one.ok("upload")
            #expect(upload.stdout.contains("verified"), "\(upload)")
            #expect(try await Self.payers(one, "Ryokan") == ryokan)
            #expect(try await Self.payers(one, "Train") == [["Alex=1000", "Bea=3000", "Chen=5000"]])
            #expect(try await SplitSandbox.nets(one) == before)

            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Osaka")
            #expect(try await Self.payers(two, "Ryokan") == ryokan)
            #expect(try await SplitSandbox.nets(two) == before)
            try await SyncTests.converge([one, two])
        }
    }

    @Test("a linked trip: payers added, edited offline and pulled reach every device; balances agree")
    func sync() async throws {
        try await CloudTestServer.run { server in
            let one = try SplitSandbox(), two = try SplitSandbox()
            try await SyncTests.register(one, server.url, "Ann")
            try await one.ok("trip", "create", "Lima", "--currency", "USD", "--cloud")
            try await one.ok("member", "add", "Alex", "Bea", "Chen")
            try await one.ok("add-expense", "Hotel", "300.01", "--paid-by", "Alex=100,Bea=200.01")
            try await SyncTests.loginLike(one, into: two, server: server.url)
            try await two.ok("trip", "pull", "Lima")
            #expect(try await Self.payers(two, "Hotel") == [["Alex=100", "Bea=200.01"]])

            try await two.ok("--offline", "expense", "edit", try await SyncTests.expenseID(two, "Hotel"), "--paid-by", "Bea,Chen")
            try await two.ok("--offline", "mark-paid", try await SyncTests.expenseID(two, "Hotel"), "--member", "Alex")
            try await two.ok("sync")
            try await one.ok("sync")
            #expect(try await Self.payers(one, "Hotel") == [["Bea=150.01", "Chen=150"]])
            #expect(try await SplitSandbox.nets(one) == (try await SplitSandbox.nets(two)))
            try await SyncTests.converge([one, two])
        }
    }
}
