/// An expense with several payers, as single-payer parts: the one decomposition that
/// balances, the store, the legacy listing and the Node server all use.
///
/// Payer *i* (in member-id order, so the order they were typed in never matters; shares are
/// taken in member-id order too) is given a
/// part of every share such that:
/// - the parts of each payer sum exactly to what that payer paid;
/// - the parts of each share sum exactly to that share;
/// - every part is zero or more, and within one minor unit of exact proportion to what is left.
///
/// **Rule (sequential largest remainder).** Each payer but the last, in turn, takes of every
/// share still unassigned the proportion `paid / still unpaid`, rounded by largest remainder
/// (``Apportion``, which uses ``LargestRemainder``: ties to the earlier share in member-id
/// order); the last payer takes what remains. A part never
/// exceeds what remains of its share, so none is negative.
///
/// A share marked paid is repaid to the payers by these parts, so a k-payer expense has the
/// same balances as its k parts recorded as single-payer expenses.
public enum PayerParts {
    /// One payer's part of an expense.
    public struct Part: Hashable, Sendable {
        public let payer: ExpensePayer
        /// This payer's part of each share: the positive ones, and, in the first part only,
        /// the members whose whole share is zero, so that each member appears somewhere.
        public let splits: [ExpenseSplit]
    }

    /// The parts of `expense`, one per payer, in member-id order, each listing its splits in
    /// member-id order. A single payer's part is the expense's own splits, as listed.
    public static func parts(of expense: Expense) -> [Part] {
        let payers = expense.payers.sorted { $0.memberID < $1.memberID }
        guard payers.count > 1 else {
            return payers.map { Part(payer: $0, splits: expense.splits) }
        }
        // Shares in member-id order too: ties go to the earlier share, and every device, the
        // store and the server must break them the same way however the splits were listed.
        let shares = expense.splits.sorted { $0.memberID < $1.memberID }
        let grid = matrix(payers: payers.map(\.amount), shares: shares.map(\.amount))
        return payers.enumerated().map { row, payer in
            let splits = shares.enumerated().compactMap { column, split -> ExpenseSplit? in
                let part = grid[row][column]
                guard part > 0 || (split.amount == 0 && row == 0) else { return nil }
                return ExpenseSplit(memberID: split.memberID, amount: part, isPaid: split.isPaid)
            }
            return Part(payer: payer, splits: splits)
        }
    }

    /// `expense` as single-payer expenses, for a server that knows one payer per expense:
    /// itself when one member paid it all, else one per part, each with the expense's fields.
    /// The first keeps the expense's id; part `i` (from the second) takes `ids[i - 1]` when
    /// given, else the expense's id too.
    public static func singlePayerExpenses(of expense: Expense, ids: [ExpenseID] = []) -> [Expense] {
        guard expense.soloPayer == nil else { return [expense] }
        return parts(of: expense).enumerated().map { index, part in
            let id = index == 0 || ids.count < index ? expense.id : ids[index - 1]
            return Expense(id: id, description: expense.description,
                           amount: Money(minorUnits: part.payer.amount, currency: expense.amount.currency),
                           category: expense.category, paidBy: part.payer.memberID, date: expense.date, note: expense.note,
                           splits: part.splits, createdAt: expense.createdAt)
        }
    }

    /// `result[i][j]`: payer `i`'s part of share `j`. Requires positive `payers` and
    /// non-negative `shares` with equal sums (a valid expense).
    public static func matrix(payers: [Int64], shares: [Int64]) -> [[Int64]] {
        var left = shares.map { Int128($0) }
        var unpaid = payers.reduce(Int128(0)) { $0 + Int128($1) }
        var result: [[Int64]] = []
        result.reserveCapacity(payers.count)
        for (index, paid) in payers.enumerated() {
            let row: [Int128]
            if index == payers.count - 1 || unpaid <= 0 {
                row = left
            } else {
                // Each value paid × left / unpaid ≤ left, and they total exactly `paid`.
                row = Apportion.round(left.map { $0 * Int128(paid) }, over: unpaid) ?? left
            }
            for column in left.indices { left[column] -= row[column] }
            unpaid -= Int128(paid)
            result.append(row.map { Int64(clamping: $0) })
        }
        return result
    }
}
