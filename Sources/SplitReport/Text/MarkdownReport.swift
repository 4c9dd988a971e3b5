import SplitCore

/// The report as Markdown, to paste into a chat or a wiki: the text report's sections as
/// tables and lists: the people table per currency, the plan, spending, the payments, with
/// `--expenses` the expense list, and the held items. Every piece of trip text is escaped by
/// ``MarkdownText``, and only where Markdown would read it as markup.
struct MarkdownReport {
    let report: TripReport
    /// `--expenses`: list the expenses (date, description, amount, paid by, shared by).
    var listsExpenses = false

    func render() -> String {
        var lines: [String] = []
        let names = report.names
        lines += ["# " + MarkdownText.escape(report.trip.name), ""]
        lines.append(ReportWords.summary(report) + " _\(ReportWords.madeAt(report.madeAt))_")
        for notice in [ReportWords.emptyNotice(report), ReportWords.singleMemberNotice(report)].compactMap({ $0 }) {
            lines += ["", "**\(notice)**"]
        }
        if !report.spending.isEmpty {
            lines += ["", "## Spent", ""]
            lines += table(["Currency", "Total", "Expenses"], right: [1, 2], report.spending.map {
                [$0.currency.code, MoneyWords.text($0.total, $0.currency), String($0.count)]
            })
        }
        for settlement in report.settlements {
            let currency = settlement.currency
            lines += ["", "## Balances in \(currency.code)", ""]
            if let conversion = report.conversion { lines += [ReportWords.conversion(conversion), ""] }
            lines += table(ListWords.peopleHeader, right: [1, 2, 3, 4, 5], settlement.balances.map { balance in
                ListWords.person(balance, currency, name: names.name(of: balance.memberID) + (balance.memberID == report.me ? " (you)" : "")).cells
            })
            lines += ["", "**\(ReportWords.planHeading(settlement))**"]
            let words = ReportWords.plan(settlement, me: report.me, names)
            if !words.isEmpty { lines += [""] + words.map { "- " + MarkdownText.escape($0) } }
        }
        for spent in report.spending {
            lines += ["", "## Spending in \(spent.currency.code)", ""]
            lines += table(["Category", "Total", "Expenses"], right: [1, 2], spent.categories.map {
                [$0.category.rawValue, MoneyWords.text($0.total, spent.currency), String($0.count)]
            })
            lines.append("")
            lines += table([spent.timelineUnit.prefix(1).uppercased() + spent.timelineUnit.dropFirst(), "Total", "Expenses"], right: [1, 2], spent.timeline.map {
                [$0.label, MoneyWords.text($0.total, spent.currency), String($0.count)]
            })
        }
        if !report.payments.isEmpty {
            lines += ["", "## " + ListWords.paymentsHeading(report), ""]
            lines += table(["Date", "Payment", "Note"], right: [], report.payments.map {
                [$0.date.description, ListWords.payment($0, names), ListWords.note($0.note)]
            })
        }
        if listsExpenses && !report.expenses.isEmpty {
            lines += ["", "## Expenses", ""]
            if let note = ReportWords.capNote(report) { lines += [note, ""] }
            lines += table(["Date", "Description", "Amount", "Paid by", "Shared by"], right: [2], report.expenses.map {
                [$0.date.description, $0.shownDescription, MoneyWords.text($0.amount.minorUnits, $0.amount.currency),
                 SharedByWords.paidBy($0, names), SharedByWords.text($0, names)]
            })
        }
        if !report.held.isEmpty {
            lines += ["", "## " + ReportWords.heldHeading, ""]
            lines += report.held.map { "- " + MarkdownText.escape(ReportWords.held($0)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pipe table; `right` columns align right. Every cell is escaped where Markdown would
    /// read it as markup; an amount such as `$42.50` or `+¥3,775` stays as it is.
    private func table(_ header: [String], right: Set<Int>, _ rows: [[String]]) -> [String] {
        let rule = header.indices.map { right.contains($0) ? "---:" : "---" }
        return (["| " + header.joined(separator: " | ") + " |", "| " + rule.joined(separator: " | ") + " |"])
            + rows.map { "| " + $0.map { MarkdownText.escape($0, startsLine: false) }.joined(separator: " | ") + " |" }
    }
}
