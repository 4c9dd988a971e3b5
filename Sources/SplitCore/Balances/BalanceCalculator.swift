/// Computes balances per member and currency from expenses and payments.
///
/// - An expense adds each payer's part to that payer's `totalPaid` and each split to that
///   member's `totalShare`, in the expense's currency.
/// - A split marked paid counts as a payment from its member to the expense's payer: the
///   member's `paymentsMade` and the payer's `paymentsReceived` both grow by the share (when the
///   member is the payer the two cancel in their net, as they should). With several payers,
///   each receives their part of the share by ``PayerParts``, so the balances equal those of
///   the expense's parts recorded as single-payer expenses.
/// - A ``Payment`` adds to `paymentsMade` of `from` and `paymentsReceived` of `to`.
/// - A ``CurrencyExchange`` moves its member's net by −`from` and +`to`, through
///   `paymentsReceived` and `paymentsMade` by sign (as the store's totals count it).
///
/// Result: one ``CurrencyBalances`` per currency that appears, sorted by currency code, each
/// listing every member of `members` in that order (members with no activity have zeros; a
/// member listed twice appears once). Members that expenses or payments mention but `members`
/// lacks are appended after them, sorted by id, so no money goes missing and the nets of valid
/// expenses (see ``Expense/validate()``) always sum to exactly zero.
///
/// Totals are summed in `Int128`; if a field, or any step of computing ``MemberBalance/net``,
/// would not fit `Int64` the call throws ``MoneyError/overflow`` instead of trapping.
public enum BalanceCalculator {
    public static func balances(members: [MemberID], expenses: [Expense], payments: [Payment],
                                exchanges: [CurrencyExchange] = [])
        throws(MoneyError) -> [CurrencyBalances] {
        let roster = Roster(members: members, expenses: expenses, payments: payments, exchanges: exchanges)
        var ledgers: [Currency: Ledger] = [:]
        func post(_ currency: Currency, _ member: MemberID, _ field: Ledger.Field, _ amount: Int64) {
            ledgers[currency, default: Ledger(count: roster.ids.count)]
                .add(amount, to: field, of: roster.index[member] ?? 0)
        }
        for expense in expenses {
            let currency = expense.amount.currency
            for payer in expense.payers { post(currency, payer.memberID, .paid, payer.amount) }
            var repaid = false
            for split in expense.splits {
                post(currency, split.memberID, .share, split.amount)
                if split.isPaid {
                    post(currency, split.memberID, .made, split.amount)
                    repaid = true
                }
            }
            guard repaid else { continue }
            if let payer = expense.soloPayer {
                for split in expense.splits where split.isPaid { post(currency, payer, .received, split.amount) }
            } else {
                for part in PayerParts.parts(of: expense) {
                    for split in part.splits where split.isPaid { post(currency, part.payer.memberID, .received, split.amount) }
                }
            }
        }
        for payment in payments {
            post(payment.amount.currency, payment.from, .made, payment.amount.minorUnits)
            post(payment.amount.currency, payment.to, .received, payment.amount.minorUnits)
        }
        // An exchange takes `from` out of the member's net and adds `to`, as a payment would:
        // a positive amount given up is received, one taken on is made (and the other way round
        // for negative ones), so made and received still total alike per currency.
        for exchange in exchanges {
            let (from, to) = (exchange.from, exchange.to)
            post(from.currency, exchange.member, from.minorUnits >= 0 ? .received : .made, from.minorUnits.magnitudeAsInt64)
            post(to.currency, exchange.member, to.minorUnits >= 0 ? .made : .received, to.minorUnits.magnitudeAsInt64)
        }
        var result: [CurrencyBalances] = []
        for currency in ledgers.keys.sorted() {
            guard let ledger = ledgers[currency] else { continue }
            result.append(CurrencyBalances(currency: currency, balances: try ledger.balances(for: roster.ids)))
        }
        return result
    }
}

extension BalanceCalculator {
    /// Every member to report, in order, and where each one's row is.
    struct Roster {
        let ids: [MemberID]
        let index: [MemberID: Int]

        init(members: [MemberID], expenses: [Expense], payments: [Payment], exchanges: [CurrencyExchange] = []) {
            var ids: [MemberID] = []
            var index: [MemberID: Int] = [:]
            for member in members where index[member] == nil {
                index[member] = ids.count
                ids.append(member)
            }
            var extras = Set<MemberID>()
            for expense in expenses {
                for payer in expense.payers { extras.insert(payer.memberID) }
                for split in expense.splits { extras.insert(split.memberID) }
            }
            for payment in payments {
                extras.insert(payment.from)
                extras.insert(payment.to)
            }
            for exchange in exchanges { extras.insert(exchange.member) }
            for member in extras.filter({ index[$0] == nil }).sorted() {
                index[member] = ids.count
                ids.append(member)
            }
            self.ids = ids
            self.index = index
        }
    }

    /// Running `Int128` totals of one currency: four fields per member row.
    struct Ledger {
        enum Field: Int { case paid = 0, share, made, received }

        private var totals: [Int128]

        init(count: Int) { totals = [Int128](repeating: 0, count: count * 4) }

        mutating func add(_ amount: Int64, to field: Field, of row: Int) {
            totals[row * 4 + field.rawValue] += Int128(amount)
        }

        /// The rows as balances, or ``MoneyError/overflow`` if a field or a step of the net
        /// does not fit `Int64`.
        func balances(for ids: [MemberID]) throws(MoneyError) -> [MemberBalance] {
            var result: [MemberBalance] = []
            result.reserveCapacity(ids.count)
            for (row, id) in ids.enumerated() {
                let paid = totals[row * 4], share = totals[row * 4 + 1]
                let made = totals[row * 4 + 2], received = totals[row * 4 + 3]
                // `MemberBalance.net` evaluates left to right in Int64; every step must fit.
                for value in [paid, share, made, received, paid - share, paid - share + made,
                              paid - share + made - received] {
                    guard Int128(Int64.min) <= value, value <= Int128(Int64.max) else { throw .overflow }
                }
                result.append(MemberBalance(
                    memberID: id, totalPaid: Int64(paid), totalShare: Int64(share),
                    paymentsMade: Int64(made), paymentsReceived: Int64(received)))
            }
            return result
        }
    }
}

extension Int64 {
    /// The magnitude as `Int64`: exchange amounts are within ±``Money/maxMinorUnits``.
    fileprivate var magnitudeAsInt64: Int64 { Int64(clamping: magnitude) }
}
