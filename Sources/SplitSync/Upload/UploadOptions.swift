/// What `split upload` was asked for.
public struct UploadOptions: Sendable {
    /// The cloud trip's name; default: the local trip's.
    public var name: String?
    /// Read what the server has and report what would be created; send no writes and record
    /// nothing.
    public var dryRun: Bool
    /// Go step by step even when the server offers from-local.
    public var stepByStep: Bool
    /// How many creating requests may be in flight at once; default 4 against a server that
    /// honours idempotency keys and 1 against one that does not (the Node server, which rate
    /// limits and cannot tell a retry from a new request).
    public var concurrency: Int?

    public init(name: String? = nil, dryRun: Bool = false, stepByStep: Bool = false, concurrency: Int? = nil) {
        self.name = name
        self.dryRun = dryRun
        self.stepByStep = stepByStep
        self.concurrency = concurrency
    }
}

/// How the trip went to the server in this run.
public enum UploadPath: String, Sendable {
    /// One atomic `POST /api/groups/from-local` (split-server).
    case fromLocal = "from-local"
    /// One request per group, member, expense, payment and paid flag; also every resumed or
    /// repeated upload, which adds to a group that exists.
    case stepByStep = "step-by-step"
}
