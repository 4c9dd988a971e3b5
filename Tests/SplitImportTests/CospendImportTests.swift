import Foundation
import SplitCore
@testable import SplitImport
import SplitStore
import Testing

/// A Cospend project CSV built from the sections `CospendService` writes: weights, a name with a
/// comma inside `owers`, a URL-encoded comment, a timestamp that disagrees with the date, a
/// reimbursement (category −11), a bill in the trash, an amount beyond cents, a custom
/// category, and the currencies section.
@Suite("import: Cospend")
struct CospendImportTests {
    static let csv = """
    name,weight,active,color
    "Smith, John",2,1,"#aabbcc"
    Alice,1,1,
    Bob,1,1,

    what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat,repeatfreq,repeatallactive,repeatuntil,categoryid,paymentmode,paymentmodeid,comment,deleted
    Groceries,30.00,2025-01-03,1735992000,Alice,1,1,"Smith, John,Alice,Bob",n,1,0,,-1,n,0,cheese%20%26+wine,0
    Back,10,2025-01-04,1736000000,Bob,1,1,Alice,n,1,0,,-11,n,0,,0
    Trashed,99,2025-01-04,0,Bob,1,1,Alice,n,1,0,,0,n,0,,1
    Converted,12.345,2025-01-05,0,"Smith, John",2,1,"Alice,Bob",w,1,0,,5,n,0,,0

    categoryname,categoryid,icon,color
    Museums,5,x,#fff

    paymentmodename,paymentmodeid,icon,color

    currencyname,exchange_rate
    EUR,1
    USD,0.92

    """

    @Test("sections, weights, owers with commas, timestamp over date, -11 as a payment, the trash counted, rates kept")
    func project() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        #expect(ImportFormat.detect(Array(Self.csv.utf8)) == .cospend)
        let path = try sandbox.write("flat.csv", Self.csv)
        let (plan, summary) = try sandbox.importFile(path)
        #expect(summary.trips.map(\.name) == ["flat"])
        // Groceries 30.00 by weights 2:1:1; Back is Bob paying Alice 10; Converted 12.345 → 12.34 (half to even) for Alice and Bob.
        let expected: [String: Int64] = ["Alice": 633, "Smith John": -266, "Bob": -367]
        #expect(try await sandbox.nets("flat") == ["EUR": expected])
        let trip = try await sandbox.backend.trip(matching: "flat")
        #expect(trip.currency.code == "EUR")
        let expenses = try await sandbox.backend.expenses(trip: trip.id, filter: .all)
        let groceries = try #require(expenses.first { $0.description == "Groceries" })
        #expect(groceries.note == "cheese & wine" && groceries.date.description == "2025-01-04" && groceries.category.rawValue == "Grocery")
        #expect(expenses.first { $0.description == "Converted" }?.category.rawValue == "Museums")
        #expect(try await sandbox.backend.payments(trip: trip.id).map(\.amount.minorUnits) == [1000])
        #expect(plan.trips[0].rates["USD"]?.text == "0.92")
        #expect(plan.warnings.contains("1 bill is in Cospend's trash (deleted=1); skipped"))
        #expect(plan.warnings.contains { $0.hasPrefix("1 bill held amounts beyond EUR cents") })
        #expect(plan.warnings.contains("categories kept as the trip's own: 'Grocery' (1), 'Museums' (1)"))
        #expect(plan.warnings.contains { $0.hasPrefix("1 bill repeats in Cospend") })
        let (_, again) = try sandbox.importFile(path)
        #expect(again.addedNothing)
    }

    @Test("a bill with no owers names its line; with --keep-going it is skipped and reported")
    func badRow() throws {
        let text = """
        what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat,repeatfreq,repeatallactive,repeatuntil,categoryid,paymentmode,paymentmodeid,comment,deleted
        ok,10,2025-01-03,,A,1,1,"A,B",n,1,0,,0,n,0,,0
        bad,10,2025-01-03,,A,1,1,,n,1,0,,0,n,0,,0
        """
        #expect(ImportFormat.detect(Array(text.utf8)) == .cospend)
        #expect(throws: ImportError("line 3, owers", "is empty; every bill needs the members it was for; nothing was imported; --keep-going skips such rows")) {
            try CospendReader(bytes: Array(text.utf8), fileName: "p", options: ImportOptions()).read()
        }
        let plan = try CospendReader(bytes: Array(text.utf8), fileName: "p",
                                     options: ImportOptions(keepGoing: true, fallbackCurrency: try Currency(code: "CHF"))).read()
        #expect(plan.trips[0].currency.code == "CHF" && plan.trips[0].expenses.count == 1)
        #expect(plan.warnings.contains("no weight given for B; taken as 1"))
        #expect(NameList.split("Smith, John,Al,B,C", known: ["Smith, John", "B,C"]) == ["Smith, John", "Al", "B,C"])
    }
}
