import Mustache
import SplitCore

/// The report as one self-contained page: the charts of ``ChartView``, each currency's plan and
/// people table, the payments, the expenses with who paid and who shared, held items, a
/// stylesheet that reads from a 320 px phone to a desktop and prints, a
/// Content-Security-Policy that forbids scripts and requests, and the JSON document in a data
/// island that no script reads.
///
/// The page is a Mustache template, which escapes every value it writes; the only value
/// written raw is the data island, escaped for its place by ``TripReport/dataIsland(_:)``.
struct HTMLReport {
    let report: TripReport

    func render() -> String {
        HTMLTemplates.library.render(page, withTemplate: HTMLTemplates.pageName) ?? ""
    }

    /// Everything the template shows, computed here so the template only places it.
    var page: HTMLPage {
        // Names as every format shows them: control characters from another client become `�`.
        let names = MemberDirectory(report.members.map { Member(id: $0.id, name: Expense.shown($0.name)) })
        let notices = [ReportWords.emptyNotice(report), ReportWords.singleMemberNotice(report)].compactMap { $0 }
        return HTMLPage(
            title: Expense.shown(report.trip.name),
            summary: ReportWords.summary(report),
            madeAt: ReportWords.madeAt(report.madeAt),
            notices: notices,
            hasTotals: !report.spending.isEmpty,
            totals: report.spending.map {
                HTMLPage.Total(currency: $0.currency.code, total: MoneyWords.text($0.total, $0.currency), count: "\(number: $0.count)")
            },
            settlements: report.settlements.map { settlement($0, names) },
            hasPayments: !report.payments.isEmpty,
            paymentsHeading: ListWords.paymentsHeading(report),
            payments: report.payments.map { payment in
                let from = names.name(of: payment.from), to = names.name(of: payment.to)
                let note = ListWords.note(payment.note)
                return HTMLPage.PaymentRow(date: payment.date.description, from: from, to: to,
                                           amount: MoneyWords.text(payment.amount.minorUnits, payment.amount.currency),
                                           note: note.isEmpty ? nil : note,
                                           longFrom: LongWords.has(from), longTo: LongWords.has(to),
                                           longNote: LongWords.has(note))
            },
            spending: report.spending.map(spending),
            hasExpenses: !report.expenses.isEmpty,
            capNote: ReportWords.capNote(report),
            expenses: report.expenses.map { expense in
                let description = expense.shownDescription, items = BillSummary.text(expense, names)
                let paidBy = SharedByWords.paidBy(expense, names), sharedBy = SharedByWords.text(expense, names)
                return HTMLPage.ExpenseRow(date: expense.date.description, description: description,
                                           category: expense.category.rawValue, paidBy: paidBy, sharedBy: sharedBy,
                                           amount: MoneyWords.text(expense.amount.minorUnits, expense.amount.currency),
                                           items: items,
                                           longDescription: LongWords.has(description) || LongWords.has(items ?? ""),
                                           longPaidBy: LongWords.has(paidBy), longSharedBy: LongWords.has(sharedBy))
            },
            hasHeld: !report.held.isEmpty,
            heldHeading: ReportWords.heldHeading,
            held: report.held.map(ReportWords.held),
            data: TripReport.dataIsland(report.jsonText))
    }

    private func settlement(_ settlement: ReportSettlement, _ names: MemberDirectory) -> HTMLPage.Settlement {
        let currency = settlement.currency
        let rows = settlement.balances.map { balance in
            let name = names.name(of: balance.memberID) + (balance.memberID == report.me ? " (you)" : "")
            return ChartView.Row(label: name, amount: balance.net, value: ReportWords.signed(balance.net, currency),
                                 title: ReportWords.standing(name, balance.net, currency))
        }
        let yours = settlement.transfers.filter { $0.from == report.me || $0.to == report.me }.count
        let people = settlement.balances.map { balance in
            let words = ListWords.person(balance, currency, name: names.name(of: balance.memberID)
                                         + (balance.memberID == report.me ? " (you)" : ""))
            return HTMLPage.Person(name: words.name, long: LongWords.has(words.name), paid: words.paid, share: words.share,
                                   sent: words.sent, received: words.received, net: words.net)
        }
        return HTMLPage.Settlement(
            currency: currency.code,
            conversion: report.conversion.map(ReportWords.conversion),
            chart: settlement.largestNet == 0 ? nil
                : ChartView(id: "net-\(currency.code)", title: "Net balance by person, \(currency.code)",
                            caption: "Left of the line (striped): owes. Right (solid): is owed.", rows: rows, diverging: true),
            planHeading: ReportWords.planHeading(settlement),
            hasTransfers: !settlement.transfers.isEmpty,
            transfers: ReportWords.plan(settlement, me: report.me, names).enumerated().map {
                HTMLPage.Transfer(text: $0.element, yours: $0.offset < yours)
            },
            people: people)
    }

    private func spending(_ spent: ReportSpending) -> HTMLPage.Spending {
        let currency = spent.currency
        func row(_ label: String, _ total: Int64, _ count: Int) -> ChartView.Row {
            let amount = MoneyWords.text(total, currency)
            return ChartView.Row(label: label, amount: total, value: amount,
                                 title: "\(label): \(amount) in \(ReportWords.count(count, "expense"))")
        }
        return HTMLPage.Spending(
            currency: currency.code, unit: spent.timelineUnit,
            categories: ChartView(id: "category-\(currency.code)", title: "Spending by category, \(currency.code)",
                                  caption: "Total spent per category.",
                                  rows: spent.categories.map { row($0.category.rawValue, $0.total, $0.count) }, diverging: false),
            timeline: ChartView(id: "\(spent.timelineUnit)-\(currency.code)", title: "Spending by \(spent.timelineUnit), \(currency.code)",
                                caption: "Total spent per \(spent.timelineUnit).",
                                rows: spent.timeline.map { row($0.label, $0.total, $0.count) }, diverging: false, style: "time"))
    }
}
