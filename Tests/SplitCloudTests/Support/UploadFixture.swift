import Foundation
import SplitCore
import SplitStore
import SplitTestSupport

/// Local trips to upload, written through the real local store (`LocalBackend` on SQLite).
///
/// `trip` makes `count` expenses that go through every split mode in turn (equal among a
/// subset, exact, percent, shares), in JPY and USD, with some shares paid, plus payments,
/// a note, and (when `count` ≥ 2) two identical last expenses: reconciliation must map them to
/// two server expenses, never to one. Random choices come from a seeded ``SplitMix64``.
enum UploadFixture {
    static let names = ["Alex", "Bea", "Chen", "Dana", "Eve"]

    static func trip(in database: SplitDatabase, name: String = "Tokyo Trip", expenses count: Int, payments: Int = 3,
                     seed: UInt64 = 7) async throws -> Trip {
        let backend = LocalBackend(database: database)
        let at = Timestamp(iso8601: "2025-01-20T09:00:00Z")!
        let jpy = try Currency(code: "JPY"), usd = try Currency(code: "USD")
        let trip = try await backend.createTrip(Trip(id: TripID(newID()), name: name, currency: jpy), at: at)
        let members = try await backend.addMembers(names.map { Member(id: MemberID(newID()), name: $0) }, trip: trip.id, at: at)
        let ids = members.map(\.id)
        var random = SplitMix64(seed: seed)
        var expenses: [Expense] = []
        for index in 0..<count {
            if index == count - 1, count >= 2, let twin = expenses.last {
                expenses.append(Expense(id: ExpenseID(newID()), description: twin.description, amount: twin.amount,
                                        category: twin.category, payers: twin.payers, date: twin.date, splits: twin.splits))
                continue
            }
            let currency = index % 3 == 2 ? usd : jpy
            let amount = Money(minorUnits: Int64.random(in: currency == jpy ? 500...60_000 : 100...25_000, using: &random),
                               currency: currency)
            let sharers = subset(ids, using: &random)
            var splits = try SplitAllocator.splits(amount: amount, rule: rule(index % 4, sharers, amount, using: &random))
            let payer = ids.randomElement(using: &random)!
            for position in splits.indices where splits[position].memberID != payer && random.next() % 4 == 0 {
                splits[position].isPaid = true
            }
            expenses.append(Expense(
                id: ExpenseID(newID()), description: "Expense \(index)", amount: amount,
                category: Category.defaults.randomElement(using: &random)!, paidBy: payer,
                date: CivilDate(year: 2025, month: 1, day: 1 + index % 28)!, note: index == 0 ? "booked online" : nil,
                splits: splits))
        }
        if !expenses.isEmpty { try await backend.addExpenses(expenses, trip: trip.id, at: at) }
        for index in 0..<payments {
            let from = ids[index % ids.count], to = ids[(index + 2) % ids.count]
            try await backend.addPayment(
                Payment(id: PaymentID(newID()), from: from, to: to, amount: Money(minorUnits: Int64(1000 + 250 * index), currency: jpy),
                        date: CivilDate(year: 2025, month: 1, day: 20)!, note: index == 0 ? "cash" : nil),
                trip: trip.id, at: at)
        }
        return trip
    }

    /// Adds one more expense to `trip`, as `split add-expense` would.
    static func addExpense(_ description: String, minor: Int64, to trip: Trip, in database: SplitDatabase) async throws {
        let backend = LocalBackend(database: database)
        let members = try await backend.members(trip: trip.id).map(\.id)
        let amount = Money(minorUnits: minor, currency: trip.currency)
        let splits = try SplitAllocator.splits(amount: amount, rule: .equal(members))
        try await backend.addExpenses([Expense(id: ExpenseID(newID()), description: description, amount: amount,
                                               paidBy: members[0], date: CivilDate(year: 2025, month: 2, day: 1)!,
                                               splits: splits)],
                                      trip: trip.id, at: Timestamp(iso8601: "2025-02-01T09:00:00Z")!)
    }

    static func newID() -> String { UUID().uuidString.lowercased() }

    private static func subset(_ ids: [MemberID], using random: inout SplitMix64) -> [MemberID] {
        let chosen = ids.filter { _ in random.next() % 3 != 0 }
        return chosen.isEmpty ? [ids[0]] : chosen
    }

    /// Split mode `mode` (0 equal, 1 exact, 2 percent, 3 shares) among `members`.
    private static func rule(_ mode: Int, _ members: [MemberID], _ amount: Money, using random: inout SplitMix64) -> SplitRule {
        switch mode {
        case 0:
            return .equal(members)
        case 1:
            var left = amount.minorUnits
            var parts: [MemberAmount] = []
            for (position, member) in members.enumerated() {
                let part = position == members.count - 1 ? left : Int64.random(in: 0...left, using: &random)
                parts.append(MemberAmount(memberID: member, amount: part))
                left -= part
            }
            return .exact(parts)
        case 2:
            var left: Int64 = 100
            var parts: [MemberWeight] = []
            for (position, member) in members.enumerated() {
                let part = position == members.count - 1 ? left : Int64.random(in: 0...left, using: &random)
                parts.append(MemberWeight(memberID: member, weight: part * 1_000_000))
                left -= part
            }
            return .percent(parts)
        default:
            return .shares(members.map { MemberWeight(memberID: $0, weight: Int64.random(in: 1...5, using: &random)) })
        }
    }
}

/// A fixture trip in a local database of its own, in a temporary folder that lives as long as
/// this value.
final class LocalTripFile: Sendable {
    let folder: SplitSandbox
    let database: SplitDatabase
    let trip: Trip

    private init(folder: SplitSandbox, database: SplitDatabase, trip: Trip) {
        self.folder = folder
        self.database = database
        self.trip = trip
    }

    static func make(expenses: Int, payments: Int = 3) async throws -> LocalTripFile {
        let folder = try SplitSandbox()
        let database = try SplitDatabase(path: folder.directory.path + "/local.sqlite")
        let trip = try await UploadFixture.trip(in: database, expenses: expenses, payments: payments)
        return LocalTripFile(folder: folder, database: database, trip: trip)
    }
}
