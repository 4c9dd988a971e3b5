import SplitCore

/// Payments between members: split-server only (the Node server has no such table).
extension CloudClient {
    public func payments(group: TripID) async throws(CloudError) -> [Payment] {
        try await require(.payments, for: "store payments")
        let json = try await call(CloudRequest(.get, "/api/groups/\(group.rawValue)/payments"),
                                  notFound: Self.missingGroup(group))
        guard let list = json["payments"]?.arrayValue else {
            throw .badResponse(server: server.url, detail: "the payment list has no payments array")
        }
        var payments: [Payment] = []
        for element in list {
            do { payments.append(try WireDecoding.payment(element)) } catch { throw bad(error) }
        }
        return payments
    }

    public func createPayment(_ payment: Payment, group: TripID, key: String? = nil) async throws(CloudError) -> Payment {
        try await require(.payments, for: "store payments")
        let request = try await write(.post, "/api/groups/\(group.rawValue)/payments",
                                      body: WireEncoding.payment(payment), key: key)
        let json = try await call(request, notFound: Self.missingGroup(group))
        do { return try WireDecoding.payment(json["payment"]) } catch { throw bad(error) }
    }
}
