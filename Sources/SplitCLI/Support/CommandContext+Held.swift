import SplitCore

extension CommandContext {
    /// The line for stderr when server items of the command's trip are held, or nil: the
    /// figures that follow leave them out, and the person should know why they may differ from
    /// another app's. Counted in the scope's read (``SplitStore/TripScope/held``).
    func heldItemsWarning() async throws -> String? {
        let held = try await scope().held
        guard held > 0 else { return nil }
        return "warning: \(held) item\(held == 1 ? "" : "s") from the server \(held == 1 ? "is" : "are") held "
            + "and left out of these figures; see split conflicts"
    }
}
