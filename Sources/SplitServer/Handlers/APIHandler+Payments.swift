import Foundation
import SplitAPI
import SplitCore

extension APIHandler {
    func listPayments(_ input: Operations.ListPayments.Input) async throws -> Operations.ListPayments.Output {
        let (_, group, revision) = try await access(input.path.groupId)
        if let unchanged = Self.notModified(input.headers.ifNoneMatch, revision: revision) { return .notModified(unchanged) }
        let payments = try await services.payments.list(group: group)
        return .ok(.init(body: .json(.init(payments: payments.map(Self.wire)))))
    }

    func createPayment(_ input: Operations.CreatePayment.Input) async throws -> Operations.CreatePayment.Output {
        let (user, group) = try await member(of: input.path.groupId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let currency = try WireInput.currency(body.currency)
        let amount = Money(minorUnits: try WireAmount.minorUnits(body.amount, currency: currency, field: "amount"),
                           currency: currency)
        let from = try WireInput.uuid(body.fromMemberId, field: "fromMemberId")
        let to = try WireInput.uuid(body.toMemberId, field: "toMemberId")
        let date = try body.paymentDate.map { text throws(APIError) in try WireInput.date(text, field: "paymentDate") }
            ?? Timestamp(millisecondsSince1970: Int64(services.dependencies.now().timeIntervalSince1970 * 1000)).utcDate
        let note = try WireInput.text(body.note, field: "note", allowing: .note)
        let id = try Self.clientID(body.id)
        let (payment, created) = try await write(group: group, user: user) { writer in
            try await writer.createPayment(id: id, from: from, to: to, amount: amount, date: date, note: note)
        }
        let envelope = Components.Schemas.PaymentEnvelope(payment: Self.wire(payment))
        return created ? .created(.init(body: .json(envelope))) : .ok(.init(body: .json(envelope)))
    }

    func deletePayment(_ input: Operations.DeletePayment.Input) async throws -> Operations.DeletePayment.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let payment = try WireInput.uuid(input.path.paymentId, field: "paymentId")
        let ifMatch = try RevisionTag.ifMatch(input.headers.ifMatch)
        do {
            try await write(group: group, user: user) { writer in try await writer.deletePayment(payment, ifMatch: ifMatch) }
            return .ok(.init(body: .json(.init(success: true))))
        } catch let stale as StaleRevision {
            return .preconditionFailed(try Self.paymentChanged(stale))
        }
    }

    /// One currency's balances and minimal plan, computed by SplitCore exactly as `split settle`.
    func getBalances(_ input: Operations.GetBalances.Input) async throws -> Operations.GetBalances.Output {
        let (_, group, revision) = try await access(input.path.groupId)
        if let unchanged = Self.notModified(input.headers.ifNoneMatch, revision: revision) { return .notModified(unchanged) }
        async let membersLoad = services.members.list(group: group)
        async let expensesLoad = services.expenses.list(group: group)
        async let paymentsLoad = services.payments.list(group: group)
        async let exchangesLoad = services.exchanges.list(group: group)
        let (members, expenses, payments, exchanges) = try await (membersLoad, expensesLoad, paymentsLoad, exchangesLoad)
        let report = try SettlementReport(members: members, expenses: expenses, payments: payments, exchanges: exchanges)
        let currency: Currency
        if let code = input.query.currency {
            currency = try WireInput.currency(code)
        } else if report.currencies.count == 1 {
            currency = report.currencies[0]
        } else if report.currencies.isEmpty {
            throw APIError.badRequest("the group has no expenses yet; give ?currency=CODE to see zero balances")
        } else {
            throw APIError.badRequest("the group has expenses in " + report.currencies.map(\.code).joined(separator: ", ")
                + "; choose one with ?currency=CODE")
        }
        return .ok(.init(body: .json(try report.settlement(for: currency))))
    }
}
