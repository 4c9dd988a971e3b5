import SplitCore

/// `split export --format ledger`: a plain-text journal that hledger and ledger read.
///
/// Each member is an account named `TRIP:MEMBER`, and each posting moves that member's net
/// position, so `hledger balance` shows exactly `split balances`' net per member and currency:
/// an expense credits each payer with their part and debits every share; a paid share and a
/// payment move money from one member to another. Every transaction sums to zero. An
/// expense's postings are its members' nets by ``SplitCore/BalanceCalculator``, the rule
/// `split balances` uses, so several payers (and shares repaid to them) post as they count.
enum LedgerExport {
    static func text(_ trips: [ExportTrip]) -> String {
        var journal = "; split export, one account per member: TRIP:MEMBER holds that member's net balance\n"
        for snapshot in trips {
            let tripName = account(snapshot.trip.name)
            func name(_ id: MemberID) -> String { tripName + ":" + account(snapshot.directory.name(of: id)) }
            for expense in snapshot.expenses {
                var net: [MemberID: Int64] = [:]
                for balance in (try? BalanceCalculator.balances(members: [], expenses: [expense], payments: []))?
                    .first?.balances ?? [] {
                    net[balance.memberID] = balance.net
                }
                journal += transaction(date: expense.date, title: expense.description.isEmpty ? expense.category.rawValue : expense.description,
                                       comment: "expense, \(expense.category.rawValue)" + (expense.note.map { ", " + clean($0) } ?? ""),
                                       postings: net, currency: expense.amount.currency, names: snapshot.directory, account: name)
            }
            for payment in snapshot.payments {
                let net = [payment.from: payment.amount.minorUnits, payment.to: -payment.amount.minorUnits]
                journal += transaction(date: payment.date, title: "Payment", comment: "payment" + (payment.note.map { ", " + clean($0) } ?? ""),
                                       postings: net, currency: payment.amount.currency, names: snapshot.directory, account: name)
            }
            journal += exchanges(snapshot, account: name)
        }
        return journal
    }

    /// Each settle step's currency exchanges: one transaction per currency, each member's net
    /// moving by −from in the currency carried out and by +to in the target, so each sums to zero.
    private static func exchanges(_ snapshot: ExportTrip, account: (MemberID) -> String) -> String {
        var journal = ""
        var steps: [ExchangeID] = []
        for exchange in snapshot.exchanges where !steps.contains(exchange.step) { steps.append(exchange.step) }
        for step in steps {
            let members = snapshot.exchanges.filter { $0.step == step }
            guard let first = members.first else { continue }
            var byCurrency: [Currency: [MemberID: Int64]] = [:]
            for exchange in members {
                byCurrency[exchange.from.currency, default: [:]][exchange.member, default: 0] -= exchange.from.minorUnits
                byCurrency[exchange.to.currency, default: [:]][exchange.member, default: 0] += exchange.to.minorUnits
            }
            for (currency, postings) in byCurrency.sorted(by: { $0.key < $1.key }) {
                journal += transaction(date: first.date, title: "Currency exchange into \(first.to.currency.code)",
                                       comment: "settle --record --in", postings: postings, currency: currency,
                                       names: snapshot.directory, account: account)
            }
        }
        return journal
    }

    private static func transaction(date: CivilDate, title: String, comment: String, postings: [MemberID: Int64],
                                     currency: Currency, names: MemberDirectory, account: (MemberID) -> String) -> String {
        let lines = names.sortedByName(Array(postings.keys)).compactMap { id -> String? in
            guard let amount = postings[id], amount != 0 else { return nil }
            let text = (amount < 0 ? "-" : "") + DecimalText.major(amount.magnitude > UInt64(Int64.max) ? Int64.max : abs(amount),
                                                                    exponent: currency.exponent, padded: true)
            return "    \(account(id))  \(text) \(currency.code)"
        }
        guard !lines.isEmpty else { return "" }
        return "\n\(date) \(clean(title))  ; \(comment)\n" + lines.joined(separator: "\n") + "\n"
    }

    /// An account name part: no ':' (which nests accounts), no ';' (a comment), no runs of
    /// spaces (two spaces end an account name).
    static func account(_ name: String) -> String {
        clean(name).replacingOccurrences(of: ":", with: "-").replacingOccurrences(of: ";", with: ",")
    }

    /// One line, single spaces.
    static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
