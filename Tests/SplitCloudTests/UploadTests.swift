import Foundation
import SplitCloud
import SplitCore
import SplitServer
import SplitServerQuirks
import SplitStore
@testable import SplitSync
import Testing

/// `split upload`'s engine in this process against a real split-server (normal and Node-quirks
/// mode) on loopback: what reaches the server is read back and compared field by field.
@Suite("upload a local trip", .serialized)
struct UploadTests {
    @Test("200 expenses, every split mode, two currencies, paid flags and payments: from-local, exact on the server")
    func fromLocal() async throws {
        try await CloudTestServer.run { server in
            let local = try await LocalTripFile.make(expenses: 200)
            let (database, trip) = (local.database, local.trip)
            let account = try await UploadAccount.make(server, clock: ManualClock(), database: database)
            let report = try await account.upload(trip)
            #expect(report.path == .fromLocal && !report.existed)
            #expect(report.members.created == 5 && report.expenses.created == 200 && report.payments.created == 3)
            #expect(report.verification?.verified == true, "\(String(describing: report.verification))")
            // split-server keeps the note as a note (and every local id): nothing folded.
            #expect(!report.warnings.contains { $0.contains("note") }, "\(report.warnings)")
            #expect(report.requests < 12, "from-local takes a handful of requests, not one per item")
            #expect(try await account.differences(trip) == [])
        }
    }

    @Test("the Node server: step by step under its 100-a-minute limit, payments as expenses, balances equal")
    func nodeServer() async throws {
        let clock = ManualClock()
        let quirks = LegacyQuirks(dateStyle: .midnight(utcOffsetHours: 8), now: { clock.seconds })
        try await CloudTestServer.run(quirks: quirks) { server in
            let local = try await LocalTripFile.make(expenses: 200)
            let (database, trip) = (local.database, local.trip)
            let account = try await UploadAccount.make(server, clock: clock, database: database)
            let report = try await account.upload(trip)
            #expect(report.path == .stepByStep && report.paymentsAsExpenses)
            #expect(report.members.created == 5 && report.expenses.created == 200 && report.payments.created == 3)
            #expect(report.paidFlags.created > 20 && report.paidFlags.created == report.paidFlags.total)
            #expect(report.verification?.verified == true, "\(String(describing: report.verification))")
            #expect(try await account.differences(trip) == [])
            // Over 200 requests at 100 a minute: the server said 429 and the client waited as told.
            #expect(account.notices.all.contains { $0.contains("is limiting requests; waiting") })
            #expect(clock.sleeps.contains { $0 >= .seconds(1) })
            let expenses = try await account.client().expenses(group: try #require(report.groupID))
            #expect(expenses.filter { $0.expense?.description.hasPrefix("Payment: ") == true }.count == 3)
            #expect(expenses.contains { $0.expense?.description == "Payment: Alex → Chen" && $0.expense?.category == .other })
        }
    }

    @Test("a re-run sends only what was added locally since; with nothing new it sends no write at all",
          arguments: [false, true])
    func reRun(nodeLike: Bool) async throws {
        let clock = ManualClock()
        try await CloudTestServer.run(quirks: nodeLike ? LegacyQuirks(apiLimit: 100_000, now: { clock.seconds }) : nil) { server in
            let local = try await LocalTripFile.make(expenses: 20)
            let (database, trip) = (local.database, local.trip)
            let account = try await UploadAccount.make(server, clock: clock, database: database)
            #expect(try await account.upload(trip).verification?.verified == true)

            let idle = RequestLog()
            let again = try await account.upload(trip, faults: idle)
            #expect(again.nothingNew && again.existed && again.verification?.verified == true)
            #expect(idle.writes == [], "\(idle.all)")
            #expect(again.expenses.matched == 20 && again.members.matched == 5 && again.payments.matched == 3)

            try await UploadFixture.addExpense("Late snack", minor: 1500, to: trip, in: database)
            let one = RequestLog()
            let third = try await account.upload(trip, faults: one)
            #expect(one.writes == ["POST /api/expenses"], "\(one.all)")
            #expect(third.expenses.created == 1 && third.expenses.matched == 20 && third.verification?.verified == true)
            #expect(try await account.differences(trip) == [])
        }
    }

    @Test("split-server without from-local: step by step with idempotency keys; lost answers are replayed, not stored twice")
    func stepByStepWithLostAnswers() async throws {
        try await CloudTestServer.run { server in
            let local = try await LocalTripFile.make(expenses: 60)
            let (database, trip) = (local.database, local.trip)
            let account = try await UploadAccount.make(server, clock: ManualClock(), database: database)
            let lose = LoseAnswers(every: 5)
            let report = try await account.upload(trip, UploadOptions(stepByStep: true), faults: lose)
            #expect(report.path == .stepByStep && !report.paymentsAsExpenses)
            #expect(lose.lost >= 10)
            #expect(report.expenses.created == 60 && report.payments.created == 3)
            #expect(report.paidFlags.created == 0, "split-server stores paid states with the expense")
            #expect(report.verification?.verified == true)
            #expect(try await account.differences(trip) == [])
        }
    }

    @Test("a trip larger than the server's body limit: from-local answers 413, and the upload goes step by step")
    func tooLargeForFromLocal() async throws {
        try await CloudTestServer.run(maxBodyBytes: 16 << 10) { server in
            let local = try await LocalTripFile.make(expenses: 80)
            let (database, trip) = (local.database, local.trip)
            let account = try await UploadAccount.make(server, clock: ManualClock(), database: database)
            let log = RequestLog()
            let report = try await account.upload(trip, faults: log)
            #expect(log.all.filter { $0 == "POST /api/groups/from-local" }.count == 1)
            #expect(report.path == .stepByStep && report.expenses.created == 80 && report.verification?.verified == true)
            #expect(try await account.differences(trip) == [])
        }
    }

    @Test("--dry-run reads but writes nothing, neither on the server nor in the id map")
    func dryRun() async throws {
        try await CloudTestServer.run { server in
            let local = try await LocalTripFile.make(expenses: 30)
            let (database, trip) = (local.database, local.trip)
            let account = try await UploadAccount.make(server, clock: ManualClock(), database: database)
            let log = RequestLog()
            let plan = try await account.upload(trip, UploadOptions(dryRun: true), faults: log)
            #expect(plan.dryRun && plan.groupID == nil && plan.verification == nil && plan.path == .fromLocal)
            #expect(plan.members.created == 5 && plan.expenses.created == 30 && plan.payments.created == 3)
            #expect(log.writes == [] && log.all.count == 2, "\(log.all)")
            #expect(try account.store.uploadMapping(account.scope(trip)).isEmpty)
            #expect(try await account.serverCounts().groups == 0)

            // Part-way through a step-by-step upload, a dry run names exactly what is left.
            await #expect(throws: UploadError.self) {
                try await account.upload(trip, UploadOptions(stepByStep: true, concurrency: 1), faults: KillAt(20, afterAnswer: false))
            }
            let stored = try await account.serverCounts().expenses
            let rest = try await account.upload(trip, UploadOptions(dryRun: true), faults: log)
            #expect(rest.existed && rest.expenses.created == 30 - stored && rest.expenses.matched == stored)
            #expect(log.writes == [])
            #expect(try await account.serverCounts().expenses == stored)
        }
    }

