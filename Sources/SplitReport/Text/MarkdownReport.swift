import SplitCore

/// The report as Markdown, to paste into a chat or a wiki: the text report's sections as
/// tables and lists. Every piece of trip text is escaped by ``MarkdownText``.
struct MarkdownReport {
    let report: TripReport

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
            lines += table(["Member", "Net", "Stands"], right: [1], settlement.balances.map { balance in
                let name = names.name(of: balance.memberID) + (balance.memberID == report.me ? " (you)" : "")
                return [name, ReportWords.signed(balance.net, currency),
                        balance.net > 0 ? "is owed" : balance.net < 0 ? "owes" : "even"]
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
            lines += table([spent.timelineUnit == "day" ? "Day" : "Month", "Total", "Expenses"], right: [1, 2], spent.timeline.map {
                [$0.label, MoneyWords.text($0.total, spent.currency), String($0.count)]
            })
        }
        if !report.held.isEmpty {
            lines += ["", "## " + ReportWords.heldHeading, ""]
            lines += report.held.map { "- " + MarkdownText.escape(ReportWords.held($0)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pipe table; `right` columns align right. Every cell is escaped (names, and amounts
    /// too: `$10 … $20` reads as a formula in some renderers).
    private func table(_ header: [String], right: Set<Int>, _ rows: [[String]]) -> [String] {
        let rule = header.indices.map { right.contains($0) ? "---:" : "---" }
        return (["| " + header.joined(separator: " | ") + " |", "| " + rule.joined(separator: " | ") + " |"])
            + rows.map { "| " + $0.map { MarkdownText.escape($0, startsLine: false) }.joined(separator: " | ") + " |" }
    }
}
