import Foundation
import SplitCloud
@testable import SplitServer
import SplitTestSupport
import Testing

/// The account and mode commands' refusals: one line, the right exit code, nothing changed.
@Suite("account and mode commands", .serialized)
struct AccountCommandTests {
    @Test("mode: local by default; cloud needs a login; bad addresses and missing passwords are refused")
    func refusals() async throws {
        let split = try SplitSandbox()
        #expect(try await split.ok("mode").stdout.hasPrefix("local (database "))
        try await split.fails(64, ["mode", "cloud"], "no cloud server is set")
        try await split.fails(77, ["mode", "cloud", "--server", "http://127.0.0.1:9"], "not logged in to http://127.0.0.1:9")
        try await split.fails(64, ["login", "--server", "example.com", "--email", "a@b.c"], "'example.com' is not a server address")
        try await split.fails(64, ["login", "--server", "http://127.0.0.1:9", "--email", "a@b.c"], "--password-stdin")
        try await split.fails(64, ["login", "--server", "http://127.0.0.1:9"], "give --email")
        #expect(try await split.ok("mode", "--json").stdout.contains(#""mode":"local""#))
        #expect(!FileManager.default.fileExists(atPath: split.configDirectory + "/credentials.json"))
    }

    @Test("login: a wrong password is exit 77 and saves nothing; whoami --verify asks the server")
    func login() async throws {
        try await CloudTestServer.run { server in
            let split = try SplitSandbox()
            try await split.ok("register", "--server", server.url, "--email", "bo@example.com", "--name", "Bo",
                         "--password-stdin", stdin: "password-1")
            let saved = try String(contentsOfFile: split.configDirectory + "/credentials.json", encoding: .utf8)
            try await split.fails(77, ["login", "--server", server.url, "--email", "bo@example.com", "--password-stdin"],
                            "wrong email/phone or password", stdin: "not-the-password")
            #expect(try String(contentsOfFile: split.configDirectory + "/credentials.json", encoding: .utf8) == saved)
            let whoami = try await split.ok("whoami", "--verify", "--json").json.object
            #expect((whoami?["user"] as? [String: Any])?["displayName"] as? String == "Bo")
            #expect(try await split.ok("whoami").stdout == "Bo (bo@example.com) on \(server.url)\n")
            try await split.fails(65, ["register", "--server", server.url, "--email", "bo@example.com", "--name", "Bo",
                                 "--password-stdin"], "already exists", stdin: "password-2")
        }
    }
}
