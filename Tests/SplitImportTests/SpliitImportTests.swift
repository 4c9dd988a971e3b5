import Foundation
import SplitCore
@testable import SplitImport
import SplitStore
import Testing

/// Spliit's JSON and CSV exports, built from the fields its export routes write
/// (`src/app/groups/[groupId]/expenses/export/`): one expense per split mode, a reimbursement,
/// a comma in a name, an old row whose `originalAmount` is in major units, and the BOM.
@Suite("import: Spliit")
struct SpliitImportTests {
    static func expense(_ title: String, _ amount: Int, paidBy: String, mode: String, _ paidFor: [(String, Int)],
                        reimbursement: Bool = false, category: String = #"{"grouping": "Food and Drink", "name": "Dining Out"}"#,
                        original: String = "null", originalCurrency: String = "null", rate: String = "null") -> String {
        """
        {"createdAt": "2025-01-05T10:00:00.000Z", "expenseDate": "2025-01-05T00:00:00.000Z", "title": "\(title)", "category": \(category), \
        "amount": \(amount), "originalAmount": \(original), "originalCurrency": \(originalCurrency), "conversionRate": \(rate), \
        "paidById": "\(paidBy)", "paidFor": [\(paidFor.map { #"{"participantId": "\#($0.0)", "shares": \#($0.1)}"# }.joined(separator: ", "))], \
        "isReimbursement": \(reimbursement), "splitMode": "\(mode)", "recurrenceRule": "NONE"}
        """
    }

    /// Participants (after the expenses, in the order Spliit's export selects them): a = Alice,
    /// s = "Smith, John", b = Bob, d = Dan.
    static let json = """
    {"id": "grp1", "name": "Ski week", "currency": "€", "currencyCode": "EUR",
     "expenses": [
      \(expense("Even", 1000, paidBy: "a", mode: "EVENLY", [("a", 1), ("b", 1), ("d", 1)])),
      \(expense("Shares", 900, paidBy: "b", mode: "BY_SHARES", [("a", 100), ("b", 200)], category: #"{"grouping": "Transportation", "name": "Taxi"}"#)),
      \(expense("Percent", 1001, paidBy: "s", mode: "BY_PERCENTAGE", [("a", 2500), ("d", 7500)], category: #"{"grouping": "Life", "name": "Hotel"}"#)),
      \(expense("Amounts", 1500, paidBy: "d", mode: "BY_AMOUNT", [("a", 500), ("b", 1000)], category: #"{"grouping": "Strange", "name": "Llamas"}"#)),
      \(expense("Back", 700, paidBy: "b", mode: "EVENLY", [("a", 1)], reimbursement: true, category: "null")),
      \(expense("Old", 1150, paidBy: "a", mode: "EVENLY", [("a", 1), ("b", 1)], original: "12.5", originalCurrency: #""USD""#, rate: #""0.92""#)),
      \(expense("New", 1150, paidBy: "d", mode: "EVENLY", [("d", 1), ("b", 1)], original: "1250", originalCurrency: #""USD""#, rate: #""0.92""#))
     ],
     "participants": [{"id": "a", "name": "Alice"}, {"id": "s", "name": "Smith, John"}, {"id": "b", "name": "Bob"}, {"id": "d", "name": "Dan"}]}
    """

    /// Each member's net in EUR cents, worked out by hand from Spliit's rules.
    static let nets: [String: Int64] = ["Alice": -509, "Bob": -1483, "Smith John": 1001, "Dan": 991]

    @Test("JSON: every split mode, a reimbursement as a payment, the group's name, categories kept as the trip's own, an old originalAmount")
    func json() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        #expect(ImportFormat.detect(Array(Self.json.utf8)) == .spliitJSON)
        // A long group: the participants are far beyond the first 4 KiB the format is told from.
        let long = Self.json.replacingOccurrences(of: "\"expenses\": [", with: "\"expenses\": [" + String(repeating: Self.expense("x", 1, paidBy: "a", mode: "EVENLY", [("a", 1)]) + ",", count: 30))
        #expect(ImportFormat.detect(Array(long.utf8.prefix(4096))) == .spliitJSON)
        let path = try sandbox.write("export.json", Self.json)
        let (plan, summary) = try sandbox.importFile(path)
        #expect(summary.trips.map(\.name) == ["Ski week"])
        #expect(try await sandbox.nets("Ski week") == ["EUR": Self.nets])
        let trip = try await sandbox.backend.trip(matching: "Ski week")
        let expenses = try await sandbox.backend.expenses(trip: trip.id, filter: .all)
        let ids = try await sandbox.memberIDs("Ski week")
        let percent = try #require(expenses.first { $0.description == "Percent" })
        #expect(Dictionary(uniqueKeysWithValues: percent.splits.map { ($0.memberID, $0.amount) })
                == [try #require(ids["Alice"]): 250, try #require(ids["Dan"]): 751])
        #expect(expenses.first { $0.description == "Even" }?.category.rawValue == "Dining Out")
        #expect(expenses.first { $0.description == "Shares" }?.category.rawValue == "Taxi")
        #expect(expenses.first { $0.description == "Percent" }?.category == .hotel)
        #expect(expenses.first { $0.description == "Amounts" }?.category.rawValue == "Llamas")
        #expect(expenses.first { $0.description == "Old" }?.note == "originally USD 12.5 at 0.92")
        #expect(expenses.first { $0.description == "New" }?.note == "originally USD 12.50 at 0.92")
        let payments = try await sandbox.backend.payments(trip: trip.id)
        #expect(payments.count == 1 && payments[0].amount.minorUnits == 700 && payments[0].from == ids["Bob"] && payments[0].to == ids["Alice"])
        #expect(plan.warnings.contains("categories kept as the trip's own: 'Dining Out' (3), 'Taxi' (1), 'Llamas' (1)"), "\(plan.warnings)")
        #expect(plan.warnings.contains { $0.hasPrefix("1 expense (expenses[5]) hold originalAmount in major units") }, "\(plan.warnings)")
        #expect(plan.warnings.contains { $0.contains("'Smith, John' → 'Smith John'") })
        let (_, again) = try sandbox.importFile(path)
        #expect(again.addedNothing)
    }

