import SplitCore

/// What a person is told when an itemized bill goes to a trip linked to the Node server: it
/// stores only the shares, so other devices see those, and only this one the items.
/// split-server keeps the items with the expense, and says nothing is needed.
enum ItemsNote {
    static let text = "split: the Node server keeps only each member's share; the items stay on this device, "
        + "and other devices show the shares"

    /// The note when `rules` hold an itemized bill and the write queued the change for the
    /// Node server (the backend's ``WriteJournal``, so no read of the link: the command stays
    /// at two transactions); else nil.
    static func note(for rules: some Collection<SplitRule>, trip: TripID, context: CommandContext) -> String? {
        guard rules.contains(where: { if case .itemized = $0 { true } else { false } }),
              context.backend.journal.syncsBySnapshot(trip) else { return nil }
        return text
    }
}
