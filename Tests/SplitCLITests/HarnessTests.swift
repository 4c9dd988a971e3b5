import Foundation
import Testing

@Suite("Harness")
struct HarnessTests {
    @Test("the split binary is found next to the test bundle and runs in a sandbox")
    func binaryIsFound() throws {
        let cli = try CLI()
        #expect(FileManager.default.isExecutableFile(atPath: cli.binary))
        if ProcessInfo.processInfo.environment["SPLIT_BIN"] == nil {
            #expect(cli.binary.hasSuffix("/split"))
        }
        let version = try cli.ok("--version")
        #expect(version.stdout == "split 0.1.0\n")
        // The sandbox's default database lives under XDG_DATA_HOME.
        try cli.ok("trip", "list")
        #expect(FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("stdin is fed and large outputs are captured whole")
    func stdinAndLargeOutput() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        let lines = (1...400).map { #"{"description":"Item \#($0) with a long enough description to make output big","amount":\#($0),"paidBy":"Alex"}"# }
        let added = try cli.run(["add-expense", "--batch", "-"], stdin: lines.joined(separator: "\n") + "\n")
        added.expectSuccess()
        let listing = try cli.run("expenses", "--json")
        #expect(listing.stdout.utf8.count > 200_000)
        #expect(listing.json["expenses"].count == 400)
    }
}