    @Test("JSON: a paidById naming nobody is refused with its path; --keep-going skips that expense")
    func unknownPayer() throws {
        let text = """
        {"id": "g", "name": "G", "currencyCode": "EUR", "participants": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "expenses": [
        \(Self.expense("ok", 100, paidBy: "a", mode: "EVENLY", [("a", 1), ("b", 1)])),
        \(Self.expense("bad", 100, paidBy: "zz", mode: "EVENLY", [("a", 1)]))]}
        """
        #expect(throws: ImportError("expenses[1].paidById", "names no participant of the group; nothing was imported; --keep-going skips such rows")) {
            try SpliitJSONReader(bytes: Array(text.utf8), options: ImportOptions()).read()
        }
        let plan = try SpliitJSONReader(bytes: Array(text.utf8), options: ImportOptions(keepGoing: true)).read()
        #expect(plan.trips[0].expenses.count == 1)
        #expect(plan.warnings.contains("expenses[1].paidById: names no participant of the group; skipped"))
    }

    /// The same group as Spliit's CSV writes it (a BOM, json2csv's quotes around every heading and
    /// text, the currency as the group's symbol; each share rounded to the cent on its
    /// own, the payer's positive, the others' negative): the payer of "Percent" has no share,
    /// so the row names no payer.
    static let csv = "\u{FEFF}\"Date\",\"Description\",\"Category\",\"Currency\",\"Cost\",\"Original cost\",\"Original currency\",\"Conversion rate\","
        + "\"Is Reimbursement\",\"Split mode\",\"Alice\",\"Smith, John\",\"Bob\",\"Dan\"\r\n"
        + "\"2025-01-05\",\"Even\",\"Dining Out\",\"€\",\"10.00\",,,,\"No\",\"Evenly\",3.33,0,-3.33,-3.33\r\n"
        + "2025-01-05,Shares,Taxi,EUR,9.00,,,,No,By shares,-3,0,6,0\r\n"
        + "2025-01-05,Percent,Hotel,EUR,10.01,,,,No,By percentage,-2.5,0,0,-7.51\r\n"
        + "2025-01-05,Old,Dining Out,EUR,11.50,0.13,USD,0.92,No,Evenly,5.75,0,-5.75,0\r\n"

    @Test("CSV: the BOM, shares rounded apart brought to the cost, an old original cost; a row without a payer is refused, or skipped with --keep-going")
    func csvFile() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        #expect(ImportFormat.detect(Array(Self.csv.utf8)) == .spliitCSV)
        let path = try sandbox.write("ski-week-expenses.csv", Self.csv)
        do {
            try sandbox.importFile(path)
            Issue.record("a row without a payer was imported")
        } catch let error as ImportError {
            #expect(error.location == "line 4")
            #expect(error.message.contains("names no payer") && error.message.contains("JSON export"))
        }
        #expect(try sandbox.count("expense") == 0)
        let (plan, summary) = try sandbox.importFile(path, options: ImportOptions(keepGoing: true))
        #expect(summary.trips.map(\.name) == ["ski-week"])
        // Even: 10.00 as 3.33 × 3, the missing cent to Alice (the earlier column); Shares 300/600; Old 575/575.
        let expected: [String: Int64] = ["Alice": 941, "Bob": -608, "Dan": -333]
        #expect(try await sandbox.nets("ski-week") == ["EUR": expected])
        #expect(plan.warnings.contains { $0.hasPrefix("line 4: ") && $0.hasSuffix("; skipped") })
        #expect(plan.warnings.contains { $0.hasPrefix("1 row had shares rounded apart from the cost") })
        #expect(plan.warnings.contains { $0.hasPrefix("1 row (line 5) hold the original cost in major units") }, "\(plan.warnings)")
    }
}
