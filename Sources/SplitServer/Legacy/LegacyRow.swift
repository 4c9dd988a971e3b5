import Foundation
import SplitCore

/// One row of `GET /api/groups/:gid/expenses`: an expense one member paid, or one payer's part
/// of an expense several members paid.
///
/// Clients that know only `paidByMemberId` (the iOS app, any client of the Node server) read
/// each row as a single-payer expense. An expense k members paid is therefore listed as k
/// rows, the parts of ``PayerParts/parts(of:)``: row i is paid by payer i for the amount they
/// paid, and its splits are each member's part of their share that payer i paid for. Computing
/// balances the Node way over the rows (the payer paid the row's amount, each member owes their
/// split, a paid split was repaid to the row's payer) then gives exactly what
/// ``BalanceCalculator`` gives for the expense, which counts it by the same parts.
struct LegacyRow: Sendable, Equatable {
    /// The expense's id, or for a part the payer's row id (the lead payer's is the expense's id).
    let id: UUID
    /// Minor units: the expense's amount, or what this row's payer paid.
    let amount: Int64
    let paidBy: UUID
    /// The member's real split id and paid state, with this part's amount.
    let splits: [SplitRecord]
    /// The expense a part belongs to; nil for an expense one member paid.
    let partOf: UUID?

    /// The rows of `expense`: itself when one member paid it, else one per payer in member-id
    /// order, adjacent, the lead payer's (whose id is the expense's) first.
    static func rows(of expense: ExpenseRecord) -> [LegacyRow] {
        guard expense.hasSeveralPayers else {
            return [LegacyRow(id: expense.id, amount: expense.amount.minorUnits, paidBy: expense.paidBy,
                              splits: expense.splits, partOf: nil)]
        }
        var rowIDs: [MemberID: UUID] = [:]
        for payer in expense.payers { rowIDs[ExpenseRecord.member(payer.memberID)] = payer.rowID }
        return PayerParts.parts(of: expense.domain).map { part in
            var amounts: [MemberID: Int64] = [:]
            for split in part.splits { amounts[split.memberID] = split.amount }
            // The listing's own order of splits (by member name), each with this part's amount.
            let splits = expense.splits.compactMap { split -> SplitRecord? in
                guard let amount = amounts[ExpenseRecord.member(split.memberID)] else { return nil }
                return SplitRecord(id: split.id, memberID: split.memberID, amount: amount, isPaid: split.isPaid)
            }
            let payer = expense.payers.first { ExpenseRecord.member($0.memberID) == part.payer.memberID }
            return LegacyRow(id: rowIDs[part.payer.memberID] ?? expense.id, amount: part.payer.amount,
                             paidBy: payer?.memberID ?? expense.paidBy, splits: splits, partOf: expense.id)
        }
    }
}
