import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// Serialized `GET /api/groups/:gid/expenses` bodies, keyed by group and revision.
///
/// Every write to a group's expenses bumps its revision in the same transaction, so an entry
/// is either current or never matched again. Bounded by total size; the oldest entries go first.
final class ExpenseListCache: Sendable {
    private struct Entry {
        let revision: Int64
        let body: ByteBuffer
        let order: UInt64
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        var bytes = 0
        var counter: UInt64 = 0
    }

    private let state = NIOLockedValueBox(State())
    let maxBytes: Int

    init(maxBytes: Int = 64 << 20) {
        self.maxBytes = maxBytes
    }

    func body(group: UUID, revision: Int64) -> ByteBuffer? {
        state.withLockedValue { state in
            guard let entry = state.entries[group], entry.revision == revision else { return nil }
            return entry.body
        }
    }

    func store(_ body: ByteBuffer, group: UUID, revision: Int64) {
        guard body.readableBytes <= maxBytes / 4 else { return }
        state.withLockedValue { state in
            if let old = state.entries[group] {
                guard old.revision <= revision else { return }
                state.bytes -= old.body.readableBytes
            }
            state.counter += 1
            state.entries[group] = Entry(revision: revision, body: body, order: state.counter)
            state.bytes += body.readableBytes
            while state.bytes > maxBytes, let oldest = state.entries.min(by: { $0.value.order < $1.value.order }) {
                state.bytes -= oldest.value.body.readableBytes
                state.entries[oldest.key] = nil
            }
        }
    }
}
