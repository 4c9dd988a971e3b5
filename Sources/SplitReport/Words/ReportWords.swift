import SplitCore

/// The sentences every format of a report shares, written once so text, Markdown and the page
/// say the same thing in the same words.
public enum ReportWords {
    /// `3 expenses`, `1 member`, `100,000 expenses`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number: number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A net with its sign, for charts: `+¥24,000`, `-¥9,000`, `¥0`.
    public static func signed(_ net: Int64, _ currency: Currency) -> String {
        (net > 0 ? "+" : "") + MoneyWords.text(net, currency)
    }

    /// Where a member stands: `Alex is owed ¥24,000`, `Bea owes ¥9,000`, `Chen is even`.
    public static func standing(_ name: String, _ net: Int64, _ currency: Currency) -> String {
        if net > 0 { return "\(name) is owed \(MoneyWords.text(net, currency))" }
        if net < 0 { return "\(name) owes \(MoneyWords.text(BarScale.magnitude(net), currency))" }
        return "\(name) is even"
    }

    /// A transfer in words: yours as `You pay Chen ¥4,000` / `Bea pays you ¥900`, anyone
    /// else's as `Bea pays Alex ¥9,000`.
    public static func transfer(_ transfer: Transfer, me: MemberID?, _ currency: Currency, _ names: MemberDirectory) -> String {
        if let me, let yours = YourTransfers.sentence(transfer, me: me, currency, names) { return yours }
        return "\(names.name(of: transfer.from)) pays \(names.name(of: transfer.to)) \(MoneyWords.text(transfer.amount, currency))"
    }

    /// A settle plan in words, your transfers first, then the others in the plan's order.
    public static func plan(_ settlement: ReportSettlement, me: MemberID?, _ names: MemberDirectory) -> [String] {
        let yours = settlement.transfers.filter { $0.from == me || $0.to == me }
        let others = settlement.transfers.filter { $0.from != me && $0.to != me }
        return (yours + others).map { transfer($0, me: me, settlement.currency, names) }
    }

    /// The line under a plan: `2 transfers settle everyone up.` or `Everyone is settled.`
    public static func planHeading(_ settlement: ReportSettlement) -> String {
        settlement.transfers.isEmpty ? "Everyone is settled in \(settlement.currency.code)."
            : "\(count(settlement.transfers.count, "transfer")) \(settlement.transfers.count == 1 ? "settles" : "settle") "
                + "everyone up in \(settlement.currency.code):"
    }

    /// `4 members and 5 expenses; home currency JPY.`: what the trip is, under its name.
    public static func summary(_ report: TripReport) -> String {
        "\(count(report.members.count, "member")) and \(count(report.expenseCount, "expense")); "
            + "home currency \(report.trip.currency.code)." + (period(report).map { " " + $0 } ?? "")
    }

    /// `Expenses and payments of 2026-03-01 to 2026-03-31; balances at the end of 2026-03-31.`,
    /// or nil for a report of the whole trip.
    public static func period(_ report: TripReport) -> String? {
        guard let words = report.span.words else { return nil }
        let prefix = words.hasPrefix("from") || words.hasPrefix("up to") ? "Expenses and payments dated " : "Expenses and payments of "
        return prefix + words + "; balances " + (report.span.until.map { "at the end of \($0)." } ?? "as they are now.")
    }

    /// `Made at 2025-01-20 09:00 UTC.`: the one line that differs between two runs.
    public static func madeAt(_ instant: Timestamp) -> String {
        "Made at " + String(instant.iso8601.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC."
    }

    /// What a page with little in it says instead of empty charts; nil when there is data.
    public static func emptyNotice(_ report: TripReport) -> String? {
        if report.settlements.isEmpty && report.spending.isEmpty {
            if !report.held.isEmpty {
                return "Everything the server sent for this trip is held (listed below), so there are no figures yet."
            }
            return "No expenses or payments yet: there is nothing to show or settle."
        }
        return nil
    }

    /// Said when the trip has one member: their share is everything, and no one owes anyone.
    public static func singleMemberNotice(_ report: TripReport) -> String? {
        report.members.count == 1 ? "Only one member: there is no one to settle with." : nil
    }

    /// The note under a capped expense list.
    public static func capNote(_ report: TripReport) -> String? {
        guard report.isCapped else { return nil }
        return "Showing the newest \(report.expenses.count) of \(count(report.expenseCount, "expense")); "
            + "the totals and charts count them all."
    }

    /// Why the held items are listed.
    public static let heldHeading = "Held items: kept out of every figure above until they are fixed"

    /// A held item in one line: `expense 7447f42e 'Taxi': no share adds up`.
    public static func held(_ item: HeldItem) -> String {
        "\(item.kind) \(item.id)" + (item.description.map { " '\(Expense.shown($0))'" } ?? "") + ": \(Expense.shown(item.reason))"
    }

    /// The conversion said plainly, with the rates: the line `settle --in` prints.
    public static func conversion(_ conversion: ReportConversion) -> String {
        "Balances converted into \(conversion.target.code) with the trip's rates."
            + (conversion.sentence.map { " " + $0 } ?? "")
    }
}

extension String.StringInterpolation {
    /// `\(number: 100000)` as `100,000`, grouped as amounts are.
    mutating func appendInterpolation(number: Int) {
        appendLiteral(MoneyWords.group(String(number)))
    }
}
