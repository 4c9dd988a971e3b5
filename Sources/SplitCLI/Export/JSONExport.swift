import SplitCore
import SplitJSON
import SplitStore

/// `split export --format json`: every trip with its members, rates, expenses (with splits and
/// paid marks) and payments. Lossless: amounts are exact decimals in major units, and members
/// are referred to by id so that renames cannot break the file.
enum JSONExport {
    static let formatName = "split-export"
    /// 2 adds `payers` to each expense (version 1 files, with `paidBy` only, still import); 3
    /// adds `splitGiven` where the split as given is kept (equal among whom, percentages,
    /// shares, or an itemized bill), in the store's own form, naming members by id. 4 adds the
    /// trip's `categories` (its own list, in order), each member's `leftOn` (the day they
    /// moved out, or null) and the trip's `exchanges` (``SplitCore/CurrencyExchange``, when it
    /// holds some): an older split refuses it rather than read its categories as Other or
    /// import balances without the exchanges.
    static let version = 4

    /// The version a file of `trips` needs: always ``version`` (every trip has categories).
    static func version(of trips: [ExportTrip]) -> Int { version }

    /// The trip's fields before its expenses.
    static func header(_ snapshot: ExportTrip) -> [JSONMember] {
        let trip = snapshot.trip
        return [
            JSONMember("id", .string(trip.id.rawValue)),
            JSONMember("name", .string(trip.name)),
            JSONMember("currency", .string(trip.currency.code)),
            JSONMember("rates", .array(snapshot.rates.map { .object(["currency": .string($0.code), "rate": .number($0.rate.text)]) })),
            JSONMember("members", .array(snapshot.members.map {
                .object(["id": .string($0.id.rawValue), "name": .string($0.name),
                         "leftOn": snapshot.directory.departures[$0.id].map { .string($0.description) } ?? .null])
            })),
            JSONMember("categories", .array(snapshot.categories.map { .string($0.rawValue) })),
        ]
    }

    static func expense(_ expense: Expense, _ directory: MemberDirectory, rule: SplitRule? = nil) -> JSONValue {
        let currency = expense.amount.currency
        let payers = JSONRendering.byName(expense.payers, directory)
        guard case .object(var fields) = JSONValue.object([
            "id": .string(expense.id.rawValue),
            "description": .string(expense.description),
            "amount": JSONRendering.amount(expense.amount.minorUnits, currency),
            "currency": .string(currency.code),
            "category": .string(expense.category.rawValue),
            // One payer, as version 1 wrote it (with several, the first in name order, like
            // `payers`); `payers` lists everyone who paid.
            "paidBy": .string(payers.first?.memberID.rawValue ?? expense.leadPayer.rawValue),
            "payers": .array(payers.map { payer in
                .object(["member": .string(payer.memberID.rawValue), "amount": JSONRendering.amount(payer.amount, currency)])
            }),
            "date": .string(expense.date.description),
            "note": JSONRendering.string(expense.note),
            "createdAt": JSONRendering.string(expense.createdAt?.iso8601),
            "splits": .array(JSONRendering.byName(expense.splits, directory).map { split in
                .object([
                    "member": .string(split.memberID.rawValue),
                    "amount": JSONRendering.amount(split.amount, currency),
                    "isPaid": .bool(split.isPaid),
                ])
            }),
        ]) else { preconditionFailure("an object literal is an object") }
        if let rule { fields.append(JSONMember("splitGiven", SplitRuleText.json(rule))) }
        return .object(fields)
    }

    static func payment(_ payment: Payment) -> JSONValue {
        .object([
            "id": .string(payment.id.rawValue),
            "from": .string(payment.from.rawValue),
            "to": .string(payment.to.rawValue),
            "amount": JSONRendering.amount(payment.amount.minorUnits, payment.amount.currency),
            "currency": .string(payment.amount.currency.code),
            "date": .string(payment.date.description),
            "note": JSONRendering.string(payment.note),
        ])
    }

    static func exchange(_ exchange: CurrencyExchange) -> JSONValue {
        .object([
            "id": .string(exchange.id.rawValue),
            "step": .string(exchange.step.rawValue),
            "member": .string(exchange.member.rawValue),
            "fromAmount": JSONRendering.amount(exchange.from.minorUnits, exchange.from.currency),
            "fromCurrency": .string(exchange.from.currency.code),
            "toAmount": JSONRendering.amount(exchange.to.minorUnits, exchange.to.currency),
            "toCurrency": .string(exchange.to.currency.code),
            "date": .string(exchange.date.description),
        ])
    }

    /// Writes the document one expense at a time, laid out exactly as `JSONWriter` lays out a
    /// whole tree, handing `flush` a chunk whenever about a megabyte is ready: a 100,000-expense
    /// export never holds the whole text, nor a JSON tree of it, in memory.
    static func write(_ trips: [ExportTrip], pretty: Bool, flush: ([UInt8]) throws -> Void) rethrows {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        func separator(_ first: Bool, indent: Int) {
            if !first { out.append(UInt8(ascii: ",")) }
            if pretty { JSONWriter.newline(indent: indent, to: &out) }
        }
        func key(_ name: String, first: Bool, indent: Int) {
            separator(first, indent: indent)
            JSONWriter.write(.string(name), to: &out)
            out.append(UInt8(ascii: ":"))
            if pretty { out.append(UInt8(ascii: " ")) }
        }
        func array<T>(_ items: [T], indent: Int, _ render: (T) -> JSONValue) throws {
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                separator(index == 0, indent: indent + 1)
                JSONWriter.write(render(item), to: &out, pretty: pretty, indent: indent + 1)
                if out.count >= 1 << 20 {
                    try flush(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            if pretty && !items.isEmpty { JSONWriter.newline(indent: indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "{"))
        key("format", first: true, indent: 1)
        JSONWriter.write(.string(formatName), to: &out)
        key("version", first: false, indent: 1)
        JSONWriter.write(.int(version(of: trips)), to: &out)
        key("trips", first: false, indent: 1)
        out.append(UInt8(ascii: "["))
        for (index, snapshot) in trips.enumerated() {
            separator(index == 0, indent: 2)
            out.append(UInt8(ascii: "{"))
            for (position, member) in header(snapshot).enumerated() {
                key(member.key, first: position == 0, indent: 3)
                JSONWriter.write(member.value, to: &out, pretty: pretty, indent: 3)
            }
            key("expenses", first: false, indent: 3)
            try array(snapshot.expenses, indent: 3) { expense($0, snapshot.directory, rule: $0.givenRule) }
            key("payments", first: false, indent: 3)
            try array(snapshot.payments, indent: 3, payment)
            if !snapshot.exchanges.isEmpty {
                key("exchanges", first: false, indent: 3)
                try array(snapshot.exchanges, indent: 3, exchange)
            }
            if pretty { JSONWriter.newline(indent: 2, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
        if pretty && !trips.isEmpty { JSONWriter.newline(indent: 1, to: &out) }
        out.append(UInt8(ascii: "]"))
        if pretty { JSONWriter.newline(indent: 0, to: &out) }
        out.append(UInt8(ascii: "}"))
        try flush(out)
    }
}
