import SplitCore

/// Payments between members: split-server only (the Node server has no such table).
extension CloudClient {
    public func payments(group: TripID) async throws(CloudError) -> [Payment] {
        try await require(.payments, for: "store payments")
        let json = try await call(CloudRequest(.get, "/api/groups/\(group.rawValue)/payments"),
                                  notFound: Self.missingGroup(group))
        do { return try WireDecoding.list(json, "payments", WireDecoding.payment) } catch { throw bad(error) }
    }

    public func createPayment(_ payment: Payment, group: TripID, key: String? = nil) async throws(CloudError) -> Payment {
        try await require(.payments, for: "store payments")
        let request = try await write(.post, "/api/groups/\(group.rawValue)/payments",
                                      body: WireEncoding.payment(payment), key: key)
        let json = try await call(request, notFound: Self.missingGroup(group))
        do { return try WireDecoding.payment(json["payment"]) } catch { throw bad(error) }
    }
}
