import Foundation
import SplitCore
@testable import SplitImport
import SplitStore
import Testing

/// ihatemoney's `bills.json` and `bills.csv`, in the shapes ihatemoney 7.2.1 writes them (taken
/// from a live instance: floats such as `12.1` and `5.0`, `'` before a leading `=`, owers
/// joined with `", "`), and each trap such a file holds.
@Suite("import: ihatemoney")
struct IHateMoneyImportTests {
    /// Alice, "Smith, John" and "=Bob" have weight 2.5 (they paid); Dan never paid.
    static let json = """
    [{"what": "x", "bill_type": "Expense", "amount": 0.3, "currency": "EUR", "date": "2025-01-03", "payer_name": "Alice", "payer_weight": 2.5, "owers": ["=Bob", "Dan"]}, \
    {"what": "back", "bill_type": "Reimbursement", "amount": 5.0, "currency": "EUR", "date": "2025-01-03", "payer_name": "Smith, John", "payer_weight": 2.5, "owers": ["=Bob"]}, \
    {"what": "=Dinner, late", "bill_type": "Expense", "amount": 12.1, "currency": "EUR", "date": "2025-01-02", "payer_name": "=Bob", "payer_weight": 2.5, "owers": ["Alice", "Smith, John", "=Bob", "Dan"]}]
    """

    /// The same project's bills.csv, byte for byte as ihatemoney wrote it.
    static let csv = "what,bill_type,amount,currency,date,payer_name,payer_weight,owers\r\n"
        + "x,Expense,0.3,EUR,2025-01-03,Alice,2.5,\"'=Bob, Dan\"\r\n"
        + "back,Reimbursement,5.0,EUR,2025-01-03,\"Smith, John\",2.5,'=Bob\r\n"
        + "\"'=Dinner, late\",Expense,12.1,EUR,2025-01-02,'=Bob,2.5,\"Alice, Smith, John, =Bob, Dan\"\r\n"

    /// Cents of ihatemoney's own balances for this project (its API said −3.2588…, 1.4411…,
    /// 3.3268…, −1.5092…); split's shares differ from its floats by less than a cent per bill.
    /// split names members without `,` and `=`: "Smith, John" is "Smith John", "=Bob" is "Bob".
    static let ihatemoneyNets: [String: Double] = ["Alice": -325.88, "Smith John": 144.12, "Bob": 332.69, "Dan": -150.92]

    @Test("bills.json: weights of payers, members who never paid as weight 1, reimbursements as payments, 12.1 read exactly")
    func json() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("trip1-bills.json", Self.json)
        #expect(ImportFormat.detect(Array(Self.json.utf8)) == .ihatemoneyJSON)
        let (plan, summary) = try sandbox.importFile(path)
        #expect(summary.trips.map(\.name) == ["trip1"])
        #expect(plan.warnings.contains("the file gives weights only for members who paid; taken as weight 1: Dan"))
        #expect(plan.warnings.contains { $0.hasSuffix("renamed: 'Smith, John' → 'Smith John', '=Bob' → 'Bob'") }, "\(plan.warnings)")
        let trip = try await sandbox.backend.trip(matching: "trip1")
        #expect(trip.currency.code == "EUR")
        let expenses = try await sandbox.backend.expenses(trip: trip.id, filter: .all)
        let dinner = try #require(expenses.first { $0.description == "=Dinner, late" })
        let ids = try await sandbox.memberIDs("trip1")
        // 12.10 by weights 2.5, 2.5, 2.5, 1: quotas 355.88…, 355.88…, 355.88…, 142.35…
        #expect(dinner.amount.minorUnits == 1210)
        #expect(Dictionary(uniqueKeysWithValues: dinner.splits.map { ($0.memberID, $0.amount) })
                == [try #require(ids["Alice"]): 356, try #require(ids["Smith John"]): 356, try #require(ids["Bob"]): 356,
                    try #require(ids["Dan"]): 142])
        let nets = try await sandbox.nets("trip1")["EUR"] ?? [:]
        #expect(nets.values.reduce(0, +) == 0)
        for (name, cents) in Self.ihatemoneyNets {
            #expect(abs(Double(nets[name] ?? 0) - cents) <= 1, "\(name): split \(nets[name] ?? 0), ihatemoney \(cents)")
        }
        let payments = try await sandbox.backend.payments(trip: trip.id)
        #expect(payments.count == 1 && payments[0].amount.minorUnits == 500 && payments[0].from == ids["Smith John"])

        let (_, again) = try sandbox.importFile(path)
        #expect(again.addedNothing)
    }

