import SplitCore

/// What a person is told when an expense's split meets members who moved out
/// (`member leave`): named, they share it all the same; left out of "everyone", they are
/// named so the split is no surprise.
enum LeaveNote {
    /// The note for `expense`, or nil when nobody who left is concerned. `named` is whether
    /// the split was given (names typed) rather than "everyone".
    static func text(_ expense: Expense, directory: MemberDirectory, named: Bool) -> String? {
        let left = directory.members.filter { directory.hasLeft($0.id, by: expense.date) }
        guard !left.isEmpty else { return nil }
        let sharing = Set(expense.splits.map(\.memberID))
        let inSplit = left.filter { sharing.contains($0.id) }
        if named, !inSplit.isEmpty {
            return "split: " + describe(inSplit, directory) + " but \(inSplit.count == 1 ? "is" : "are") in this split, as named"
        }
        let outside = left.filter { !sharing.contains($0.id) }
        if !named, !outside.isEmpty {
            return "split: " + describe(outside, directory) + ", so \(outside.count == 1 ? "is" : "are") not in this split"
        }
        return nil
    }

    /// `Jonas moved out on 2025-01-10`, `Jonas and Kim moved out (on 2025-01-10, 2025-01-12)`.
    private static func describe(_ members: [Member], _ directory: MemberDirectory) -> String {
        members.map { "\($0.name) moved out on \(directory.departures[$0.id]!)" }.joined(separator: ", ")
    }
}
