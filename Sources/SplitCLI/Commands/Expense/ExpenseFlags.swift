import ArgumentParser

/// The flags `add-expense` and `expense edit` share. Their help comes from `Help`, since a flag
/// left out means a default when adding and "unchanged" when editing.
struct ExpenseFlags<Help: ExpenseFlagsHelp>: ParsableArguments {
    @Option(name: .customLong("paid-by"), help: ArgumentHelp(Help.paidBy, valueName: "A,B,..."),
            completion: ShellCompletion.memberList)
    var paidBy: String?

    @Option(help: ArgumentHelp("Split equally among these members only.", valueName: "A,B,..."),
            completion: ShellCompletion.memberList)
    var among: String?

    @Option(help: ArgumentHelp("Exact amounts per member; must add up to the amount.", valueName: "A=10,B=5"),
            completion: ShellCompletion.memberAmounts)
    var exact: String?

    @Option(help: ArgumentHelp("Percentages per member; must add up to 100.", valueName: "A=50,B=50"),
            completion: ShellCompletion.memberAmounts)
    var percent: String?

    @Option(help: ArgumentHelp("Whole-number shares (weights) per member.", valueName: "A=2,B=1"),
            completion: ShellCompletion.memberAmounts)
    var shares: String?

    @Option(name: .customLong("item"),
            help: ArgumentHelp("An item of an itemized bill, split equally among the members named (default: everyone "
                               + "the expense is among). Repeatable: one --item per item. Shares are the items plus "
                               + "tax and tip in proportion.", valueName: "name=price[:A,B]"))
    var items: [String] = []

    @Option(help: ArgumentHelp("Tax on the items: an amount, or a percentage of their subtotal.", valueName: "X|X%"))
    var tax: String?

    @Option(help: ArgumentHelp("Tip on the items: an amount, a percentage of their subtotal (before tax), or rest "
                               + "(the amount minus everything else).", valueName: "X|X%|rest"))
    var tip: String?

    @Option(help: ArgumentHelp("Discount off the items: an amount, or a percentage of their subtotal.", valueName: "X|X%"))
    var discount: String?

    @Option(help: ArgumentHelp(Help.currency, valueName: "code"), completion: ShellCompletion.currencies)
    var currency: String?

    @Option(help: ArgumentHelp(Help.category, valueName: "name"), completion: ShellCompletion.categories)
    var category: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(Help.date, valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp(Help.note, valueName: "text"))
    var note: String?

    var anyGiven: Bool {
        !items.isEmpty || [paidBy, among, exact, percent, shares, tax, tip, discount, currency, category, date, note].contains { $0 != nil }
    }

    func draft(description: String?, amount: String?) throws -> ExpenseDraft {
        ExpenseDraft(
            description: description, amount: amount, currency: currency, payers: paidBy.map(PayerSpec.typed),
            split: try SplitSpecParser.parse(among: among, exact: exact, percent: percent, shares: shares, items: items,
                                             tax: tax, tip: tip, discount: discount),
            category: category, date: date, note: note)
    }
}
