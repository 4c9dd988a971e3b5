import SplitCore

/// `split export --format csv`: one row per expense, then one column per member with that
/// member's share, then one `paid: NAME` column per member with what that member paid.
/// Amounts are plain decimals in the row's currency; a paid-back share is listed in the
/// `paid shares` column.
///
/// Money that moves outside expenses gets rows of its own after each trip's expenses, in the
/// same columns, so that per currency a member's `paid: NAME` total minus their `NAME` total
/// is exactly their net in `split balances`:
/// - a payment (category `Payment`): the payer's `paid:` column and the receiver's share
///   column hold the amount, as if the payer had paid that much of the receiver's costs;
/// - a paid-back share (category `Repaid share`): likewise from the member to each payer.
enum CSVExport {
    static func text(_ trips: [ExportTrip]) -> String {
        var writer = CSVWriter()
        let names = orderedNames(trips)
        writer.row(["trip", "date", "description", "category", "currency", "amount", "paid by", "note", "paid shares"] + names
                   + names.map { "paid: " + $0 })
        for snapshot in trips {
            for expense in snapshot.expenses {
                let currency = expense.amount.currency
                var shares = [String: String]()
                for split in expense.splits {
                    shares[snapshot.directory.name(of: split.memberID)] = Amounts.text(split.amount, currency)
                }
                var paidParts = [String: String]()
                for payer in expense.payers {
                    paidParts[snapshot.directory.name(of: payer.memberID)] = Amounts.text(payer.amount, currency)
                }
                let payers = snapshot.directory.sortedByName(expense.payers.map(\.memberID)).map { snapshot.directory.name(of: $0) }
                let paid = JSONRendering.byName(expense.splits.filter(\.isPaid), snapshot.directory)
                    .map { snapshot.directory.name(of: $0.memberID) }
                writer.row([snapshot.trip.name, expense.date.description, expense.description, expense.category.rawValue,
                            currency.code, Amounts.text(expense.amount.minorUnits, currency),
                            payers.joined(separator: "; "), expense.note ?? "", paid.joined(separator: "; ")]
                           + names.map { shares[$0] ?? "" } + names.map { paidParts[$0] ?? "" })
            }
            for transfer in transfers(snapshot) {
                let currency = transfer.amount.currency
                let amount = Amounts.text(transfer.amount.minorUnits, currency)
                let (from, to) = (snapshot.directory.name(of: transfer.from), snapshot.directory.name(of: transfer.to))
                writer.row([snapshot.trip.name, transfer.date.description, transfer.description, transfer.category,
                            currency.code, amount, from, transfer.note ?? "", ""]
                           + names.map { $0 == to ? amount : "" } + names.map { $0 == from ? amount : "" })
            }
        }
        return writer.text
    }

    /// Money handed from one member to another outside an expense's own shares.
    private struct Transfer {
        let date: CivilDate
        let description: String
        let category: String
        let from: MemberID
        let to: MemberID
        let amount: Money
        let note: String?
    }

    /// The trip's payments, then its paid-back shares (one per payer a share was owed to), in
    /// the expenses' order.
    private static func transfers(_ snapshot: ExportTrip) -> [Transfer] {
        var result = snapshot.payments.map { payment in
            Transfer(date: payment.date, description: "Payment", category: "Payment", from: payment.from, to: payment.to,
                     amount: payment.amount, note: payment.note)
        }
        for expense in snapshot.expenses {
            for part in PayerParts.parts(of: expense) {
                for split in part.splits where split.isPaid && split.amount > 0 && split.memberID != part.payer.memberID {
                    result.append(Transfer(date: expense.date, description: "Repaid share of \(expense.description)",
                                           category: "Repaid share", from: split.memberID, to: part.payer.memberID,
                                           amount: Money(minorUnits: split.amount, currency: expense.amount.currency),
                                           note: nil))
                }
            }
        }
        return result
    }

    /// Member names of all trips, case-insensitively ordered, each once.
    static func orderedNames(_ trips: [ExportTrip]) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for snapshot in trips {
            for member in snapshot.members where seen.insert(member.name).inserted { names.append(member.name) }
        }
        return names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }
}
