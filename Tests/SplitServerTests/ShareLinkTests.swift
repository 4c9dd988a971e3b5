import Foundation
import HTTPTypes
@testable import SplitServer
import Testing

/// Read-only links: share, open, revoke, and who may; the page's headers and what it never shows.
@Suite("split-server read-only links", .serialized)
struct ShareLinkTests {
    static let headers: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:"),
        ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"), ("X-Robots-Tag", "noindex"),
    ]

    static func expectPageHeaders(_ reply: API.Reply, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, value) in headers {
            #expect(reply.headers[HTTPField.Name(name)!] == value, "\(name)", sourceLocation: sourceLocation)
        }
    }

    @Test("a member shares, anyone opens, another member revokes; unknown and revoked links are one 404")
    func shareOpenRevoke() async throws {
        try await ServerHarness.run { api in
            let email = "alice-\(UUID().uuidString.prefix(8))@example.com"
            let (alice, aliceID) = try await api.register("Alice", email: email)
            let group = try await api.createGroup(alice)
            var m: [String: String] = [:]
            for name in ["Alex", "Bea", "Chen"] { m[name] = try await api.addMember(alice, group: group, name: name) }
            try await api.addExpense(alice, group: group, payer: m["Alex"]!, amount: "3000",
                                     splits: [(m["Alex"]!, "1000"), (m["Bea"]!, "1000"), (m["Chen"]!, "1000")])

            let made = try await api.call(.post, "/api/groups/\(group)/share", token: alice)
            #expect(made.status == .created, "\(made)")
            let token = try #require(made.json["token"].stringValue)
            let path = try #require(made.json["path"].stringValue)
            #expect(path == "/s/" + token)
            #expect(token.count >= 22)
            #expect(try await api.call(.post, "/api/groups/\(group)/share", token: alice).status == .conflict)
            #expect(try await api.call(.get, "/api/groups/\(group)/share", token: alice).json["createdAt"].stringValue != nil)

            // The page, with no token of an account.
            let page = try await api.call(.get, path)
            #expect(page.status == .ok, "\(page)")
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            Self.expectPageHeaders(page)
            for name in ["Alex", "Bea", "Chen", "Tokyo"] { #expect(page.body.contains(name), "\(name)") }
            for payer in ["Bea", "Chen"] { #expect(page.body.contains("\(payer) pays Alex "), "the transfer \(payer) → Alex") }
            for secret in [email, aliceID, token, alice] { #expect(!page.body.contains(secret), "the page shows \(secret)") }
            let head = try await api.call(.head, path)
            #expect(head.status == .ok && head.body.isEmpty, "\(head)")
            Self.expectPageHeaders(head)
            // Only GET and HEAD: any other method is the 404 of a route the server does not have.
            for method in [HTTPRequest.Method.post, .put, .delete] {
                let refused = try await api.call(method, path)
                #expect(refused.status == .notFound && refused.error == "no such route", "\(method): \(refused)")
            }

            // Another group's member may neither share nor revoke it.
            let (carol, _) = try await api.register("Carol")
            #expect(try await api.call(.delete, "/api/groups/\(group)/share", token: carol).status == .forbidden)
            #expect(try await api.call(.get, "/api/groups/\(group)/share", token: carol).status == .forbidden)
            #expect(try await api.call(.get, path).status == .ok)

            // Another account that joined the group revokes it.
            let code = try #require(try await api.call(.get, "/api/groups", token: alice).json["groups"][0]["invite_code"].stringValue)
            let (bob, _) = try await api.register("Bob")
            #expect(try await api.call(.post, "/api/groups/join", token: bob, json: #"{"inviteCode":"\#(code)"}"#).status == .ok)
            #expect(try await api.call(.delete, "/api/groups/\(group)/share", token: bob).status == .ok)
            #expect(try await api.call(.delete, "/api/groups/\(group)/share", token: bob).status == .notFound)
            #expect(try await api.call(.get, "/api/groups/\(group)/share", token: alice).status == .notFound)

            let revoked = try await api.call(.get, path)
            let unknown = try await api.call(.get, "/s/" + String(repeating: "A", count: token.count))
            let malformed = try await api.call(.get, "/s/%3Cscript%3E")
            #expect(revoked.status == .notFound && unknown.status == .notFound && malformed.status == .notFound)
            #expect(revoked.body == unknown.body && unknown.body == malformed.body, "\(revoked) \(unknown)")
            Self.expectPageHeaders(revoked)
            #expect(try await api.call(.head, path).status == .notFound)

            // A new link works, and the old one stays dead.
            let again = try await api.call(.post, "/api/groups/\(group)/share", token: bob)
            let newPath = try #require(again.json["path"].stringValue)
            #expect(newPath != path)
            #expect(try await api.call(.get, newPath).status == .ok)
            #expect(try await api.call(.get, path).status == .notFound)
        }
    }

    @Test("the page is rate-limited per client with the page's headers on the 429")
    func rateLimited() async throws {
        try await ServerHarness.run(configure: { $0.sharePageLimit = 2 }) { api in
            #expect(try await api.call(.get, "/s/unknown").status == .notFound)
            #expect(try await api.call(.get, "/s/unknown").status == .notFound)
            let limited = try await api.call(.get, "/s/unknown")
            #expect(limited.status == .tooManyRequests, "\(limited)")
            #expect(limited.headers[.retryAfter] != nil)
            Self.expectPageHeaders(limited)
        }
    }

    @Test("the page lists an itemized bill's items and extras, as split report does")
    func itemizedBill() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let given = #"{"mode":"items","among":["\#(m["Alex"]!)","\#(m["Bea"]!)"],"items":[{"name":"Ramen <b>","price":12,"among":["\#(m["Alex"]!)"]},{"name":"Beer","price":8}],"tip":{"percent":10}}"#
            let created = try await api.postGiven(alice, group: group, payer: m["Alex"]!, amount: "22",
                                                  splits: [(m["Alex"]!, "17.6"), (m["Bea"]!, "4.4")], given: given)
            #expect(created.status == .created, "\(created)")
            let path = try #require(try await api.call(.post, "/api/groups/\(group)/share", token: alice).json["path"].stringValue)
            let page = try await api.call(.get, path).body
            #expect(page.contains(#"<div class="items note"><bdi>Ramen &lt;b&gt; $12.00 (Alex) · Beer $8.00 (everyone) · tip 10% $2.00</bdi></div>"#), "\(page)")
        }
    }

    @Test("the page follows the group: a new expense shows at once")
    func live() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let path = try #require(try await api.call(.post, "/api/groups/\(group)/share", token: alice).json["path"].stringValue)
            #expect(!(try await api.call(.get, path).body.contains("Ramen")))
            _ = try await api.call(.post, "/api/expenses", token: alice, json: API.expenseJSON(
                group: group, payer: m["Alex"]!, amount: "10", splits: [(m["Bea"]!, "10")], description: "Ramen"))
            #expect(try await api.call(.get, path).body.contains("Ramen"))
        }
    }
}
