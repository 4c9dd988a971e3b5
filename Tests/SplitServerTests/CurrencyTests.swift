import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

/// split-server takes every currency `split` takes locally (SplitCore's `Currency(code:)`), not
/// only the iOS app's 20, and stores each amount exactly at the currency's decimals.
@Suite("split-server currencies", .serialized)
struct CurrencyTests {
    /// A currency with an amount, its two shares and a payment, all written as the wire does.
    struct Case: CustomTestStringConvertible, Sendable {
        let code: String
        let amount: String
        let shares: (String, String)
        let payment: String
        var testDescription: String { code }
    }

    static let cases: [Case] = [
        Case(code: "PEN", amount: "12.34", shares: ("6.17", "6.17"), payment: "6.17"),
        Case(code: "MXN", amount: "1500.5", shares: ("750.25", "750.25"), payment: "0.01"),
        Case(code: "CZK", amount: "999.99", shares: ("500", "499.99"), payment: "499.99"),
        Case(code: "KWD", amount: "12.345", shares: ("6.172", "6.173"), payment: "6.173"),
        Case(code: "CLP", amount: "3001", shares: ("1500", "1501"), payment: "1501"),
    ]

    @Test("a trip, an expense and a payment in the currency are stored and read back exactly", arguments: cases)
    func roundTrip(_ item: Case) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let trip = try await api.call(.patch, "/api/groups/\(group)", token: token, json: #"{"currency":"\#(item.code)"}"#)
            #expect(trip.status == .ok, "\(trip)")

            let created = try await api.call(.post, "/api/expenses", token: token, json: API.expenseJSON(
                group: group, payer: m["Alex"]!, amount: item.amount, currency: item.code,
                splits: [(m["Alex"]!, item.shares.0), (m["Bea"]!, item.shares.1)]))
            #expect(created.status == .created, "\(created)")
            let paid = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: #"""
                {"fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":\#(item.payment),"currency":"\#(item.code)","paymentDate":"2025-01-21"}
                """#)
            #expect(paid.status == .created, "\(paid)")

            let listed = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            let expense = listed.json["expenses"][0]
            #expect(expense["currency"].stringValue == item.code, "\(listed)")
            #expect(expense["amount"].numberText == item.amount, "\(listed)")
            let shares = Set([expense["splits"][0]["amount"].numberText, expense["splits"][1]["amount"].numberText])
            #expect(shares == [item.shares.0, item.shares.1] && expense["splits"].count == 2, "\(listed)")

            let payments = try await api.call(.get, "/api/groups/\(group)/payments", token: token)
            #expect(payments.json["payments"][0]["currency"].stringValue == item.code, "\(payments)")
            #expect(payments.json["payments"][0]["amount"].numberText == item.payment, "\(payments)")

            let changes = try await api.changes(token, group: group)
            #expect(changes.group?.currency == item.code)
            #expect(changes.expenses.first?.amount == Double(item.amount) && changes.expenses.first?.currency == item.code)
            #expect(changes.payments.first?.amount == Double(item.payment))

            let balances = try await api.call(.get, "/api/groups/\(group)/balances?currency=\(item.code)", token: token)
            #expect(balances.status == .ok, "\(balances)")
        }
    }

    @Test("a code SplitCore does not know, or one in lower case, is a 400 naming what is accepted; nothing is stored")
    func unknownCodes() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            for code in ["XYZ", "pen", "PE", ""] {
                let expense = try await api.call(.post, "/api/expenses", token: token, json: API.expenseJSON(
                    group: group, payer: m["Alex"]!, amount: "10", currency: code, splits: [(m["Alex"]!, "10")]))
                #expect(expense.status == .badRequest, "\(code): \(expense)")
                #expect(expense.error == "currency '\(code)' is not accepted; use an ISO 4217 currency code in upper case, "
                        + "such as USD, EUR, JPY or PEN", "\(expense)")
                let payment = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: #"""
                    {"fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":1,"currency":"\#(code)"}
                    """#)
                #expect(payment.status == .badRequest && payment.error?.contains("is not accepted") == true, "\(payment)")
                let trip = try await api.call(.patch, "/api/groups/\(group)", token: token, json: #"{"currency":"\#(code)"}"#)
                #expect(trip.status == .badRequest, "\(trip)")
            }
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 0)
            #expect(try await api.call(.get, "/api/groups/\(group)/payments", token: token).json["payments"].count == 0)
        }
    }

    @Test("the batch sync and the one-shot upload take a PEN trip too")
    func syncAndUpload() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let paymentID = API.newID()
            let reply = try await api.sync(token, group: group, ops: [
                #"{"opId":"\#(API.newID())","type":"createPayment","data":{"id":"\#(paymentID)","fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":4.5,"currency":"PEN","paymentDate":"2025-01-21"}}"#,
                #"{"opId":"\#(API.newID())","type":"createPayment","data":{"id":"\#(API.newID())","fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":1,"currency":"XYZ"}}"#,
            ])
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.json["results"][0]["status"].stringValue == "applied", "\(reply)")
            #expect(reply.json["results"][1]["status"].stringValue == "rejected", "\(reply)")
            #expect(reply.json["results"][1]["error"].stringValue?.contains("is not accepted") == true, "\(reply)")

            let body = #"{"name":"Lima","currency":"PEN","members":[{"localId":"a","name":"Alex"},{"localId":"b","name":"Bea"}],"expenses":[{"localId":"e1","amount":80.1,"currency":"PEN","category":"Meal","paidByLocalId":"a","expenseDate":"2025-01-20","splits":[{"memberLocalId":"a","amount":40.05},{"memberLocalId":"b","amount":40.05}]}]}"#
            let upload = try await api.call(.post, "/api/groups/from-local", token: token, json: body)
            #expect(upload.status == .created, "\(upload)")
            let uploaded = try #require(upload.json["groupId"].stringValue)
            let changes = try await api.changes(token, group: uploaded)
            #expect(changes.group?.currency == "PEN" && changes.expenses.first?.amount == 80.1)
        }
    }
}
