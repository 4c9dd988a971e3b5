import Foundation
import HTTPTypes
import SplitAPI
import SplitCore
@testable import SplitServer
import SplitJSON
import Testing

/// Issue 18's required proof: a client that knows only `paidByMemberId` (the iOS app, any
/// client of the Node server) computes split's balances from `GET /api/groups/:gid/expenses`,
/// where an expense k members paid is k rows, one per payer.
@Suite("split-server legacy listing of expenses several members paid", .serialized)
struct LegacyListingTests {
    /// One expense of the trip: its currency, amount, how it is shared, who paid and whose
    /// shares are marked paid when it is created.
    struct Plan: Sendable {
        let currency: String
        let amount: Int64
        let rule: @Sendable ([MemberID]) -> SplitRule
        let payers: @Sendable ([MemberID]) -> [ExpensePayer]
        let paid: [Int]
    }

    /// Ann, Ben, Cat, Dan are `m[0...3]` (in the order the trip names them, not by id).
    static let plans: [Plan] = [
        // One payer, equal among all; Ben has paid back.
        Plan(currency: "JPY", amount: 10_000, rule: { .equal($0) }, payers: { [.init(memberID: $0[0], amount: 10_000)] },
             paid: [1]),
        // Two payers, equal among all with a remainder.
        Plan(currency: "JPY", amount: 10_001, rule: { .equal($0) },
             payers: { [.init(memberID: $0[0], amount: 5_000), .init(memberID: $0[1], amount: 5_001)] }, paid: [2, 3]),
        // Three payers, exact shares with a zero one.
        Plan(currency: "USD", amount: 12_345,
             rule: { m in .exact([.init(memberID: m[0], amount: 2_000), .init(memberID: m[1], amount: 4_345),
                                  .init(memberID: m[2], amount: 6_000), .init(memberID: m[3], amount: 0)]) },
             payers: { [.init(memberID: $0[1], amount: 10_000), .init(memberID: $0[2], amount: 2_000),
                        .init(memberID: $0[3], amount: 345)] }, paid: [0]),
        // Two payers, percentages; the payer Ann's own share is marked paid too.
        Plan(currency: "USD", amount: 9_999,
             rule: { m in .percent([.init(memberID: m[0], weight: 33_333_333), .init(memberID: m[1], weight: 33_333_333),
                                    .init(memberID: m[2], weight: 33_333_334)]) },
             payers: { [.init(memberID: $0[3], amount: 3_333), .init(memberID: $0[0], amount: 6_666)] }, paid: [0, 1, 2]),
        // One payer, weights with a zero weight.
        Plan(currency: "JPY", amount: 7_777,
             rule: { m in .shares([.init(memberID: m[0], weight: 1), .init(memberID: m[1], weight: 2),
                                   .init(memberID: m[2], weight: 3), .init(memberID: m[3], weight: 0)]) },
             payers: { [.init(memberID: $0[2], amount: 7_777)] }, paid: []),
        // Three payers of a few cents: some parts are zero.
        Plan(currency: "USD", amount: 5, rule: { .equal(Array($0[0...2])) },
             payers: { [.init(memberID: $0[0], amount: 2), .init(memberID: $0[1], amount: 2), .init(memberID: $0[3], amount: 1)] },
             paid: [2]),
        // Three payers of JPY 3 among four: Dan's share is zero and appears once.
        Plan(currency: "JPY", amount: 3, rule: { .equal($0) },
             payers: { [.init(memberID: $0[0], amount: 1), .init(memberID: $0[1], amount: 1), .init(memberID: $0[2], amount: 1)] },
             paid: [0, 3]),
        // Four payers, shares.
        Plan(currency: "USD", amount: 1_000_003,
             rule: { m in .shares([.init(memberID: m[0], weight: 3), .init(memberID: m[1], weight: 5),
                                   .init(memberID: m[2], weight: 7), .init(memberID: m[3], weight: 11)]) },
             payers: { m in [.init(memberID: m[0], amount: 250_001), .init(memberID: m[1], amount: 250_001),
                             .init(memberID: m[2], amount: 250_000), .init(memberID: m[3], amount: 250_001)] },
             paid: [1, 3]),
    ]