    @Test("refused before anything is sent: a currency the Node server does not store, a name already taken")
    func refusedFirst() async throws {
        let clock = ManualClock()
        try await CloudTestServer.run(quirks: LegacyQuirks(now: { clock.seconds })) { server in
            let local = try await LocalTripFile.make(expenses: 5)
            let (database, trip) = (local.database, local.trip)
            let backend = LocalBackend(database: database)
            let members = try await backend.members(trip: trip.id).map(\.id)
            let eur = Money(minorUnits: 1000, currency: try Currency(code: "EUR"))
            try await backend.addExpenses([Expense(id: ExpenseID(UploadFixture.newID()), description: "Crêpes", amount: eur,
                                                   paidBy: members[0], date: CivilDate(year: 2025, month: 1, day: 3)!,
                                                   splits: [ExpenseSplit(memberID: members[1], amount: 1000)])],
                                          trip: trip.id, at: Timestamp(millisecondsSince1970: 0))
            let account = try await UploadAccount.make(server, clock: clock, database: database)
            let log = RequestLog()
            do {
                _ = try await account.upload(trip, faults: log)
                Issue.record("a EUR expense was accepted for the Node server")
            } catch let error as UploadError {
                #expect(error.kind == .data)
                #expect(error.message == "this server (the Node budget_splitter_web API) does not accept currency EUR (1 item); "
                        + "it accepts only JPY, MYR, SGD, USD. Nothing was uploaded")
            }
            #expect(log.writes == [] && log.all == ["GET /health"])

            let other = try await LocalTripFile.make(expenses: 3)
            let plain = other.trip
            let second = try await UploadAccount.make(server, clock: clock, database: other.database)
            _ = try await second.client().createGroup(name: "tokyo trip")
            await #expect(throws: UploadError.nameTaken(name: "Tokyo Trip", server: server.url)) {
                try await second.upload(plain)
            }
            let renamed = try await second.upload(plain, UploadOptions(name: "Tokyo 2025"))
            #expect(renamed.groupName == "Tokyo 2025" && renamed.verification?.verified == true)
        }
    }
}
