import SplitCore

extension CommandContext {
    /// One line on stderr when server items of `trip` are held: the figures that follow
    /// leave them out, and the person should know why they may differ from another app's.
    func warnAboutHeldItems(_ trip: TripID) throws {
        let held = try syncStore.heldCount(trip)
        guard held > 0 else { return }
        output.note("warning: \(held) item\(held == 1 ? "" : "s") from the server \(held == 1 ? "is" : "are") held "
                    + "and left out of these figures; see split conflicts")
    }
}
