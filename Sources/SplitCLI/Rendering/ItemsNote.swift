import SplitCore

/// What a person is told when an itemized bill goes to a linked trip: neither server stores
/// items yet, so other devices see the shares, and only this one the items.
enum ItemsNote {
    static let text = "split: the items stay on this device; the cloud trip gets each member's share, "
        + "which is what other devices show"

    /// Says it when `rules` hold an itemized bill and the write queued the change for a server
    /// (the backend's ``WriteJournal``, so no read of the link: the command stays at two
    /// transactions).
    static func say(for rules: some Collection<SplitRule>, trip: TripID, context: CommandContext) {
        guard rules.contains(where: { if case .itemized = $0 { true } else { false } }),
              context.backend.journal.queued.contains(where: { $0.trip == trip }) else { return }
        context.output.note(text)
    }
}
