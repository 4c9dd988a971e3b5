import SplitCore

/// Turns an ``ExpenseDraft`` into a valid ``Expense``: resolves names, parses the amount
/// strictly in the expense's currency, and computes exact splits with SplitCore.
///
/// Participants are sorted by name (case-insensitive), then id, before allocation, so the
/// largest-remainder tie-break gives the same split however the names were typed.
struct ExpenseBuilder {
    let trip: Trip
    let members: MemberDirectory
    let today: CivilDate
    /// What the payers were given as, for messages: the flag, or a batch line's field.
    var payerField = "--paid-by"
    /// You in this trip: the payer when none is given.
    var me: MemberID?
    /// The account's `default.category`: the category when none is given (when the trip
    /// has it).
    var defaultCategory: Category?
    /// The trip's categories, which `--category` names one of.
    var categories: TripCategories = .defaults

    /// - Parameters:
    ///   - id: the new expense's id (ignored when editing `base`).
    ///   - base: the stored expense being edited, whose values fill what the draft leaves nil.
    func build(_ draft: ExpenseDraft, id: ExpenseID, base: Expense? = nil) throws -> Expense {
        try buildKeepingRule(draft, id: id, base: base, baseRule: base?.givenRule).expense
    }

    /// ``build(_:id:base:)``, with how the split is given: `baseRule` is how the edited
    /// expense's split was given (nil when unknown), and the answer's `rule` is how the new
    /// one's is, kept with it (``SplitCore/Expense/splitGiven``). An edit of the amount alone divides it again by
    /// `baseRule`: the same members equally, the same percentages or the same shares.
    func buildKeepingRule(_ draft: ExpenseDraft, id: ExpenseID, base: Expense?,
                          baseRule: SplitRule?) throws -> (expense: Expense, rule: SplitRule?) {
        // What another client wrote stays as it is (empty, or longer than split takes) unless
        // this edit changes it; only text typed here is held to split's own rules.
        let description = try draft.description.map(self.description) ?? base?.description ?? self.description(nil)
        let currency = try draft.currency.map { try Currency(code: $0) } ?? base?.amount.currency ?? trip.currency
        let amount: Money
        if let text = draft.amount {
            amount = try AmountInput.money(text, currency: currency)
        } else if case .items(let spec)? = draft.split,
                  let total = try billTotal(spec, currency: currency, edited: base != nil, baseRule: baseRule) {
            // The items decide the amount: their sum with the extras.
            amount = total
        } else if let base {
            guard base.amount.currency == currency else {
                throw CLIError("give the amount again (--amount) when changing the currency", kind: .data)
            }
            amount = base.amount
        } else {
            throw CLIError("an amount is required, e.g. 12.50", kind: .usage)
        }
        let payers = try self.payers(draft.payers, amount: amount, base: base)
        let category = try self.category(draft.category) ?? base?.category ?? defaultOrOther()
        let date = try DateInput(today: today).recorded(draft.date) ?? base?.date ?? today
        let note = try self.note(draft.note, base: base?.note)
        let (splits, rule) = try self.splits(draft.split, amount: amount, base: base, baseRule: baseRule, date: date)
        let expense = Expense(
            id: base?.id ?? id, description: description, amount: amount, category: category,
            payers: payers, date: date, note: note, splits: splits, createdAt: base?.createdAt, splitGiven: rule)
        try expense.validate()
        // Before anything is stored or sent: the server refuses control characters too.
        if draft.description != nil || base == nil { try TextRules.check(description, field: "description") }
        if draft.note != nil, let note { try TextRules.check(note, field: "note", allowing: TextRules.noteAllows) }
        return (expense, rule)
    }

    private func description(_ text: String?) throws -> String {
        guard let text = text?.trimmingSpaces, !text.isEmpty else {
            throw CLIError("the description is empty; say what the expense was, e.g. \"Dinner\"", kind: .data)
        }
        guard text.count <= TextRules.textLimit else {
            throw CLIError("the description is longer than \(TextRules.textLimit) characters", kind: .data)
        }
        return text
    }

