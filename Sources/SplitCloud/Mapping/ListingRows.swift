import SplitAPI
import SplitCore

/// The rows of `GET /api/groups/:gid/expenses` regrouped into expenses.
///
/// split-server lists an expense several members paid as one row per payer, each with
/// `partOf` (the expense's id) and the whole `payers` list, so that clients that know only
/// `paidByMemberId` compute the right balances. split reads the expense itself: the rows of
/// one `partOf` become one expense with that id, the payers from `payers` (or, if a server
/// sent none, each row's payer and amount), the amount and each member's share the exact sums
/// of the rows' (``WireSum``), and each member's split id and paid state from the first row
/// that lists them (every row carries the member's one split). Rows without `partOf` (all of
/// the Node server's) are left as they are, in the listing's order; a regrouped expense
/// takes the place of its first row.
enum ListingRows {
    static func expenses(_ rows: [Components.Schemas.Expense]) -> [Components.Schemas.Expense] {
        guard rows.contains(where: { $0.partOf != nil }) else { return rows }
        var result: [Components.Schemas.Expense] = []
        var groups: [Int: [Components.Schemas.Expense]] = [:]
        var position: [String: Int] = [:]
        for row in rows {
            guard let whole = row.partOf?.lowercased() else {
                result.append(row)
                continue
            }
            if let index = position[whole] {
                groups[index, default: []].append(row)
            } else {
                position[whole] = result.count
                groups[result.count] = [row]
                result.append(row)
            }
        }
        for (whole, index) in position {
            if let parts = groups[index] { result[index] = merged(parts, id: whole) }
        }
        return result
    }

    /// One expense from the rows of its payers.
    static func merged(_ parts: [Components.Schemas.Expense], id: String) -> Components.Schemas.Expense {
        let first = parts[0]
        let payers = first.payers ?? parts.map { .init(memberId: $0.paidByMemberId, amount: $0.amount) }
        var order: [String] = []
        var shares: [String: (amounts: [Double], split: Components.Schemas.Split)] = [:]
        for part in parts {
            for split in part.splits {
                let member = split.memberId.lowercased()
                if shares[member] == nil {
                    order.append(member)
                    shares[member] = ([], split)
                }
                shares[member]?.amounts.append(split.amount)
            }
        }
        let splits = order.compactMap { member -> Components.Schemas.Split? in
            guard let share = shares[member] else { return nil }
            var split = share.split
            split.amount = WireSum.sum(share.amounts)
            return split
        }
        // The row whose id is the expense's names the lead payer; else the first payer listed.
        let lead = parts.first { $0.id.lowercased() == id }?.paidByMemberId ?? payers.first?.memberId ?? first.paidByMemberId
        return .init(
            id: id, groupId: first.groupId, description: first.description, amount: WireSum.sum(parts.map(\.amount)),
            currency: first.currency, category: first.category, paidByMemberId: lead, expenseDate: first.expenseDate,
            createdAt: first.createdAt, splits: splits, payers: payers, splitGiven: first.splitGiven)
    }
}
