import SplitCore

/// `split export --format csv`: one row per expense, then one column per member with that
/// member's share, then one `paid: NAME` column per member with what that member paid, so a
/// spreadsheet can total each column (paid minus share is a member's position before
/// repayments). Amounts are plain decimals in the expense's currency; a paid-back share is
/// listed in the `paid shares` column.
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
        }
        return writer.text
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
