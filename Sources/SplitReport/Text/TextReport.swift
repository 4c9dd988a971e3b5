import SplitCore

/// A report for a terminal: totals, each member's net as a bar chart that reads left for owes
/// and right for is owed, spending by category and by day as bars, the settle plan in words,
/// the payments, with `--expenses` the expense list, and the held items. Text from the trip goes through ``SplitCore/Expense/shown(_:)``, so no
/// name can move the cursor or recolour the terminal.
struct TextReport {
    let report: TripReport
    /// `--expenses`: list the expenses (date, description, amount, paid by, shared by).
    var listsExpenses = false
    /// Characters of the longest bar; the net chart has this much on each side of its axis.
    static let barWidth = 20

    func render() -> String {
        var lines: [String] = []
        let names = report.names
        lines.append(shown(report.trip.name))
        lines.append(ReportWords.summary(report))
        lines.append(ReportWords.madeAt(report.madeAt))
        for notice in [ReportWords.emptyNotice(report), ReportWords.singleMemberNotice(report)].compactMap({ $0 }) {
            lines += ["", notice]
        }
        if !report.spending.isEmpty {
            lines += ["", "Spent"]
            var table = TextTable(["CURRENCY", "TOTAL", "EXPENSES"], rightAligned: [1, 2])
            for spent in report.spending {
                table.add([spent.currency.code, MoneyWords.text(spent.total, spent.currency), ReportWords.count(spent.count, "expense")])
            }
            lines.append(table.render())
        }
        if let conversion = report.conversion, !report.settlements.isEmpty {
            lines += ["", ReportWords.conversion(conversion)]
        }
        for settlement in report.settlements {
            lines += ["", "Net in \(settlement.currency.code) (left: owes, right: is owed)"]
            lines += netChart(settlement, names)
            lines += ["", ReportWords.planHeading(settlement)]
            lines += ReportWords.plan(settlement, me: report.me, names).map { "  " + shown($0) }
        }
        for spent in report.spending {
            lines += ["", "Spending in \(spent.currency.code) by category"]
            lines += bars(spent.categories.map { ($0.category.rawValue, $0.total, $0.count) }, spent.currency)
            lines += ["", "Spending in \(spent.currency.code) by \(spent.timelineUnit)"]
            lines += bars(spent.timeline.map { ($0.label, $0.total, $0.count) }, spent.currency)
        }
        if !report.payments.isEmpty {
            lines += ["", ListWords.paymentsHeading(report)]
            var table = TextTable(["DATE", "PAYMENT", "NOTE"])
            for payment in report.payments {
                table.add([payment.date.description, shown(ListWords.payment(payment, names)), ListWords.note(payment.note)])
            }
            lines.append(table.render())
        }
        if listsExpenses && !report.expenses.isEmpty {
            lines += ["", "Expenses"]
            if let note = ReportWords.capNote(report) { lines.append(note) }
            var table = TextTable(["DATE", "DESCRIPTION", "AMOUNT", "PAID BY", "SHARED BY"], rightAligned: [2])
            for expense in report.expenses {
                table.add([expense.date.description, expense.shownDescription,
                           MoneyWords.text(expense.amount.minorUnits, expense.amount.currency),
                           shown(SharedByWords.paidBy(expense, names)), shown(SharedByWords.text(expense, names))])
            }
            lines.append(table.render())
        }
        if !report.held.isEmpty {
            lines += ["", ReportWords.heldHeading]
            lines += report.held.map { "  " + ReportWords.held($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `  Alex (you)  ········│██████████  +¥24,000`: the name, the owes side right-aligned
    /// against the axis, the is-owed side, then the signed amount.
    private func netChart(_ settlement: ReportSettlement, _ names: MemberDirectory) -> [String] {
        let largest = settlement.largestNet
        let labels = settlement.balances.map { shown(names.name(of: $0.memberID)) + ($0.memberID == report.me ? " (you)" : "") }
        let width = labels.map(DisplayWidth.of).max() ?? 0
        return zip(settlement.balances, labels).map { balance, label in
            let length = BarScale.length(balance.net, of: largest, full: Self.barWidth)
            let left = balance.net < 0 ? String(repeating: " ", count: Self.barWidth - length) + String(repeating: "█", count: length)
                : String(repeating: " ", count: Self.barWidth)
            let right = balance.net > 0 ? String(repeating: "█", count: length) + String(repeating: " ", count: Self.barWidth - length)
                : String(repeating: " ", count: Self.barWidth)
            return "  " + pad(label, width) + "  " + left + "│" + right + "  " + ReportWords.signed(balance.net, settlement.currency)
        }
    }

    /// One bar per row, scaled to the largest, with the amount and the count after it.
    private func bars(_ rows: [(label: String, total: Int64, count: Int)], _ currency: Currency) -> [String] {
        let largest = rows.reduce(0) { max($0, BarScale.magnitude($1.total)) }
        let width = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        return rows.map { row in
            let length = BarScale.length(row.total, of: largest, full: Self.barWidth)
            let bar = String(repeating: "█", count: length) + String(repeating: " ", count: Self.barWidth - length)
            return "  " + pad(row.label, width) + "  " + bar + "  " + MoneyWords.text(row.total, currency)
                + " (\(ReportWords.count(row.count, "expense")))"
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }

    private func shown(_ text: String) -> String { Expense.shown(text) }
}
