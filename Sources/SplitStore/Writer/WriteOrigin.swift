/// Where a change to a trip comes from. It decides what ``TripWriter`` does beside the rows.
///
/// | origin | checks the rules | queues for the server | logs with its undo |
/// |---|---|---|---|
/// | `command` | yes | on a linked trip | yes |
/// | `undo` | no (it restores what was valid) | on a linked trip | no: the entry is marked undone |
/// | `importing` | yes | no: the import queues what is new once, at its end | no: one line for the import |
/// | `pulled` | no: ``SplitCore/ForeignReading`` read it | no | no |
/// | `merge` | no: a merged or resolved version of a synced item | no: the sync planner decides what goes | no |
/// | `rekey` | no: the rows only move to the server's ids | no | no |
enum WriteOrigin: Sendable, Equatable {
    case command
    case undo
    case importing
    case pulled
    case merge
    case rekey

    /// Whether SplitCore's rules are checked here.
    var validates: Bool { self == .command || self == .importing }
    /// Whether the change goes to the outbox of a linked trip.
    var queues: Bool { self == .command || self == .undo }
    /// Whether the change gets its own activity entry.
    var logs: Bool { self == .command }
    /// Whether rows go for good rather than soft-deleted: undo removes what the change it
    /// reverts added, leaving no trace.
    var purges: Bool { self == .undo }
}
