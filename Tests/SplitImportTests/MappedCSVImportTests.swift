import Foundation
import SplitCore
@testable import SplitImport
import SplitStore
import Testing

/// `--format csv --map …` on the kind of CSV Tricount and Settle Up write.
@Suite("import: any CSV with --map")
struct MappedCSVImportTests {
    @Test("shares=Impacted to *: one column per member, amounts taken as they are or as proportions")
    func shares() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("tricount.csv", """
        Date,Title,Amount,Currency,Paid by,Impacted to Alice,Impacted to Bob,Impacted to Chen
        2025-01-05,Pizza,30.00,EUR,Alice,10.00,10.00,10.00
        2025-01-06,Taxi,10.00,EUR,Bob,1,1,0
        """)
        let map = try ColumnMap(parsing: "date=Date,description=Title,amount=Amount,currency=Currency,paid-by=Paid by,shares=Impacted to *")
        let (plan, summary) = try sandbox.importFile(path, options: ImportOptions(columnMap: map))
        #expect(summary.trips.map(\.name) == ["tricount"])
        let expected: [String: Int64] = ["Alice": 1500, "Bob": -500, "Chen": -1000]
        #expect(try await sandbox.nets("tricount") == ["EUR": expected])
        #expect(plan.warnings.contains("1 row's share columns do not add up to the amount; divided in proportion to them"))
    }

    @Test("among=For whom: a list of names, commas inside names told apart by the members the file knows")
    func among() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("settle.csv", """
        When,What,Amount,Who paid,For whom
        2025-01-05,Pizza,30,Alice,"Alice, Bob, Chen"
        2025-01-06,Cake,7,"Smith, J","Smith, J,Bob"
        """)
        let map = try ColumnMap(parsing: "date=When,description=What,amount=Amount,paid-by=Who paid,among=For whom")
        try sandbox.importFile(path, options: ImportOptions(fallbackCurrency: try Currency(code: "EUR"), columnMap: map))
        let expected: [String: Int64] = ["Alice": 2000, "Bob": -1350, "Chen": -1000, "Smith J": 350]
        #expect(try await sandbox.nets("settle") == ["EUR": expected])
    }

    @Test("--map errors name the missing column and list the file's headers, or say what the map needs")
    func errors() throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let path = try sandbox.write("bank.csv", "Date,What,Amount,Payer,For\n2025-01-05,x,1,A,A\n")
        let map = try ColumnMap(parsing: "date=Date,description=Title,amount=Amount,paid-by=Payer,among=For")
        #expect(throws: ImportError("--map", "description=Title: the file has no column 'Title'; its headers: Date, What, Amount, Payer, For", kind: .usage)) {
            try sandbox.importFile(path, options: ImportOptions(columnMap: map))
        }
        for (text, phrase) in [("date=Date,amount=Amount", "'paid-by' is missing"), ("date=D,amount=A,paid-by=P", "give shares"),
                               ("date=D,amount=A,paid-by=P,shares=Impacted", "one '*'"), ("when=D", "unknown key 'when'"),
                               ("date=D,amount=A,paid-by=P,among=F,among=G", "given twice")] {
            do {
                _ = try ColumnMap(parsing: text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.message.contains(phrase) && error.kind == .usage, "\(text): \(error.message)")
            }
        }
        #expect(try ColumnMap(parsing: "date=Date,amount=Amount,paid-by=Paid by,shares=Owed, by *").columns["shares"] == "Owed, by *")
        #expect(throws: ImportError.self) { try sandbox.importFile(path, format: .csv) }
    }
}
