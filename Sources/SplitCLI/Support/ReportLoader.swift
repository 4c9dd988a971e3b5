import SplitCore
import SplitReport
import SplitStore

/// A ``SplitReport/TripReport`` of the command's trip, from the same reads the other report
/// commands make: the balances `split balances` shows, converted by ``ConvertedBalances`` as
/// `settle --in` converts them, the category totals of `split summary`, and the held items of
/// `split conflicts`. The settle plan is then made by the same planner call as `split settle`.
enum ReportLoader {
    /// The report of the command's trip, spoken to `audience`: with `.everyone` nobody is "you".
    /// Within `span`, the spending and lists are those dated in it and the balances those at its end.
    static func load(_ context: CommandContext, into target: String?, for audience: ReportAudience = .me,
                     span: DateSpan = .always) async throws -> TripReport {
        let scope = try await context.scope()
        let trip = scope.trip
        let currency = try target.map { code in try Currency(code: code) }
        let figures = try await context.backend.reportFigures(trip: trip.id, expenseLimit: TripReport.expenseCap, span: span)
        var balances = figures.balances
        var conversion: ReportConversion?
        if let currency {
            (balances, conversion) = try ConvertedBalances.withRates(balances, trip: trip, rates: figures.rates, to: currency)
        }
        return try TripReport(trip: trip, members: scope.members, me: audience == .me ? scope.me?.member.id : nil,
                              balances: balances, conversion: conversion, categories: figures.categories, days: figures.days,
                              expenses: figures.expenses, payments: figures.payments, paymentCount: figures.paymentCount,
                              held: figures.held.map(heldItem), madeAt: context.now, span: span)
    }

    /// A held server item as the report lists it: what ``ForeignItemView`` shows in `split conflicts`.
    static func heldItem(_ item: ForeignItem) -> HeldItem {
        var description: String?
        if case .expense(let expense)? = item.draft { description = expense.description }
        return HeldItem(kind: item.item.kindName, id: String(item.item.itemID.prefix(8)), description: description,
                        reason: item.reason)
    }
}
