import Testing
@testable import SplitCore

@Suite struct AmountReadingTests {
    @Test("a refused amount's plain reading", arguments: [
        ("12,50", AmountReading.number("12.50")), ("12,5", .number("12.5")), ("1234,567", .number("1234.567")),
        ("1.000,50", .number("1000.50")), ("1,000.50", .number("1000.50")), ("1 000,50", .number("1000.50")),
        ("1,000,000", .number("1000000")), ("1.000.000", .number("1000000")), ("1 000", .number("1000")),
        ("1'000'000.25", .number("1000000.25")), ("1,000", .either("1000", "1.000")),
        ("$12", .currency(code: "USD", number: "12")), ("€12,50", .currency(code: "EUR", number: "12.50")),
        ("12EUR", .currency(code: "EUR", number: "12")), ("12 eur", .currency(code: "EUR", number: "12")),
        ("JPY 3000", .currency(code: "JPY", number: "3000")), ("12€", .currency(code: "EUR", number: "12")),
        ("A$12", .currency(code: "AUD", number: "12")), ("¤12", .currency(code: nil, number: "12")),
        ("$1,000", .currency(code: "USD", number: nil)),
    ] as [(String, AmountReading)])
    func reading(_ text: String, _ expected: AmountReading) {
        #expect(AmountReading.of(text) == expected)
    }

    @Test("no reading where none is plain", arguments: [
        "Tacos", "1e3", "NaN", "12 50", "12,34,5", "1.2,3", ",50", "12,", "-5", "0x10", "12abc", "$", "$12USD", "1,00,000",
    ])
    func none(_ text: String) {
        #expect(AmountReading.of(text) == nil)
    }

    @Test func plainDecimal() {
        #expect(AmountParser.isPlainDecimal("120") && AmountParser.isPlainDecimal("0.5"))
        #expect(!AmountParser.isPlainDecimal("Tacos") && !AmountParser.isPlainDecimal("12,50"))
    }
}

@Suite struct DateRuleTests {
    let today = CivilDate(year: 2024, month: 2, day: 29)!

    @Test func bounds() throws {
        #expect(DateRule.latest(today: today) == CivilDate(year: 2025, month: 2, day: 28))
        try DateRule.check(CivilDate(year: 2025, month: 2, day: 28)!, today: today)
        try DateRule.check(DateRule.earliest, today: today)
        #expect(throws: DateError.tooFarAhead(CivilDate(year: 2025, month: 3, day: 1)!, today: today,
                                              latest: CivilDate(year: 2025, month: 2, day: 28)!)) {
            try DateRule.check(CivilDate(year: 2025, month: 3, day: 1)!, today: today)
        }
        #expect(throws: DateError.beforeEarliest(CivilDate(year: 1969, month: 12, day: 31)!)) {
            try DateRule.check(CivilDate(year: 1969, month: 12, day: 31)!, today: today)
        }
    }
}
