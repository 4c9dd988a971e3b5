import SplitCore

/// What a person is told when an itemized bill goes to a linked trip: neither server stores
/// items yet, so other devices see the shares, and only this one the items.
enum ItemsNote {
    static let text = "split: the items stay on this device; the cloud trip gets each member's share, "
        + "which is what other devices show"

    /// Says it when `rules` hold an itemized bill and the trip is linked (one read of the link,
    /// only then).
    static func say(for rules: some Collection<SplitRule>, trip: TripID, context: CommandContext) throws {
        guard rules.contains(where: { if case .itemized = $0 { true } else { false } }),
              try context.syncStore.link(trip) != nil else { return }
        context.output.note(text)
    }
}
