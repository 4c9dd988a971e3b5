import SplitCore
@testable import SplitImport
import Testing

/// Which reading of a Spliit row's `originalAmount` is meant, decided in integers: the one whose
/// conversion lands nearer the row's amount, with the boundary at the geometric midpoint.
@Suite("import: Spliit originalAmount readings")
struct OriginalReadingTests {
    static let eur = try! Currency(code: "EUR")
    static let usd = try! Currency(code: "USD")
    static let jpy = try! Currency(code: "JPY")

    static func major(_ stored: String, rate: String, amount: Int64, original: Currency = usd, fromCSV: Bool = false) -> Bool {
        OriginalReading(stored: ExactDecimal(stored)!, fromCSV: fromCSV)
            .nearerAsMajor(rate: ExactDecimal(rate)!, amount: amount, currency: eur, original: original)
    }

    @Test("a whole figure in dollars and one in cents are told apart by the amount they convert to")
    func wholeFigures() {
        // 12 dollars at 0.92 is €11.04; 1200 cents is the same.
        #expect(Self.major("12", rate: "0.92", amount: 1104))
        #expect(!Self.major("1200", rate: "0.92", amount: 1104))
        // The boundary: a reading ten times too small (√100) either way. 110 cents at 1 → €1.10
        // as minor units; the amount €3.47 is nearer 1.10 than 110 on a log scale.
        #expect(!Self.major("110", rate: "1", amount: 347))
        #expect(Self.major("110", rate: "1", amount: 3479))
        // A currency without minor units reads the same either way, and keeps the minor reading.
        #expect(!Self.major("1500", rate: "0.0061", amount: 915, original: Self.jpy))
    }

    @Test("the CSV's figure is a hundredth of what Spliit stored")
    func csvFigures() {
        #expect(!Self.major("12.00", rate: "0.92", amount: 1104, fromCSV: true))
        #expect(Self.major("0.12", rate: "0.92", amount: 1104, fromCSV: true))
        #expect(OriginalReading(stored: ExactDecimal("12.345")!, fromCSV: true).rounded() == 1235)
        #expect(OriginalReading(stored: ExactDecimal("-12.345")!, fromCSV: true).rounded() == -1235)
    }

    @Test("hostile figures give an answer, never a trap")
    func hostileFigures() {
        let huge = ExactDecimal("9" + String(repeating: "9", count: 29))!
        #expect(OriginalReading(stored: huge, fromCSV: true).rounded() == nil)
        #expect(!OriginalReading(stored: huge, fromCSV: false).nearerAsMajor(rate: ExactDecimal("1e20")!, amount: .max, currency: Self.eur, original: Self.usd))
        let note = SpliitCurrency.originalNote(amount: 100, currency: Self.eur, original: "1e25", originalCurrency: "USD", rate: "2", fromCSV: true)
        #expect(note?.note == "originally USD 1e25 at 2")
    }
}
