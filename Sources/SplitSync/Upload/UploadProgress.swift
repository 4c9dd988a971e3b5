/// Progress of the creating part of an upload, reported after each confirmed request so a
/// terminal can show a bar with counts and an ETA.
public struct UploadProgress: Sendable, Equatable {
    public enum Phase: String, Sendable {
        case members
        case expenses
        case payments
        case paidFlags = "paid flags"
        case fromLocal = "from-local"
    }

    public let phase: Phase
    public let done: Int
    public let total: Int

    public init(phase: Phase, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}
