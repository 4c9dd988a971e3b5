import SplitCore

extension CommandContext {
    /// The line for stderr when server items of `trip` are held, or nil: the figures that
    /// follow leave them out, and the person should know why they may differ from another app's.
    func heldItemsWarning(_ trip: TripID) throws -> String? {
        let held = try backend.heldCount(trip)
        guard held > 0 else { return nil }
        return "warning: \(held) item\(held == 1 ? "" : "s") from the server \(held == 1 ? "is" : "are") held "
            + "and left out of these figures; see split conflicts"
    }
}
