import SplitCore
import SplitJSON
import SplitStore

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
/// (`memberId`, `memberName`, `amount`, `isPaid`), each list in member-name order; then, for an
/// instance of a recurring expense in a listing, `recurringRule` (the rule's id) and `period`.
struct ExpenseJSONWriter {
    private let names: MemberDirectory
    /// Each member of the directory: its place in name order and its
    /// `"memberId":"…","memberName":"…"`, found with one lookup per share.
    private let entries: [MemberID: (rank: Int, fragment: [UInt8])]

    init(_ names: MemberDirectory) {
        self.names = names
        var entries: [MemberID: (rank: Int, fragment: [UInt8])] = [:]
        for member in names.members {
            entries[member.id] = (NameOrder.rank(member.id, names), Self.fragment(member.id, names))
        }
        self.entries = entries
    }

    func write(_ expense: Expense, origin: RecurringOrigin? = nil, to buffer: inout [UInt8]) {
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
        for (index, (fragment, payer)) in inNameOrder(expense.payers, { $0.memberID }).enumerated() {
            Self.open(index, fragment, amount: payer.amount, currency, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
        }
        // Dates and instants are digits and dashes: written straight in, with nothing to escape.
        buffer.append(contentsOf: #"],"expenseDate":""#.utf8)
        expense.date.appendText(to: &buffer)
        buffer.append(contentsOf: #"","createdAt":"#.utf8)
        if let createdAt = expense.createdAt {
            buffer.append(UInt8(ascii: "\""))
            createdAt.appendISO8601(to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        } else {
            buffer.append(contentsOf: "null".utf8)
        }
        buffer.append(contentsOf: #","note":"#.utf8)
        Self.optional(expense.note, to: &buffer)
        buffer.append(contentsOf: #","splits":["#.utf8)
        for (index, (fragment, split)) in inNameOrder(expense.splits, { $0.memberID }).enumerated() {
            Self.open(index, fragment, amount: split.amount, currency, to: &buffer)
            buffer.append(contentsOf: split.isPaid ? #","isPaid":true}"#.utf8 : #","isPaid":false}"#.utf8)
        }
        buffer.append(UInt8(ascii: "]"))
        if let origin {
            buffer.append(contentsOf: #","recurringRule":"#.utf8)
            Self.string(origin.rule.rawValue, to: &buffer)
            buffer.append(contentsOf: #","period":"#.utf8)
            Self.string(origin.period, to: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// `items` in member-name order (``NameOrder``), each with its member's fragment: one
    /// lookup per item.
    private func inNameOrder<Item>(_ items: [Item], _ member: (Item) -> MemberID) -> [([UInt8], Item)] {
        var keyed: [(rank: Int, value: ([UInt8], Item))] = items.map { item in
            let id = member(item)
            if let entry = entries[id] { return (entry.rank, (entry.fragment, item)) }
            return (Int.max, (Self.fragment(id, names), item))
        }
        NameOrder.sort(&keyed) { member($0.1) }
        return keyed.map(\.value)
    }

    /// `{"memberId":…,"memberName":…,"amount":…` of a payer or share, after a comma unless first.
    private static func open(_ index: Int, _ fragment: [UInt8], amount: Int64, _ currency: Currency,
                             to buffer: inout [UInt8]) {
        if index > 0 { buffer.append(UInt8(ascii: ",")) }
        buffer.append(UInt8(ascii: "{"))
        buffer.append(contentsOf: fragment)
        buffer.append(contentsOf: #","amount":"#.utf8)
        DecimalText.append(amount, exponent: currency.exponent, to: &buffer)
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
