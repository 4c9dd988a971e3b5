import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import SplitServer
import SplitCore
import SplitJSON

/// A small JSON client over the router tester, with helpers for the common setup steps.
struct API: Sendable {
    let client: any TestClientProtocol
    let database: ServerDatabase
    /// The test database, for checks made with SQL.
    let settings: DatabaseSettings

    /// A decoded reply: status, headers and the body as JSON (or raw text).
    struct Reply: CustomStringConvertible {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String

        var json: JSONValue? { try? JSONParser.parse(Array(body.utf8)) }
        var error: String? { json["error"].stringValue }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(T.self, from: Data(body.utf8))
        }

        var description: String { "\(status.code) \(body.prefix(400))" }
    }

    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil,
              headers extra: HTTPFields = [:], contentType: String? = "application/json") async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil, let contentType { headers[.contentType] = contentType }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
        return Reply(status: response.status, headers: response.headers, body: String(buffer: response.body))
    }

    // MARK: Setup helpers

    /// Registers a user and returns (token, user id).
    func register(_ name: String = "Alice", email: String? = nil) async throws -> (token: String, id: String) {
        let address = email ?? "\(name.lowercased())-\(UUID().uuidString.prefix(8))@example.com"
        let reply = try await call(.post, "/auth/register",
                                   json: #"{"email":"\#(address)","password":"password-1","displayName":"\#(name)"}"#)
        guard reply.status == .created, let token = reply.json["token"].stringValue,
              let id = reply.json["user"]["id"].stringValue else { throw HarnessError("register failed: \(reply)") }
        return (token, id)
    }

    func createGroup(_ token: String, name: String = "Tokyo") async throws -> String {
        let reply = try await call(.post, "/api/groups", token: token, json: #"{"name":"\#(name)"}"#)
        guard reply.status == .created, let id = reply.json["group"]["id"].stringValue else {
            throw HarnessError("create group failed: \(reply)")
        }
        return id
    }

    func addMember(_ token: String, group: String, name: String) async throws -> String {
        let reply = try await call(.post, "/api/groups/\(group)/members", token: token, json: #"{"name":"\#(name)"}"#)
        guard reply.status == .created, let id = reply.json["member"]["id"].stringValue else {
            throw HarnessError("add member failed: \(reply)")
        }
        return id
    }

    /// A user with a group of the given members; returns token, group and member ids by name.
    func trip(_ names: [String] = ["Alex", "Bea", "Chen"], user: String = "Alice")
        async throws -> (token: String, group: String, members: [String: String]) {
        let (token, _) = try await register(user)
        let group = try await createGroup(token)
        var members: [String: String] = [:]
        for name in names { members[name] = try await addMember(token, group: group, name: name) }
        return (token, group, members)
    }

    /// Posts an expense and returns its id.
    @discardableResult
    func addExpense(_ token: String, group: String, payer: String, amount: String, currency: String = "JPY",
                    splits: [(String, String)], date: String = "2025-01-20") async throws -> String {
        let reply = try await call(.post, "/api/expenses", token: token, json: Self.expenseJSON(
            group: group, payer: payer, amount: amount, currency: currency, splits: splits, date: date))
        guard reply.status == .created, let id = reply.json["expenseId"].stringValue else {
            throw HarnessError("add expense failed: \(reply)")
        }
        return id
    }

    static func expenseJSON(group: String, payer: String, amount: String, currency: String = "JPY",
                            splits: [(String, String)], date: String = "2025-01-20", category: String = "Meal",
                            description: String = "Dinner") -> String {
        let shares = splits.map { #"{"memberId":"\#($0.0)","amount":\#($0.1)}"# }.joined(separator: ",")
        return #"{"groupId":"\#(group)","description":"\#(description)","amount":\#(amount),"currency":"\#(currency)","category":"\#(category)","paidByMemberId":"\#(payer)","expenseDate":"\#(date)","splits":[\#(shares)]}"#
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
