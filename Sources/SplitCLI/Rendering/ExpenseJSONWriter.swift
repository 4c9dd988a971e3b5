import SplitCore
import SplitJSON

/// Writes an expense as compact JSON bytes: the one definition of an expense's JSON shape,
/// which `--json` shows everywhere (``JSONRendering/expense(_:_:)`` reads these bytes back).
///
/// A listing writes 100,000 expenses with some 20 shares each, so the writer builds no value
/// tree: each member's `"memberId":…,"memberName":…` is escaped once, when the writer is made,
/// and copied into every share and payer that names the member.
///
/// Keys, in order: `id`, `description`, `amount` (a number in major units), `currency`,
/// `category`, `paidByMemberId` and `paidByName` (null when several paid), `payers`
/// (`memberId`, `memberName`, `amount`), `expenseDate`, `createdAt`, `note`, `splits`
/// (`memberId`, `memberName`, `amount`, `isPaid`), each list in member-name order.
struct ExpenseJSONWriter {
    private let names: MemberDirectory
    /// Each member of the directory: its place in name order and its
    /// `"memberId":"…","memberName":"…"`, found with one lookup per share.
    private let entries: [MemberID: (rank: Int, fragment: [UInt8])]

    init(_ names: MemberDirectory) {
        self.names = names
        var entries: [MemberID: (rank: Int, fragment: [UInt8])] = [:]
        for member in names.members {
            entries[member.id] = (names.rank(of: member.id) ?? Int.max, Self.fragment(member.id, names))
        }
        self.entries = entries
    }

    func write(_ expense: Expense, to buffer: inout [UInt8]) {
        let currency = expense.amount.currency
        buffer.append(contentsOf: #"{"id":"#.utf8)
        Self.string(expense.id.rawValue, to: &buffer)
        buffer.append(contentsOf: #","description":"#.utf8)
        Self.string(expense.description, to: &buffer)
        buffer.append(contentsOf: #","amount":"#.utf8)
        DecimalText.append(expense.amount.minorUnits, exponent: currency.exponent, to: &buffer)
        buffer.append(contentsOf: #","currency":"#.utf8)
        Self.string(currency.code, to: &buffer)
        buffer.append(contentsOf: #","category":"#.utf8)
        Self.string(expense.category.rawValue, to: &buffer)
        // One payer's fields stay for scripts written before several payers; with several
        // they are null and `payers` says who paid what.
        buffer.append(contentsOf: #","paidByMemberId":"#.utf8)
        Self.optional(expense.soloPayer?.rawValue, to: &buffer)
        buffer.append(contentsOf: #","paidByName":"#.utf8)
        Self.optional(expense.soloPayer.map(names.name(of:)), to: &buffer)
        buffer.append(contentsOf: #","payers":["#.utf8)
        for (index, (fragment, payer)) in inNameOrder(expense.payers) { $0.memberID }.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(UInt8(ascii: "{"))
            buffer.append(contentsOf: fragment)
            buffer.append(contentsOf: #","amount":"#.utf8)
            DecimalText.append(payer.amount, exponent: currency.exponent, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(contentsOf: #"],"expenseDate":"#.utf8)
        Self.string(expense.date.description, to: &buffer)
        buffer.append(contentsOf: #","createdAt":"#.utf8)
        Self.optional(expense.createdAt?.iso8601, to: &buffer)
        buffer.append(contentsOf: #","note":"#.utf8)
        Self.optional(expense.note, to: &buffer)
        buffer.append(contentsOf: #","splits":["#.utf8)
        for (index, (fragment, split)) in inNameOrder(expense.splits) { $0.memberID }.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(UInt8(ascii: "{"))
            buffer.append(contentsOf: fragment)
            buffer.append(contentsOf: #","amount":"#.utf8)
            DecimalText.append(split.amount, exponent: currency.exponent, to: &buffer)
            buffer.append(contentsOf: split.isPaid ? #","isPaid":true}"#.utf8 : #","isPaid":false}"#.utf8)
        }
        buffer.append(contentsOf: "]}".utf8)
    }

    /// `items` in member-name order (unknown members last, by id, as `JSONRendering.byName`
    /// orders them), each with its member's
    /// fragment: one lookup per item, and an insertion sort of the few items.
    private func inNameOrder<Item>(_ items: [Item], _ member: (Item) -> MemberID) -> [([UInt8], Item)] {
        var keyed: [(rank: Int, fragment: [UInt8], item: Item)] = items.map { item in
            let id = member(item)
            if let entry = entries[id] { return (entry.rank, entry.fragment, item) }
            return (Int.max, Self.fragment(id, names), item)
        }
        if keyed.count > 1 {
            for index in 1..<keyed.count {
                let entry = keyed[index]
                var slot = index
                while slot > 0, entry.rank < keyed[slot - 1].rank
                    || (entry.rank == keyed[slot - 1].rank && member(entry.item) < member(keyed[slot - 1].item)) {
                    keyed[slot] = keyed[slot - 1]
                    slot -= 1
                }
                keyed[slot] = entry
            }
        }
        return keyed.map { ($0.fragment, $0.item) }
    }

    private static func fragment(_ id: MemberID, _ names: MemberDirectory) -> [UInt8] {
        var bytes = Array(#""memberId":"#.utf8)
        string(id.rawValue, to: &bytes)
        bytes.append(contentsOf: #","memberName":"#.utf8)
        string(names.name(of: id), to: &bytes)
        return bytes
    }

    private static func string(_ text: String, to buffer: inout [UInt8]) {
        JSONWriter.write(.string(text), to: &buffer)
    }

    private static func optional(_ text: String?, to buffer: inout [UInt8]) {
        if let text { string(text, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
    }
}