    @Test("balances computed the Node way from the raw listing equal SplitCore's over split's own expenses")
    func nodeWayBalances() async throws {
        try await ServerHarness.run { api in
            let names = ["Ann", "Ben", "Cat", "Dan"]
            let (token, group, byName) = try await api.trip(names)
            let m = names.map { MemberID(byName[$0]!) }
            var expenses: [Expense] = []
            for (index, plan) in Self.plans.enumerated() {
                let currency = try Currency(code: plan.currency)
                let amount = Money(minorUnits: plan.amount, currency: currency)
                var splits = try SplitAllocator.splits(amount: amount, rule: plan.rule(m))
                for paid in plan.paid {
                    if let at = splits.firstIndex(where: { $0.memberID == m[paid] }) { splits[at].isPaid = true }
                }
                var expense = Expense(id: ExpenseID("pending"), description: "Expense \(index)", amount: amount,
                                      payers: plan.payers(m), date: CivilDate(year: 2025, month: 1, day: 20 - index)!,
                                      splits: splits)
                try expense.validate()
                let id = try await api.addExpense(
                    token, group: group, payer: expense.leadPayer.rawValue, amount: Self.major(plan.amount, currency),
                    currency: plan.currency,
                    splits: splits.map { ($0.memberID.rawValue, Self.major($0.amount, currency), $0.isPaid) },
                    payers: expense.payers.count > 1 ? expense.payers.map { ($0.memberID.rawValue, Self.major($0.amount, currency)) } : nil,
                    date: expense.date.description, description: expense.description)
                expense = Expense(id: ExpenseID(id), description: expense.description, amount: amount, payers: expense.payers,
                                  date: expense.date, splits: splits)
                expenses.append(expense)
            }

            // A share marked paid by its split id, as the iOS app does, on an expense two paid:
            // every row of it shows Ann's share paid.
            let listed = try await Self.listing(api, token: token, group: group)
            let row = try #require(listed.first { $0["partOf"].stringValue == expenses[1].id.rawValue })
            let annSplit = try #require(row["splits"].arrayValue?.first { $0["memberId"]?.stringValue == m[0].rawValue })
            let mark = try await api.call(.patch, "/api/expense-splits/\(annSplit["id"].stringValue!)/payment", token: token,
                                          json: #"{"isPaid":true}"#)
            #expect(mark.status == .ok, "\(mark)")
            if let at = expenses[1].splits.firstIndex(where: { $0.memberID == m[0] }) { expenses[1].splits[at].isPaid = true }

            let rows = try await Self.listing(api, token: token, group: group)
            let parts = Self.plans.map { plan in plan.payers(m).count }.reduce(0, +)
            #expect(rows.count == parts, "one row per payer")
            let annRows = rows.filter { $0["partOf"].stringValue == expenses[1].id.rawValue }
            #expect(annRows.count == 2 && annRows.allSatisfy { row in
                row["splits"].arrayValue?.first { $0["memberId"]?.stringValue == m[0].rawValue }?["isPaid"]?.boolValue == true
            })

            let node = try NodeWayBalances(rows: rows)
            let split = try BalanceCalculator.balances(members: m, expenses: expenses, payments: [])
            #expect(Set(node.totals.keys.map(\.currency)) == Set(split.map(\.currency.code)))
            for currencyBalances in split {
                let currency = currencyBalances.currency
                for balance in currencyBalances.balances {
                    let key = NodeWayBalances.Key(currency: currency.code, member: balance.memberID.rawValue)
                    let totals = node.totals[key] ?? .init()
                    let expected = NodeWayBalances.Totals(
                        paid: Self.decimal(balance.totalPaid, currency), share: Self.decimal(balance.totalShare, currency),
                        made: Self.decimal(balance.paymentsMade, currency), received: Self.decimal(balance.paymentsReceived, currency))
                    #expect(totals == expected, "\(currency.code) \(balance.memberID.short)")
                    #expect(totals.net == Self.decimal(balance.net, currency), "\(currency.code) \(balance.memberID.short)")
                }
                // The server's own balances: the same figures.
                let served = try await api.call(.get, "/api/groups/\(group)/balances?currency=\(currency.code)", token: token)
                    .decode(Components.Schemas.Settlement.self)
                for balance in currencyBalances.balances {
                    let mine = served.balances.first { $0.memberId.lowercased() == balance.memberID.rawValue }
                    #expect(mine?.netBalance == WireAmount.number(balance.net, currency), "\(currency.code) \(balance.memberID.short)")
                    #expect(mine?.totalPaid == WireAmount.number(balance.totalPaid, currency))
                }
            }
            #expect(split.flatMap(\.balances).contains { $0.paymentsReceived > 0 && $0.totalPaid > 0 })
        }
    }

    @Test("the rows of an expense several paid: adjacent, lead's id first, partOf and payers on each, real split ids")
    func rowShape() async throws {
        try await ServerHarness.run { api in
            let (token, group, members) = try await api.trip(["Ann", "Ben", "Cat"])
            let ids = members.values.sorted()
            let before = try await api.addExpense(token, group: group, payer: ids[0], amount: "10",
                                                  splits: [(ids[0], "10", false)], payers: nil, date: "2025-01-21")
            let id = try await api.addExpense(token, group: group, payer: ids[0], amount: "1000",
                                              splits: [(ids[0], "0", false), (ids[1], "500", true), (ids[2], "500", false)],
                                              payers: [(ids[0], "600"), (ids[2], "400")], date: "2025-01-20")
            let rows = try await Self.listing(api, token: token, group: group)
            #expect(rows.map { $0["id"].stringValue } == [before, id, rows[2]["id"].stringValue])
            #expect(rows[0]["partOf"] == nil && rows[0]["payers"] == nil)
            let parts = Array(rows[1...])
            #expect(parts.allSatisfy { $0["partOf"].stringValue == id && $0["payers"].count == 2 })
            #expect(parts.map { $0["paidByMemberId"].stringValue } == [ids[0], ids[2]])
            #expect(parts.map { $0["amount"].numberText } == ["600", "400"])
            // Ann (ids[0]) has a zero share: it appears in the first part only.
            #expect(Set(parts[0]["splits"].arrayValue?.compactMap { $0["amount"]?.numberText } ?? []) == ["0", "300"])
            #expect(parts[0]["splits"].count == 3)
            #expect(parts[1]["splits"].arrayValue?.map { $0["amount"]?.numberText } == ["200", "200"])
            // The same split id in each row for one member: the member's one real split.
            let splitIDs = try await api.changes(token, group: group).expenses.first { $0.id == id }?.splits ?? []
            for part in parts {
                for split in part["splits"].arrayValue ?? [] {
                    let real = splitIDs.first { $0.memberId == split["memberId"]?.stringValue }
                    #expect(real?.id == split["id"]?.stringValue && real?.isPaid == split["isPaid"]?.boolValue)
                }
            }
            // The typed handler answers the same rows.
            let typed = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
                .decode(Components.Schemas.ExpenseList.self)
            #expect(typed.expenses.map(\.id) == rows.map { $0["id"].stringValue ?? "" })
            #expect(typed.expenses.map(\.partOf) == [nil, id, id])
        }
    }

    @Test("PUT and DELETE of a part row other than the lead's are a 409 naming the expense; the lead's id deletes it all")
    func partRows() async throws {
        try await ServerHarness.run { api in
            let (token, group, members) = try await api.trip(["Ann", "Ben"])
            let ids = members.values.sorted()
            let id = try await api.addExpense(token, group: group, payer: ids[0], amount: "100",
                                              splits: [(ids[0], "50", false), (ids[1], "50", false)],
                                              payers: [(ids[0], "30"), (ids[1], "70")])
            let rows = try await Self.listing(api, token: token, group: group)
            let part = try #require(rows.last?["id"].stringValue)
            #expect(part != id)
            let message = "expense row \(part) is one payer's part of expense \(id), which several members paid; change that expense"
            let put = try await api.call(.put, "/api/expenses/\(part)", token: token, json: API.expenseJSON(
                group: group, payer: ids[0], amount: "100", splits: [(ids[0], "100", false)], payers: nil))
            #expect(put.status == .conflict && put.error == message, "\(put)")
            let delete = try await api.call(.delete, "/api/expenses/\(part)", token: token)
            #expect(delete.status == .conflict && delete.error == message, "\(delete)")
            let sync = try await api.sync(token, group: group, ops: [
                #"{"opId":"\#(API.newID())","type":"deleteExpense","data":{"id":"\#(part)"}}"#,
            ])
            let result = try sync.decode(Components.Schemas.SyncResponse.self).results.first
            #expect(result?.status == .rejected && result?.error == message, "\(String(describing: result))")
            // A client may not choose a part row's id for a new expense either.
            let taken = try await api.call(.post, "/api/expenses", token: token, json: "{\"id\":\"\(part)\","
                + API.expenseJSON(group: group, payer: ids[0], amount: "5", splits: [(ids[0], "5", false)], payers: nil).dropFirst())
            #expect(taken.status == .conflict, "\(taken)")
            #expect(try await Self.listing(api, token: token, group: group).count == 2)

            #expect(try await api.call(.delete, "/api/expenses/\(id)", token: token).status == .ok)
            #expect(try await Self.listing(api, token: token, group: group).isEmpty)
            #expect(try await api.call(.delete, "/api/expenses/\(part)", token: token).status == .notFound)
        }
    }

    // MARK: Helpers

    static func listing(_ api: API, token: String, group: String) async throws -> [JSONValue] {
        let reply = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
        guard reply.status == .ok, let rows = reply.json["expenses"].arrayValue else { throw HarnessError("listing: \(reply)") }
        return rows
    }

    static func major(_ minor: Int64, _ currency: Currency) -> String { DecimalText.major(minor, exponent: currency.exponent) }

    static func decimal(_ minor: Int64, _ currency: Currency) -> Decimal {
        Decimal(minor) / pow(Decimal(10), currency.exponent)
    }
}

