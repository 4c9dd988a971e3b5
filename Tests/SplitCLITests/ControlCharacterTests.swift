import Foundation
import Testing

/// Names, descriptions and notes refuse control characters (NUL included, which the server's
/// PostgreSQL cannot store) before anything is stored or sent; a note may keep line breaks
/// and tabs. A trip never holds text the server would refuse.
@Suite("Control characters in text")
struct ControlCharacterTests {
    @Test("descriptions, names and notes with control characters are refused with 65",
          arguments: ["\u{01}", "\u{07}", "\n", "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9F}"])
    func refused(_ control: String) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let before = try await cli.writeState()
        try await cli.run("add-expense", "Din\(control)ner", "100", "--paid-by", "Alex").expectError(65, "description", "control character")
        try await cli.run("member", "add", "E\(control)d").expectError(65, "control characters")
        try await cli.run("trip", "create", "Ky\(control)oto").expectError(65, "control characters")
        try await cli.run("trip", "rename", "Tokyo Trip", "To\(control)kyo").expectError(65, "control characters")
        if control != "\n" && control != "\t" {
            try await cli.run("add-expense", "Dinner", "100", "--paid-by", "Alex", "--note", "a\(control)b")
                .expectError(65, "note", "control character")
            try await cli.run("pay", "Bea", "Alex", "100", "--note", "a\(control)b").expectError(65, "note", "control character")
        }
        let batch = #"{"description":"Taxi\u0000","amount":100,"paidBy":"Bea"}"#
        try await cli.run(["add-expense", "--batch", "-"], stdin: batch + "\n").expectError(65, "line 1", "control character")
        #expect(try await cli.writeState().text == before.text)
    }

    @Test("a note keeps line breaks and tabs")
    func noteKeepsLines() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "100", "--paid-by", "Alex", "--note", "line one\n\tline two")
        #expect(try await cli.expenses().first?["note"].string == "line one\n\tline two")
        try await cli.ok("pay", "Bea", "Alex", "100", "--note", "cash\nat the station")
    }

    @Test("an import with a control character in a description is refused and stores nothing")
    func importRefused() async throws {
        let cli = try CLI()
        let csv = """
            Date,Description,Category,Cost,Currency,Ann,Ben
            2025-01-20,"Din\u{07}ner",Dining out,30.00,USD,15.00,-15.00
            """
        let file = try cli.write("splitwise.csv", csv + "\n")
        try await cli.run("import", file).expectError(65, "control character")
        #expect(try await cli.run("trip", "list", "--json").json["trips"].array.isEmpty)
    }
}
