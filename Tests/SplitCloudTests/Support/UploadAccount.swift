import Foundation
import SplitCloud
import SplitCore
import SplitStore
@testable import SplitSync
import Testing

/// A fresh account on a test server plus a local database, for uploads run in this process:
/// the client's waits go to `clock` (shared with a quirks server's rate limiter) and faults
/// can be injected per run.
final class UploadAccount: Sendable {
    let server: CloudTestServer.Running
    let clock: ManualClock
    let token: String
    let userID: String
    let database: SplitDatabase
    let notices = Notices()

    private init(server: CloudTestServer.Running, clock: ManualClock, login: CloudLogin, database: SplitDatabase) {
        self.server = server
        self.clock = clock
        token = login.token
        userID = login.user.id
        self.database = database
    }

    /// Registers a new account; `database` is shared by accounts that upload the same trips
    /// (the id map is kept per account).
    static func make(_ server: CloudTestServer.Running, clock: ManualClock, database: SplitDatabase) async throws
        -> UploadAccount {
        let login = try await CloudTestSupport.client(server, clock: clock)
            .register(email: "up-\(UUID().uuidString.prefix(8).lowercased())@example.com", phone: nil,
                      password: "password-1", displayName: "Ann")
        return UploadAccount(server: server, clock: clock, login: login, database: database)
    }

    func client(faults: (any CloudFaultHook)? = nil) -> CloudClient {
        CloudTestSupport.client(server, token: token, clock: clock, notices: notices, faults: faults)
    }

    var store: LocalBackend { LocalBackend(database: database) }

    func scope(_ trip: Trip) -> UploadScope { UploadScope(server: server.url, account: userID, trip: trip.id) }

    func upload(_ trip: Trip, _ options: UploadOptions = UploadOptions(), faults: (any CloudFaultHook)? = nil)
        async throws -> UploadReport {
        let snapshot = try await LocalTripSnapshot.load(from: LocalBackend(database: database), trip: trip)
        let uploader = Uploader(client: client(faults: faults), store: store, account: userID,
                                now: { Timestamp(iso8601: "2025-01-20T09:00:00Z")! })
        return try await uploader.upload(snapshot, options: options)
    }