/// Balances as a client of the Node server computes them from the listing, with no split
/// code: per row, the payer paid the row's amount, each member owes their split, and a split
/// marked paid is a payment from its member to the row's payer. Amounts are read from the JSON
/// text as exact decimals.
struct NodeWayBalances {
    struct Key: Hashable {
        let currency: String
        let member: String
    }

    struct Totals: Equatable {
        var paid = Decimal(0), share = Decimal(0), made = Decimal(0), received = Decimal(0)
        var net: Decimal { paid - share + made - received }
    }

    var totals: [Key: Totals] = [:]

    init(rows: [JSONValue]) throws {
        for row in rows {
            guard let currency = row["currency"]?.stringValue, let payer = row["paidByMemberId"]?.stringValue,
                  let amount = Self.number(row["amount"]) else { throw HarnessError("unreadable row \(row)") }
            totals[Key(currency: currency, member: payer), default: .init()].paid += amount
            for split in row["splits"]?.arrayValue ?? [] {
                guard let member = split["memberId"]?.stringValue, let share = Self.number(split["amount"]) else {
                    throw HarnessError("unreadable split \(split)")
                }
                totals[Key(currency: currency, member: member), default: .init()].share += share
                if split["isPaid"]?.boolValue == true {
                    totals[Key(currency: currency, member: member), default: .init()].made += share
                    totals[Key(currency: currency, member: payer), default: .init()].received += share
                }
            }
        }
    }

    static func number(_ value: JSONValue?) -> Decimal? {
        value?.numberText.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }
}
