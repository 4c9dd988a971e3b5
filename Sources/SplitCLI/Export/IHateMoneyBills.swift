import SplitCore

/// A trip as ihatemoney bills whose balances in ihatemoney equal split's to the cent.
///
/// ihatemoney knows one payer per bill and divides a bill among its owers by the members'
/// weights, as floats. So every member is written with weight 1 and each expense is cut into
/// bills that ihatemoney divides exactly:
/// - each payer's part (``PayerParts``, the decomposition balances use) is its own bill;
/// - within a part, owers with equal shares share one bill of their shares' sum, so an even
///   split stays one bill while exact, shares, percent and itemized splits become one bill per
///   distinct share;
/// - a share marked paid back, and every payment, is a Reimbursement from the member who paid
///   it to the one who received it (ihatemoney raises its payer's balance and lowers its owers').
///
/// **Other currencies** are converted at the trip's rates, share by share, rounded half to
/// even; each such bill names its original amount. Because split converts balances by
/// rounding once per member (``CurrencyConverter``), the rounded bills can differ from that by
/// a few cents; Reimbursements named "Rounding of converted amounts" make up the difference, so
/// ihatemoney shows exactly the balances `split balances --in` the trip's currency shows.
enum IHateMoneyBills {
    struct Bill: Equatable {
        var what: String
        var isReimbursement: Bool
        /// Minor units of the trip's currency; positive.
        var amount: Int64
        var date: CivilDate
        var payer: String
        var owers: [String]
        /// The expense's category, for formats that hold one (Cospend); Other for reimbursements.
        var category: Category = .other
    }

    struct Result {
        var bills: [Bill]
        /// The codes converted into the trip's currency, sorted; empty when none.
        var converted: [String]
    }

    /// `app` names the app in a refusal (ihatemoney, Cospend).
    static func bills(_ snapshot: ExportTrip, app: String = "ihatemoney") throws(CLIError) -> Result {
        let home = snapshot.trip.currency
        let rates = Dictionary(snapshot.rates.map { ($0.code, $0.rate) }, uniquingKeysWith: { first, _ in first })
        let target = try targetNets(snapshot, rates: rates, app: app)
        var converted = Set<String>()
        var bills: [Bill] = []
        func name(_ id: MemberID) -> String { snapshot.directory.name(of: id) }
        func convert(_ minor: Int64, _ currency: Currency) -> Int64 {
            guard currency != home, let rate = rates[currency.code] else { return minor }
            converted.insert(currency.code)
            let numerator = Int128(minor) * Int128(rate.numerator) * Int128(home.minorPerMajor)
            let denominator = Int128(rate.denominator) * Int128(currency.minorPerMajor)
            return Int64(clamping: Rounding.halfEven(numerator, over: denominator))
        }
        func original(_ money: Money) -> String {
            guard money.currency != home, let rate = rates[money.currency.code] else { return "" }
            return " [\(money.currency.code) \(Amounts.text(money.minorUnits, money.currency)) at \(rate.text)]"
        }

        for expense in snapshot.expenses {
            let currency = expense.amount.currency
            var pieces: [Bill] = []
            var repaid: [Bill] = []
            for part in PayerParts.parts(of: expense) {
                let payer = name(part.payer.memberID)
                var groups: [(share: Int64, owers: [String])] = []
                let splits = part.splits.filter { $0.amount > 0 }
                    .sorted { (name($0.memberID).lowercased(), name($0.memberID)) < (name($1.memberID).lowercased(), name($1.memberID)) }
                for split in splits {
                    let share = convert(split.amount, currency)
                    if let index = groups.firstIndex(where: { $0.share == share }) {
                        groups[index].owers.append(name(split.memberID))
                    } else {
                        groups.append((share, [name(split.memberID)]))
                    }
                    if split.isPaid && split.memberID != part.payer.memberID && share > 0 {
                        repaid.append(Bill(what: "Repaid share of \(expense.description)\(original(expense.amount))", isReimbursement: true,
                                           amount: share, date: expense.date, payer: name(split.memberID), owers: [payer]))
                    }
                }
                for group in groups where group.share > 0 {
                    pieces.append(Bill(what: expense.description, isReimbursement: false, amount: group.share * Int64(group.owers.count),
                                       date: expense.date, payer: payer, owers: group.owers, category: expense.category))
                }
            }
            for index in pieces.indices {
                let counter = pieces.count > 1 ? " (\(index + 1)/\(pieces.count))" : ""
                pieces[index].what = expense.description + counter + original(expense.amount)
            }
            bills += pieces + repaid
        }
        for payment in snapshot.payments {
            let amount = convert(payment.amount.minorUnits, payment.amount.currency)
            guard amount > 0 else { continue }
            let note = payment.note.map { ": \($0)" } ?? ""
            bills.append(Bill(what: "Payment\(note)\(original(payment.amount))", isReimbursement: true, amount: amount,
                              date: payment.date, payer: name(payment.from), owers: [name(payment.to)]))
        }
        bills += corrections(target: target, bills: bills, date: snapshot.expenses.last?.date ?? snapshot.payments.last?.date)
        return Result(bills: bills, converted: converted.sorted())
    }

    /// Each member's net in the trip's currency by name, as `split balances` converts it.
    private static func targetNets(_ snapshot: ExportTrip, rates: [String: ExchangeRate], app: String) throws(CLIError) -> [String: Int64] {
        let home = snapshot.trip.currency
        do {
            let balances = try BalanceCalculator.balances(members: snapshot.members.map(\.id), expenses: snapshot.expenses,
                                                          payments: snapshot.payments, exchanges: snapshot.exchanges)
            let converted = try CurrencyConverter.convert(balances, home: home, rates: rates, to: home)
            var nets: [String: Int64] = [:]
            for balance in converted.balances { nets[snapshot.directory.name(of: balance.memberID), default: 0] += balance.net }
            return nets
        } catch let error as ConversionError {
            if case .missingRate(let code) = error {
                throw CLIError("trip '\(snapshot.trip.name)' has amounts in \(code) but no \(code) rate; \(app) needs one "
                               + "currency: set it with `split trip rate \(code) RATE` (1 \(code) in \(home.code))", kind: .data)
            }
            throw CLIError("trip '\(snapshot.trip.name)': converted amounts are too large to export", kind: .data)
        } catch {
            throw CLIError("trip '\(snapshot.trip.name)': amounts are too large to export", kind: .data)
        }
    }

    /// Reimbursements that bring the bills' nets to `target`: from the member furthest below
    /// their target to the one furthest above, until every net matches.
    private static func corrections(target: [String: Int64], bills: [Bill], date: CivilDate?) -> [Bill] {
        var gap = target
        for bill in bills {
            gap[bill.payer, default: 0] -= bill.amount
            // Every ower shares the bill equally (weight 1), and the amount is a multiple of their count.
            let share = bill.amount / Int64(bill.owers.count)
            for ower in bill.owers { gap[ower, default: 0] += share }
        }
        guard let date, gap.values.contains(where: { $0 != 0 }) else { return [] }
        var result: [Bill] = []
        var owed = gap.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        var owing = gap.filter { $0.value < 0 }.sorted { $0.key < $1.key }
        while let up = owed.first, let down = owing.first {
            let amount = min(up.value, -down.value)
            result.append(Bill(what: "Rounding of converted amounts", isReimbursement: true, amount: amount, date: date,
                               payer: up.key, owers: [down.key]))
            owed[0].value -= amount
            owing[0].value += amount
            if owed[0].value == 0 { owed.removeFirst() }
            if owing[0].value == 0 { owing.removeFirst() }
        }
        return result
    }
}
