import SplitCore

/// What a person is told when the expense just stored repeats one added minutes before
/// (``SplitCore/RepeatRule``): the earlier one's id, and how to take the new one back.
enum RepeatNote {
    static func text(earlier: Expense, now: Timestamp) -> String {
        let minutes = (now.millisecondsSince1970 - (earlier.createdAt?.millisecondsSince1970 ?? now.millisecondsSince1970)) / 60_000
        let ago = minutes < 1 ? "less than a minute ago" : minutes == 1 ? "a minute ago" : "\(minutes) minutes ago"
        return "split: note: this repeats expense \(earlier.id.short) ('\(earlier.description)' \(earlier.amount) "
            + "on \(earlier.date)), added \(ago); if it was added twice by mistake, remove this one with: split undo"
    }
}
