import Foundation
import HTTPTypes
@testable import SplitServer
import SplitCore
import Testing

/// Repositories throw domain errors; the edge turns each into one status, with the domain's
/// message word for word. No database is needed to check the mapping itself.
@Suite("domain errors at the edge")
struct DomainErrorTests {
    static let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    @Test("each kind of refusal has one status", arguments: [
        (RefusalKind.notFound, HTTPResponse.Status.notFound), (.forbidden, .forbidden), (.unauthenticated, .unauthorized),
        (.invalid, .badRequest), (.conflict, .conflict), (.unavailable, .serviceUnavailable),
    ])
    func statuses(_ kind: RefusalKind, _ status: HTTPResponse.Status) {
        #expect(APIError.status(of: kind) == status)
        #expect(kind.refusesOperation == (kind != .unavailable))
    }

    @Test("the middleware answers a domain error with its kind's status and its own message")
    func middleware() {
        let cases: [(any DomainError, APIError)] = [
            (GroupError.notFound(group: Self.id), .notFound("group 6f9619ff-8b86-d011-b42d-00c04fc964ff not found")),
            (GroupError.notMember(group: Self.id), .forbidden("you are not a member of group 6f9619ff-8b86-d011-b42d-00c04fc964ff")),
            (MemberError.nameTaken(existing: "Dana"),
             .conflict("a member named 'Dana' already exists in this group; names are unique (case-insensitive)")),
            (MemberError.inUse(name: "Alex", expenses: 2, payments: 1),
             .conflict("cannot remove Alex: they appear in 2 expenses and 1 payment; delete or edit those first")),
            (MemberError.noMemberNamed(name: "Zed", group: "Tokyo", members: ["bea", "Alex"]),
             .badRequest("no member named 'Zed' in Tokyo; its members are Alex, bea")),
            (ClientIDError.deleted(kind: "expense", id: Self.id),
             .conflict("expense id 6f9619ff-8b86-d011-b42d-00c04fc964ff belonged to an expense that was deleted; choose a new id")),
            (ClientIDError.deleted(kind: "member", id: Self.id),
             .conflict("member id 6f9619ff-8b86-d011-b42d-00c04fc964ff belonged to a member that was deleted; choose a new id")),
            (SettlementPaymentError.rule(.sameMember), .badRequest("fromMemberId and toMemberId must be different members")),
            (AccountError.tokenRefused, .unauthorized("invalid, expired or revoked token; log in again")),
            (GroupError.noFreeInviteCode, APIError(status: .serviceUnavailable, message: "could not find a free invite code; try again")),
            (ShareLinkError.alreadyShared, .conflict("the group already has a read-only link; revoke it to make a new one")),
            (ShareLinkError.unknownLink, .notFound("no such link")),
        ]
        for (refusal, answer) in cases {
            #expect(JSONErrorMiddleware<ServerRequestContext>.apiError(for: refusal) == answer)
        }
        #expect(AuthenticatedUser.Credential.refused == APIError(AccountError.tokenRefused))
    }

    @Test("the payment rule is SplitCore's; the server words its refusal in the request's fields")
    func paymentRule() throws {
        let alex = MemberID("a"), money = Money(minorUnits: 100, currency: try Currency(code: "PEN"))
        #expect(throws: PaymentError.sameMember) {
            try Payment.validate(from: alex, to: alex, minorUnits: money.minorUnits, amountText: money.majorText)
        }
        #expect(SettlementPaymentError.rule(.notPositive("0")).message == "amount must be greater than zero, got 0")
    }
}
