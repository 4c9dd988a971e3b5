/// What each instance of a recurring rule is: every field of `add-expense` but the date, which
/// the period gives. A template with no split (`split` nil) is divided equally among the members
/// present on each instance's date, so a flatmate who moved out stops sharing the rent from the
/// month after, and one who joined starts.
public struct RecurringTemplate: Hashable, Sendable {
    public var description: String
    public var amount: Money
    public var payers: PayerRule
    /// The split as given, or nil for "equal among everyone present".
    public var split: SplitRule?
    public var category: Category
    public var note: String?

    public init(description: String, amount: Money, payers: PayerRule, split: SplitRule?, category: Category, note: String?) {
        self.description = description
        self.amount = amount
        self.payers = payers
        self.split = split
        self.category = category
        self.note = note
    }

    /// The expense of `period` for `rule`: the template on the period's date, with the
    /// period's name-based id, split among `present` (in the order given) when the template
    /// names nobody. Fails as `add-expense` would with the same options (no one present, a
    /// split that does not add up).
    public func instance(of rule: RecurringRuleID, _ period: RecurrencePeriod, present: [MemberID]) throws(SplitError) -> Expense {
        try expense(id: period.instanceID(rule: rule.rawValue), date: period.date, present: present)
    }

    /// The template as expense `id` on `date`: an instance, or the sample `recurring edit`
    /// builds its change on.
    public func expense(id: ExpenseID, date: CivilDate, present: [MemberID]) throws(SplitError) -> Expense {
        let division = split ?? .equal(present)
        let expense = Expense(id: id, description: description, amount: amount,
                              category: category, payers: try PayerAllocator.payers(amount: amount, rule: payers),
                              date: date, note: note, splits: try SplitAllocator.splits(amount: amount, rule: division),
                              splitGiven: split)
        try expense.validate()
        return expense
    }
}
