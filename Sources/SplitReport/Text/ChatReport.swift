import SplitCore

/// The report as plain lines for a chat app: WhatsApp, Signal, Telegram and Slack show
/// Markdown's tables and backslash escapes as raw text, and a phone shows about 40 columns.
/// So: no table, no escape, no markup; every line is cut between words at
/// ``width`` columns (a longer word stays whole), continued with an indent. It holds the
/// totals, each member's net, the plan and, with `--expenses`, the payments and expenses.
struct ChatReport {
    let report: TripReport
    /// `--expenses`: add the payments and the expense lines.
    var listsExpenses = false
    static let width = ReportFormat.chatColumns

    func render() -> String {
        var lines: [String] = []
        let names = report.names
        lines.append(shown(report.trip.name))
        lines.append("\(ReportWords.count(report.members.count, "member")), \(ReportWords.count(report.expenseCount, "expense"))")
        if let period = ReportWords.period(report) { lines.append(period) }
        lines.append(ReportWords.madeAt(report.madeAt))
        for notice in [ReportWords.emptyNotice(report), ReportWords.singleMemberNotice(report)].compactMap({ $0 }) {
            lines += ["", notice]
        }
        if !report.spending.isEmpty {
            lines += ["", "Spent:"]
            lines += report.spending.map { "\(MoneyWords.text($0.total, $0.currency)) in \(ReportWords.count($0.count, "expense"))" }
        }
        if let conversion = report.conversion, !report.settlements.isEmpty {
            lines += ["", ReportWords.conversion(conversion)]
        }
        for settlement in report.settlements {
            lines += ["", "Balances in \(settlement.currency.code):"]
            lines += settlement.balances.map { balance in
                let name = shown(names.name(of: balance.memberID)) + (balance.memberID == report.me ? " (you)" : "")
                return ReportWords.standing(name, balance.net, settlement.currency)
            }
            lines += ["", ReportWords.planHeading(settlement)]
            lines += ReportWords.plan(settlement, me: report.me, names).map { "- " + shown($0) }
        }
        if listsExpenses {
            if !report.payments.isEmpty {
                lines += ["", ListWords.paymentsHeading(report) + ":"]
                lines += report.payments.map { payment in
                    let note = ListWords.note(payment.note)
                    return payment.date.description + " " + shown(ListWords.payment(payment, names)) + (note.isEmpty ? "" : " (\(note))")
                }
            }
            if !report.expenses.isEmpty {
                lines += ["", "Expenses:"]
                if let note = ReportWords.capNote(report) { lines.append(note) }
                for expense in report.expenses {
                    lines.append("\(expense.date) \(expense.shownDescription) "
                                 + MoneyWords.text(expense.amount.minorUnits, expense.amount.currency))
                    lines.append("  paid by \(shown(SharedByWords.paidBy(expense, names)))")
                    lines.append("  shared by \(shown(SharedByWords.text(expense, names)))")
                }
            }
        }
        if !report.held.isEmpty {
            lines += ["", ReportWords.heldHeading + ":"]
            lines += report.held.map { "- " + ReportWords.held($0) }
        }
        return lines.flatMap { Self.wrap($0) }.joined(separator: "\n") + "\n"
    }

    /// `line` cut between words so no piece is wider than ``width`` columns; each piece after
    /// the first keeps the line's own indent plus two spaces. A word wider than that stays
    /// whole on a line of its own: cutting it would change what it says.
    static func wrap(_ line: String) -> [String] {
        guard DisplayWidth.of(line) > width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let continuation = indent + "  "
        var pieces: [String] = []
        var current = indent
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: true) {
            let lead = current == indent || current == continuation ? "" : " "
            if current != indent && current != continuation
                && DisplayWidth.of(current) + 1 + DisplayWidth.of(String(word)) > width {
                pieces.append(current)
                current = continuation + word
            } else {
                current += lead + word
            }
        }
        pieces.append(current)
        return pieces
    }

    private func shown(_ text: String) -> String { Expense.shown(text) }
}