    @Test("bills.csv: a comma inside a name and the ' before '=Bob' are undone; it matches the JSON row for row")
    func csv() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        #expect(ImportFormat.detect(Array(Self.csv.utf8)) == .ihatemoneyCSV)
        let rows = try IHateMoneyCSVRows.rows(Array(Self.csv.utf8))
        #expect(rows.map(\.owers) == [["=Bob", "Dan"], ["=Bob"], ["Alice", "Smith, John", "=Bob", "Dan"]])
        #expect(rows.map(\.payerName) == ["Alice", "Smith, John", "=Bob"])
        #expect(rows[2].what == "=Dinner, late")
        let jsonPath = try sandbox.write("trip1-bills.json", Self.json)
        let csvPath = try sandbox.write("trip1-bills.csv", Self.csv)
        try sandbox.importFile(jsonPath)
        // The CSV of the same project holds the same bills: nothing new.
        let (_, again) = try sandbox.importFile(csvPath)
        #expect(again.addedNothing)
        #expect(Set(try await sandbox.memberIDs("trip1").keys) == ["Alice", "Smith John", "Bob", "Dan"])
    }

    @Test("an amount that is not whole cents names its row; nothing is imported unless --keep-going")
    func notWholeCents() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let text = """
        [{"what": "ok", "bill_type": "Expense", "amount": 10.0, "currency": "EUR", "date": "2025-01-03", "payer_name": "A", "payer_weight": 1.0, "owers": ["A", "B"]},
         {"what": "odd", "bill_type": "Expense", "amount": 0.30000000000000004, "currency": "EUR", "date": "2025-01-03", "payer_name": "A", "payer_weight": 1.0, "owers": ["B"]}]
        """
        let path = try sandbox.write("odd.json", text)
        #expect(throws: ImportError.self) { try sandbox.importFile(path) }
        do {
            try sandbox.importFile(path)
        } catch let error as ImportError {
            #expect(error.location == "bills[1], amount")
            #expect(error.message.contains("0.30000000000000004 is not a whole number of EUR minor units"))
            #expect(error.message.contains("--keep-going"))
        }
        #expect(try sandbox.count("expense") == 0)
        let (_, plan) = try ImportReader.read(path: path, format: nil, options: ImportOptions(keepGoing: true))
        #expect(plan.trips[0].expenses.count == 1)
        #expect(plan.warnings.contains { $0.hasPrefix("bills[1], amount:") && $0.hasSuffix("; skipped") })
    }

    @Test("an ower who never paid is a member of weight 1; an empty ower or an unknown bill type is refused with its row")
    func owers() throws {
        let bill = { (owers: String, type: String) in
            """
            [{"what": "w", "bill_type": "\(type)", "amount": 9, "currency": "XXX", "date": "2025-01-03", "payer_name": "A", "payer_weight": 2, "owers": \(owers)}]
            """
        }
        var plan = try IHateMoneyReader(rows: IHateMoneyJSONRows.rows(Array(bill(#"["A", "Zoe"]"#, "Expense").utf8)), fileName: "p",
                                        options: ImportOptions(fallbackCurrency: try Currency(code: "JPY"))).read()
        #expect(plan.trips[0].currency.code == "JPY")
        #expect(plan.trips[0].expenses[0].splits.map(\.amount) == [6, 3])
        #expect(plan.warnings.contains("the file gives weights only for members who paid; taken as weight 1: Zoe"))
        #expect(plan.warnings.contains("1 bill named no currency (XXX); taken as JPY"))
        #expect(throws: ImportError("bills[0], owers", "holds an empty name; nothing was imported; --keep-going skips such rows")) {
            try IHateMoneyReader(rows: IHateMoneyJSONRows.rows(Array(bill(#"["A", " "]"#, "Expense").utf8)), fileName: "p",
                                 options: ImportOptions()).read()
        }
        #expect(throws: ImportError.self) {
            try IHateMoneyReader(rows: IHateMoneyJSONRows.rows(Array(bill(#"["A"]"#, "Gift").utf8)), fileName: "p",
                                 options: ImportOptions()).read()
        }
        // A reimbursement to two owers is two payments, by weight.
        plan = try IHateMoneyReader(rows: IHateMoneyJSONRows.rows(Array(bill(#"["B", "C"]"#, "Reimbursement").utf8)), fileName: "p",
                                    options: ImportOptions()).read()
        #expect(plan.trips[0].payments.map(\.amount.minorUnits) == [450, 450])
    }

    @Test("exact decimals: floats as JSON writes them, exponents included")
    func decimals() {
        #expect(ExactDecimal("12.1")?.units(exponent: 2, limit: .max) == 1210)
        #expect(ExactDecimal("5.0")?.units(exponent: 0, limit: .max) == 5)
        #expect(ExactDecimal("1e-05")?.units(exponent: 2, limit: .max) == nil)
        #expect(ExactDecimal("1.5E+2")?.units(exponent: 2, limit: .max) == 15000)
        #expect(ExactDecimal("-0.25")?.units(exponent: 2, limit: .max) == -25)
        #expect(ExactDecimal("12.345")?.units(exponent: 2, limit: .max) == nil)
        for bad in ["", "1.", ".5", "1,5", "NaN", "1e", "--1", "0x10"] { #expect(ExactDecimal(bad) == nil, "\(bad)") }
        #expect(IHateMoneyCSVRows.names("Smith, John, Al", known: ["Smith, John"]) == ["Smith, John", "Al"])
        #expect(SpreadsheetGuard.unguarded("'=Bob") == "=Bob" && SpreadsheetGuard.unguarded("'Bob") == "'Bob")
    }
}