    /// What differs between the local trip and the group it was uploaded to, read back from
    /// the server through the id map: every expense field, split and paid flag, every payment
    /// (or its expense), member names, counts and balances. Empty when the upload is exact.
    func differences(_ trip: Trip) async throws -> [String] {
        let snapshot = try await LocalTripSnapshot.load(from: LocalBackend(database: database), trip: trip)
        let mapping = try store.uploadMapping(scope(trip))
        guard let groupID = mapping.serverID(.trip, trip.id.rawValue) else { return ["the trip is not in the id map"] }
        let client = client(), group = TripID(groupID)
        let hasPayments = try await client.capabilities().has(.payments)
        var problems: [String] = []
        let members = try await client.members(group: group)
        let serverNames = Dictionary(uniqueKeysWithValues: members.map { ($0.id.rawValue, $0.name) })
        if members.map(\.name).sorted() != snapshot.members.map(\.name).sorted() {
            problems.append("members: server \(members.map(\.name).sorted()), local \(snapshot.members.map(\.name).sorted())")
        }
        func server(_ member: MemberID) -> MemberID { MemberID(mapping.serverID(.member, member.rawValue) ?? "unmapped") }

        let stored = try await client.expenses(group: group)
        let byID = Dictionary(uniqueKeysWithValues: stored.compactMap { item in item.expense.map { (item.id.rawValue, $0) } })
        let expected = snapshot.expenses.count + (hasPayments ? 0 : snapshot.payments.count)
        if stored.count != expected { problems.append("the server has \(stored.count) expenses, expected \(expected)") }
        // An expense that kept its local id (split-server's from-local) kept its note apart too.
        var wanted: [(kind: UploadMapKind, expense: Expense)] = zip(snapshot.expenses, snapshot.storedExpenses).map { folded, stored in
            (.expense, mapping.serverID(.expense, stored.id.rawValue) == stored.id.rawValue ? stored : folded)
        }
        if !hasPayments {
            wanted += snapshot.payments.map { payment in
                (.payment, Expense(id: ExpenseID(payment.id.rawValue),
                                   description: "Payment: \(snapshot.names[payment.from]!) → \(snapshot.names[payment.to]!)",
                                   amount: payment.amount, category: .other, paidBy: payment.from, date: payment.date,
                                   splits: [ExpenseSplit(memberID: payment.to, amount: payment.amount.minorUnits)]))
            }
        }
        var claimed = Set<String>()
        for (kind, local) in wanted {
            guard let id = mapping.serverID(kind, local.id.rawValue), let remote = byID[id] else {
                problems.append("\(kind) '\(local.description)' is not on the server")
                continue
            }
            if !claimed.insert(id).inserted { problems.append("two local items map to server expense \(id)") }
            let fields = [local.description, "\(local.amount)", local.category.rawValue, local.payers.map { "\(serverNames[server($0.memberID).rawValue] ?? "?")=\($0.amount)" }.sorted().joined(separator: ","),
                          local.date.description]
            let remoteFields = [remote.description, "\(remote.amount)", remote.category.rawValue,
                                remote.payers.map { "\(serverNames[$0.memberID.rawValue] ?? "?")=\($0.amount)" }.sorted().joined(separator: ","),
                                remote.date.description]
            if fields != remoteFields { problems.append("expense \(local.id.short): local \(fields), server \(remoteFields)") }
            let localSplits = Set(local.splits.map { "\(server($0.memberID).rawValue)=\($0.amount)/\($0.isPaid)" })
            let remoteSplits = Set(remote.splits.map { "\($0.memberID.rawValue)=\($0.amount)/\($0.isPaid)" })
            if localSplits != remoteSplits { problems.append("splits of \(local.id.short): local \(localSplits), server \(remoteSplits)") }
        }
        var payments: [Payment] = []
        if hasPayments {
            payments = try await client.payments(group: group)
            if payments.count != snapshot.payments.count {
                problems.append("the server has \(payments.count) payments, expected \(snapshot.payments.count)")
            }
            let byPaymentID = Dictionary(uniqueKeysWithValues: payments.map { ($0.id.rawValue, $0) })
            for local in snapshot.payments {
                guard let id = mapping.serverID(.payment, local.id.rawValue), let remote = byPaymentID[id],
                      remote.from == server(local.from), remote.to == server(local.to), remote.amount == local.amount,
                      remote.date == local.date, remote.note == local.note else {
                    problems.append("payment \(local.id.short) of \(local.amount) is missing or different on the server")
                    continue
                }
            }
        }
        // Balances, member by member and currency by currency, from the read-back data.
        var toLocal: [MemberID: MemberID] = [:]
        for member in snapshot.members { toLocal[server(member.id)] = member.id }
        let remoteExpenses = stored.compactMap { item -> Expense? in
            guard var expense = item.expense else { return nil }
            expense.payers = expense.payers.map { ExpensePayer(memberID: toLocal[$0.memberID] ?? $0.memberID, amount: $0.amount) }
            expense.splits = expense.splits.map { ExpenseSplit(memberID: toLocal[$0.memberID] ?? $0.memberID, amount: $0.amount, isPaid: $0.isPaid) }
            return expense
        }
        let remotePayments = payments.map { payment in
            Payment(id: payment.id, from: toLocal[payment.from] ?? payment.from, to: toLocal[payment.to] ?? payment.to,
                    amount: payment.amount, date: payment.date)
        }
        let roster = snapshot.members.map(\.id)
        let mine = try BalanceCalculator.balances(members: roster, expenses: snapshot.expenses, payments: snapshot.payments)
        let theirs = try BalanceCalculator.balances(members: roster, expenses: remoteExpenses, payments: remotePayments)
        let nets = { (balances: [CurrencyBalances]) in balances.map { "\($0.currency): " + $0.balances.map { "\($0.net)" }.joined(separator: " ") } }
        if nets(mine) != nets(theirs) { problems.append("balances: local \(nets(mine)), server \(nets(theirs))") }
        return problems
    }

    /// Expenses and groups the account has on the server, to show nothing was created.
    func serverCounts() async throws -> (groups: Int, expenses: Int) {
        let client = client()
        var expenses = 0
        let groups = try await client.groups()
        for group in groups { expenses += try await client.expenses(group: group.id).count }
        return (groups.count, expenses)
    }
}
