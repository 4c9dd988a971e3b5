import SplitCore

/// The upload map's key for one payer's part of a local expense several members paid, sent to
/// a server that knows one payer per expense: `EXPENSE#PAYER`. Written by the upload, read
/// back when the uploaded trip is linked; one format, kept here.
public enum PayerPartKey {
    static func make(_ expense: ExpenseID, payer: MemberID) -> String { "\(expense.rawValue)#\(payer.rawValue)" }

    /// The expense and payer a key names, or nil for a key of a whole item.
    public static func parse(_ key: String) -> (expense: ExpenseID, payer: MemberID)? {
        let pieces = key.split(separator: "#", maxSplits: 1).map(String.init)
        guard pieces.count == 2 else { return nil }
        return (ExpenseID(pieces[0]), MemberID(pieces[1]))
    }
}