    /// The category of an expense given none: `default.category` as the trip spells it, else
    /// Other. A default the trip does not have is refused rather than filed under Other
    /// unseen, with the ways out.
    private func defaultOrOther() throws -> Category {
        guard let defaultCategory else { return .other }
        guard let category = try? categories.resolve(defaultCategory.rawValue) else {
            throw CLIError("default.category is \(defaultCategory.rawValue), which is not one of this trip's categories "
                           + "(\(categories.list)); give --category NAME, add it with: split category add "
                           + "\"\(defaultCategory.rawValue)\", or change it with: split config set default.category NAME|none",
                           kind: .data)
        }
        return category
    }

    /// The trip's category `text` names (any case), spelled as the trip spells it.
    private func category(_ text: String?) throws -> Category? {
        guard let text else { return nil }
        return try categories.resolve(text)
    }

    private func note(_ text: String?, base: String?) throws -> String? {
        guard let text else { return base }
        let trimmed = text.trimmingSpaces
        guard trimmed.count <= TextRules.textLimit else {
            throw CLIError("the note is longer than \(TextRules.textLimit) characters", kind: .data)
        }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The splits, and the rule they follow (nil: unknown, for an edit that keeps splits whose
    /// rule is unknown).
    ///
    /// "Everyone" (no split given, or a bill without `--among`) is everyone still living
    /// here on the expense's `date`: members who moved out by then are left out
    /// (``SplitCore/MemberDirectory/present(on:)``); named, they are in.
    private func splits(_ spec: SplitSpec?, amount: Money, base: Expense?,
                        baseRule: SplitRule?, date: CivilDate) throws -> (splits: [ExpenseSplit], rule: SplitRule?) {
        let paidBefore = Set(base?.splits.filter(\.isPaid).map(\.memberID) ?? [])
        let rule: SplitRule
        switch spec {
        case .none:
            if let base {
                if base.amount == amount { return (base.splits, baseRule) }
                if let baseRule {
                    if case .itemized(let bill) = baseRule, !bill.followsAmount {
                        let total = (try? bill.breakdown(amount: nil, exponent: amount.currency.exponent)).map {
                            " (they come to \(Amounts.text($0.total, amount.currency)))"
                        } ?? ""
                        throw CLIError("the amount changed and the split is itemized: the items decide the amount\(total); "
                                       + "give the items again with --item, and --tip rest to let the tip take up the difference",
                                       kind: .usage)
                    }
                    guard baseRule.divisible else {
                        throw CLIError("the amount changed and the old split was exact amounts; give the new split with "
                                       + "--exact (or --among, --percent or --shares)", kind: .usage)
                    }
                    rule = baseRule
                    break
                }
                let sharers = sorted(base.splits.map(\.memberID))
                let equalBefore = try? SplitAllocator.splits(amount: base.amount, rule: .equal(sharers))
                guard let equalBefore, Set(equalBefore) == Set(base.splits.map {
                    ExpenseSplit(memberID: $0.memberID, amount: $0.amount)
                }) else {
                    throw CLIError("the amount changed and the old split was not equal; give the new split with "
                                   + "--among, --exact, --percent or --shares", kind: .usage)
                }
                rule = .equal(sharers)
            } else {
                guard !members.members.isEmpty else {
                    throw CLIError("the trip has no members yet; add them with: split member add NAME...", kind: .data)
                }
                let present = members.present(on: date)
                guard !present.isEmpty else {
                    throw CLIError("everyone has moved out by \(date); name who shares it with --among NAME,... "
                                   + "or bring someone back with: split member return NAME", kind: .data)
                }
                rule = .equal(sorted(present.map(\.id)))
            }
        case .among(let names):
            rule = .equal(sorted(try resolveUnique(names)))
        case .exact(let pairs):
            let resolved = try resolvePairs(pairs)
            rule = .exact(try resolved.map { member, text in
                MemberAmount(memberID: member, amount: try AmountParser.parse(text, currency: amount.currency, allowingZero: true))
            })
        case .percent(let pairs):
            rule = .percent(try resolvePairs(pairs).map { member, text in
                MemberWeight(memberID: member, weight: try SplitAllocator.parsePercent(text))
            })
        case .shares(let pairs):
            rule = .shares(try resolvePairs(pairs).map { member, text in
                MemberWeight(memberID: member, weight: try SplitAllocator.parseShares(text))
            })
        case .items(let spec):
            rule = .itemized(try bill(spec, currency: amount.currency, baseRule: baseRule, date: date))
        }
        let splits = try SplitAllocator.splits(amount: amount, rule: rule).map {
            ExpenseSplit(memberID: $0.memberID, amount: $0.amount, isPaid: paidBefore.contains($0.memberID))
        }
        return (splits, rule)
    }

    /// The bill of `spec` in `currency`: names resolved (each item's members and `--among`
    /// sorted by name, as every split's are), prices and fixed extras parsed strictly, and
    /// percentages as `--percent` takes them. With no items (an edit giving only `--tax`,
    /// `--tip` or `--discount`), the edited bill's items, with the extras given replacing
    /// its own.
    private func bill(_ spec: ItemsSpec, currency: Currency, baseRule: SplitRule?, date: CivilDate? = nil) throws -> ItemizedBill {
        if spec.items.isEmpty {
            guard case .itemized(var kept)? = baseRule else {
                throw CLIError("--tax, --tip and --discount go with the items of a bill; give them with --item NAME=PRICE",
                               kind: .usage)
            }
            if let names = spec.among { kept.among = sorted(try resolveUnique(names)) }
            if spec.tax != nil { kept.tax = try extra(spec.tax, flag: "--tax", currency: currency) }
            if spec.tip != nil { kept.tip = try extra(spec.tip, flag: "--tip", currency: currency) }
            if spec.discount != nil { kept.discount = try extra(spec.discount, flag: "--discount", currency: currency) }
            return kept
        }
        let everyone = date.map { members.present(on: $0) } ?? members.members
        let among = try spec.among.map { sorted(try resolveUnique($0)) } ?? sorted(everyone.map(\.id))
        let items = try spec.items.map { item in
            guard item.name.count <= BillItem.nameLimit else {
                throw CLIError("item name '\(TextRules.excerpt(item.name))' is longer than \(BillItem.nameLimit) characters",
                               kind: .data)
            }
            try TextRules.check(item.name, field: "item name")
            let price = try AmountParser.parse(item.price, currency: currency, allowingZero: true)
            return BillItem(name: item.name, price: price, among: sorted(try resolveUnique(item.members)))
        }
        return ItemizedBill(items: items, among: among, tax: try extra(spec.tax, flag: "--tax", currency: currency),
                            tip: try extra(spec.tip, flag: "--tip", currency: currency),
                            discount: try extra(spec.discount, flag: "--discount", currency: currency))
    }

    /// `--tax`, `--tip` or `--discount` as typed: an amount, `X%`, or (the tip only) `rest`.
    private func extra(_ text: String?, flag: String, currency: Currency) throws -> BillExtra? {
        guard let text = text?.trimmingSpaces else { return nil }
        if text == "rest" {
            guard flag == "--tip" else { throw CLIError("\(flag) takes an amount or a percentage; only --tip takes rest", kind: .usage) }
            return .rest
        }
        if text.hasSuffix("%") { return .percent(try SplitAllocator.parsePercent(String(text.dropLast()))) }
        return .amount(try AmountParser.parse(text, currency: currency, allowingZero: true))
    }

    /// What the bill of `spec` comes to; nil when its tip is the rest of the edited expense's
    /// amount.
    private func billTotal(_ spec: ItemsSpec, currency: Currency, edited: Bool, baseRule: SplitRule?) throws -> Money? {
        let bill = try bill(spec, currency: currency, baseRule: baseRule)
        guard !bill.followsAmount else {
            if edited { return nil }
            throw SplitError.restTipWithoutAmount
        }
        return Money(minorUnits: try bill.breakdown(amount: nil, exponent: currency.exponent).total, currency: currency)
    }

    /// Who paid: the draft's payers, or the edited expense's. A single payer pays any amount;
    /// several keep their parts while the amount stays, and are paid again in equal parts
    /// when they were equal, as shares are.
    private func payers(_ spec: PayerSpec?, amount: Money, base: Expense?) throws -> [ExpensePayer] {
        let rule: PayerRule
        switch spec {
        case .none:
            guard let base else {
                if let me { return [ExpensePayer(memberID: me, amount: amount.minorUnits)] }
                throw CLIError("who paid? give \(payerField) NAME, or say who you are (then you paid) with: "
                               + "split member me NAME", kind: .usage)
            }
            if let solo = base.soloPayer { return [ExpensePayer(memberID: solo, amount: amount.minorUnits)] }
            if base.amount == amount { return base.payers }
            let ids = sorted(base.payers.map(\.memberID))
            guard let before = try? PayerAllocator.payers(amount: base.amount, rule: .equal(ids)),
                  Set(before) == Set(base.payers) else {
                throw CLIError("the amount changed and the payers paid unequal parts; give them again with "
                               + "\(payerField) NAME=AMOUNT,...", kind: .usage)
            }
            rule = .equal(ids)
        case .typed(let text):
            rule = try payerRule(text, amount: amount)
        case .amounts(let pairs):
            rule = try exactPayers(pairs, amount: amount)
        }
        let result = Result { () throws(SplitError) in try PayerAllocator.payers(amount: amount, rule: rule) }
        switch result {
        case .success(let payers):
            return payers
        case .failure(let error):
            if case .payerSumMismatch = error {
                throw CLIError(error.description.replacingOccurrences(of: "payer amounts", with: "\(payerField) amounts"), kind: .data)
            }
            if case .tooManyPayers(let count, _, _) = error {
                throw CLIError("\(count) payers cannot each pay a positive part of \(amount)", kind: .data)
            }
            throw error
        }
    }

    /// `Ann`, `Ann,Ben` or `Ann=30,Ben=20`. A member whose whole name is the text is one payer.
    private func payerRule(_ text: String, amount: Money) throws -> PayerRule {
        let trimmed = text.trimmingSpaces
        let key = Member.key(for: trimmed)
        if !trimmed.contains(",") && !trimmed.contains("=") || members.members.contains(where: { $0.nameKey == key }) {
            return .equal([try members.resolve(trimmed).id])
        }
        let pieces = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        let withAmounts = pieces.filter { $0.contains("=") }.count
        if withAmounts == 0 {
            guard !pieces.contains(where: \.isEmpty) else {
                throw CLIError("\(payerField) expects names separated by commas, e.g. --paid-by Alex,Bea; got '\(text)'", kind: .usage)
            }
            return .equal(sorted(try uniquePayers(pieces)))
        }
        guard withAmounts == pieces.count else {
            throw CLIError("\(payerField) gives amounts for some payers only; give every payer an amount "
                           + "(--paid-by Alex=30,Bea=20) or none (--paid-by Alex,Bea)", kind: .usage)
        }
        return try exactPayers(try SplitSpecParser.pairs(trimmed, flag: "\(payerField)", example: "Alex=30,Bea=20"), amount: amount)
    }

    /// Exact parts: names resolved, each amount positive in the expense's currency.
    private func exactPayers(_ pairs: [NamedValue], amount: Money) throws -> PayerRule {
        let ids = try uniquePayers(pairs.map(\.name))
        return .exact(try zip(ids, pairs).map { id, pair in
            let value = pair.value.trimmingSpaces
            let part: Int64
            do {
                part = try AmountParser.parse(value, currency: amount.currency, allowingZero: true)
            } catch {
                throw CLIError("\(payerField): \(members.name(of: id))'s amount '\(value)' is not a positive amount of "
                               + "\(amount.currency.code), e.g. \(Amounts.text(amount.minorUnits, amount.currency))", kind: .data)
            }
            guard part > 0 else {
                throw CLIError("\(payerField): \(members.name(of: id)) pays 0; each payer pays a positive amount", kind: .data)
            }
            return MemberAmount(memberID: id, amount: part)
        })
    }

    private func uniquePayers(_ names: [String]) throws -> [MemberID] {
        try resolveUnique(names) { "\($0) is named twice in \(payerField); name each payer once" }
    }

    private func sorted(_ ids: [MemberID]) -> [MemberID] { members.sortedByName(ids) }

    /// Resolves `names`, refusing a member named twice with `twice(name)`.
    private func resolveUnique(_ names: [String], twice: (String) -> String = { "\($0) is listed twice in the split" })
        throws -> [MemberID] {
        var seen = Set<MemberID>()
        return try names.map { name in
            let member = try members.resolve(name)
            guard seen.insert(member.id).inserted else { throw CLIError(twice(member.name), kind: .data) }
            return member.id
        }
    }

    /// Resolves the names of `pairs`, sorted by member name like every other mode.
    private func resolvePairs(_ pairs: [NamedValue]) throws -> [(MemberID, String)] {
        let ids = try resolveUnique(pairs.map(\.name))
        let byID = Dictionary(uniqueKeysWithValues: zip(ids, pairs.map(\.value)))
        return sorted(ids).map { ($0, byID[$0]!) }
    }
}
