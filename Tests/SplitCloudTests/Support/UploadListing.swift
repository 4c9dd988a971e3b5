import Foundation

/// What a hostile server lists to an upload's read-back (`GET …/members`, `…/expenses`,
/// `…/payments`): the newest live version of every member, expense and payment of its script,
/// in the listing schemas of openapi.yaml (`Member`, `Expense`, `Payment`). A key a change may
/// leave out but a listing requires takes a plain value; everything else is the change's own,
/// edges included.
struct UploadListing {
    let members: [WireJSON]
    let expenses: [WireJSON]
    let payments: [WireJSON]

    init(script: HostileScript) {
        var newest: [String: FeedItem] = [:]
        for item in script.pages.flatMap(\.items) + script.syncChanges.items where item.kind != .rate {
            if let held = newest[item.key], held.revision > item.revision { continue }
            newest[item.key] = item
        }
        let live = newest.values.filter { !$0.deleted }.sorted { $0.key < $1.key }
        let group = WireJSON.string(script.groupID)
        let created = WireJSON.string("2025-01-20T09:00:00.000Z")
        members = live.filter { $0.kind == .member }.compactMap { item in
            guard let name = item.body.value("name") else { return nil }
            return .object([(key: "id", value: .string(item.id)), (key: "groupId", value: group), (key: "userId", value: .null),
                            (key: "name", value: name), (key: "createdAt", value: created)])
        }
        let someone = WireJSON.string(members.first?.value("id")?.stringValue ?? UUID().uuidString.lowercased())
        expenses = live.filter { $0.kind == .expense }.map { item in
            let body = item.body
            let splits = (body.value("splits")?.arrayValue ?? []).map { split in
                WireJSON.object([(key: "id", value: .string(UUID().uuidString.lowercased())),
                                 (key: "memberId", value: split.value("memberId") ?? someone),
                                 (key: "amount", value: split.value("amount") ?? .number("0")),
                                 (key: "isPaid", value: split.value("isPaid") ?? .bool(false))])
            }
            return .object([
                (key: "id", value: .string(item.id)), (key: "groupId", value: group),
                (key: "description", value: body.value("description") ?? .null),
                (key: "amount", value: body.value("amount") ?? .number("1")),
                (key: "currency", value: body.value("currency") ?? .string("JPY")),
                (key: "category", value: body.value("category") ?? .string("Other")),
                (key: "paidByMemberId", value: body.value("paidByMemberId") ?? someone),
                (key: "expenseDate", value: body.value("expenseDate") ?? .string("2025-01-20")),
                (key: "createdAt", value: body.value("createdAt") ?? created), (key: "splits", value: .array(splits)),
            ])
        }
        payments = live.filter { $0.kind == .payment }.map { item in
            let body = item.body
            return .members([
                ("id", .string(item.id)), ("groupId", group), ("fromMemberId", body.value("fromMemberId") ?? someone),
                ("toMemberId", body.value("toMemberId") ?? someone), ("amount", body.value("amount") ?? .number("1")),
                ("currency", body.value("currency") ?? .string("JPY")), ("note", body.value("note")),
                ("paymentDate", body.value("paymentDate") ?? .string("2025-01-20")), ("createdAt", body.value("createdAt") ?? created),
            ])
        }
    }
}

extension WireJSON {
    /// A member of an object, as written (nil when absent).
    func value(_ key: String) -> WireJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var arrayValue: [WireJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
