import SplitAPI
import SplitCore

/// Payments between members: split-server only (the Node server has no such table).
extension CloudClient {
    public func payments(group: TripID) async throws(CloudError) -> [Payment] {
        try await require(.payments, for: "store payments")
        let operation = "GET /api/groups/\(group.rawValue)/payments"
        let output = try await call(operation, notFound: Self.missingGroup(group)) {
            try await $0.listPayments(path: .init(groupId: group.rawValue))
        }
        switch output {
        case .ok(let ok):
            return try answer { () throws -> [Payment] in
                var result: [Payment] = []
                for payment in try ok.body.json.payments { result.append(try PaymentMapping.domain(payment)) }
                return result
            }
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `clientID` asks split-server to store the payment under that id.
    public func createPayment(_ payment: Payment, group: TripID, key: String? = nil, clientID: PaymentID? = nil)
        async throws(CloudError) -> Payment {
        try await require(.payments, for: "store payments")
        let operation = "POST /api/groups/\(group.rawValue)/payments"
        var request = PaymentMapping.request(payment)
        request.id = clientID?.rawValue
        let body = request
        let output = try await call(operation, repeatable: try await keysHonoured(), notFound: Self.missingGroup(group)) {
            try await $0.createPayment(path: .init(groupId: group.rawValue), headers: .init(idempotencyKey: key),
                                       body: .json(body))
        }
        switch output {
        case .created(let created): return try answer { try PaymentMapping.domain(try created.body.json.payment) }
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}
