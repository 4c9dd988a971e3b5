import Foundation
import SplitCore
import SplitImport
import SplitStore
import Testing

@Suite("import: Splitwise CSV")
struct SplitwiseImportTests {
    static let export = #"""
    Date,Description,Category,Cost,Currency,Alex Kim,Bea,Chen\#r
    2025-04-01,"Dinner, with ""wine""",Dining out,90.00,EUR,60.00,-30.00,-30.00\#r
    2025-04-02,Taxi,Taxi,20.00,EUR,-10.00,10.00,0.00\#r
    2025-04-02,Taxi,Taxi,20.00,EUR,-10.00,10.00,0.00\#r
    2025-04-03,Bea paid Alex Kim,Payment,15.00,EUR,-15.00,15.00,0.00\#r
    2025-04-04,Groceries,Groceries,30.00,EUR,10.00,10.00,-20.00\#r
    2025-04-05,Souvenir,Knick-knacks,12.00,EUR,0.00,0.00,0.00\#r
    \#r
    2025-04-06,Total balance, , ,EUR,35.00,15.00,-50.00\#r

    """#

    @Test("nets become payer and shares; payments, duplicate rows, several payers; the total row is skipped")
    func imports() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("lisbon.csv", Self.export)
        let (plan, summary) = try sandbox.importFile(path)
        #expect(summary.trips.map(\.name) == ["lisbon"])
        // Dinner, two identical taxis, and groceries: one expense with two payers.
        #expect(summary.trips[0].expensesAdded == 4 && summary.trips[0].paymentsAdded == 1)
        let trip = try await sandbox.backend.trip(matching: "lisbon")
        #expect(trip.currency.code == "EUR")
        let expenses = try await sandbox.backend.expenses(trip: trip.id, filter: .all)
        let dinner = try #require(expenses.first { $0.description == "Dinner, with \"wine\"" })
        #expect(dinner.amount.minorUnits == 9000 && dinner.splits.map(\.amount) == [3000, 3000, 3000])
        #expect(dinner.category.rawValue == "Dining out")
        // Splitwise's categories become the trip's own, after the six; a name in another case
        // is the same category, and the rows skipped add none.
        #expect(try await sandbox.backend.categories(trip: trip.id).list
                == "Meal, Transport, Tickets, Shopping, Hotel, Other, Dining out, Taxi, Groceries")
        // Groceries 30.00 with nets +10/+10/-20: Chen owes 20; the payers' own shares, not in
        // the file, are equal (5 each), so each paid 15.
        let groceries = try #require(expenses.first { $0.description == "Groceries" })
        #expect(expenses.filter { $0.description == "Groceries" }.count == 1)
        let ids = try await sandbox.memberIDs("lisbon")
        #expect(Set(groceries.payers) == [ExpensePayer(memberID: try #require(ids["Alex Kim"]), amount: 1500),
                                          ExpensePayer(memberID: try #require(ids["Bea"]), amount: 1500)])
        #expect(Set(groceries.splits.map { [$0.memberID.rawValue, String($0.amount)] })
                == [[try #require(ids["Alex Kim"]).rawValue, "500"], [try #require(ids["Bea"]).rawValue, "500"],
                    [try #require(ids["Chen"]).rawValue, "2000"]])
        // The balances equal Splitwise's "Total balance" row.
        #expect(try await sandbox.nets("lisbon") == ["EUR": ["Alex Kim": 3500, "Bea": 1500, "Chen": -5000]])
        #expect(plan.warnings.contains { $0.contains("'Souvenir' changes no balance; skipped") })
        #expect(plan.warnings.contains { $0.contains("'Groceries' had 2 payers") })

        let (_, again) = try sandbox.importFile(path)
        #expect(again.addedNothing && again.trips[0].expensesSkipped == 4)
    }

    @Test("a re-export with new rows adds only those")
    func reexport() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        try sandbox.importFile(try sandbox.write("lisbon.csv", Self.export))
        let grown = Self.export.replacingOccurrences(of: "\r\n\r\n", with: "\r\n2025-04-07,Ferry,Boat,9.00,EUR,-3.00,-3.00,6.00\r\n\r\n")
        let (plan, summary) = try sandbox.importFile(try sandbox.write("lisbon.csv", grown))
        #expect(summary.trips.map(\.expensesAdded) == [1] && summary.trips[0].created == false)
        #expect(plan.warnings.contains { $0.hasPrefix("categories kept as the trip's own: ") && $0.contains("'Boat' (1)") })
    }

    @Test("bad rows name their line and column, and nothing is imported", arguments: [
        ("2025-04-02,Taxi,Taxi,20.00,EUR,-10.00,10.00,0.00\r\n2025-04-02", "2025-04-02,Taxi,Taxi,20.00,EUR,-10.00,10.00,0.00\r\n2025-13-02", "line 4, column Date"),
        ("Dining out,90.00,EUR", "Dining out,90.00,XBT", "line 2, column Currency: unknown currency 'XBT'"),
        ("60.00,-30.00,-30.00", "60.00,-30.00,-29.00", "line 2: the member columns sum to 1.00, not 0"),
        ("60.00,-30.00,-30.00", "60.00,-3o.00,-30.00", "line 2, column Bea"),
        ("Taxi,Taxi,20.00,EUR,-10.00,10.00,0.00\r\n2025-04-03", "Taxi,Taxi,20.00,EUR,-10.00,10.00\r\n2025-04-03", "line 4: has 7 columns; the header has 8"),
        ("Date,Description", "Day,Description", "line 1: the header must start with Date,Description,Category,Cost,Currency"),
    ])
    func badRows(_ original: String, _ replacement: String, _ message: String) throws {
        #expect(Self.export.contains(original))
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("bad.csv", Self.export.replacingOccurrences(of: original, with: replacement))
        let error = #expect(throws: ImportError.self) { try sandbox.importFile(path, format: .splitwiseCSV) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(try sandbox.count("expense") == 0)
    }
}
