import SplitCloud
import SplitCore
import SplitStore

/// Uploads a local trip to a cloud server: split-server or the Node budget_splitter_web server.
///
/// ## The protocol
///
/// 1. **Check everything first.** The server's extensions come from `/health`; every
///    currency, amount and name is checked against what that server accepts
///    (``UploadValidation``) before the first write, so a refused trip creates nothing.
/// 2. **Find the group.** The id map (`upload_map` in the local store, per server and account)
///    names the group of an earlier run. If it has none, `GET /api/groups` is searched for
///    the marker each upload writes into its group's description (``UploadMarker``): a group
///    whose creation answer was lost is found again, never created twice.
/// 3. **A new group** goes up in one atomic `POST /api/groups/from-local` when the server has
///    it (members, expenses, splits and paid states; the answer maps every id). Otherwise,
///    or when the server answers 404 or 413, the group is created alone.
/// 4. **Step by step** (a server without from-local, and every resumed or repeated upload):
///    read what the group holds, then match before creating anything:
///    - members by the id map, else by name (case-insensitive), else created;
///    - expenses by the id map, else by content (``ExpenseFingerprint``: description, amount,
///      currency, category, payers, date and shares), each server expense claimed at most once
///      (``LostCreateMatcher``), else created;
///    - payments likewise on split-server; on a server without payments each one becomes an
///      expense (``PaymentAsExpense``), which leaves every balance the same;
///    - then the expenses are read back for their split ids, and each share whose paid state
///      differs is set with a `PATCH` (skipped for a share that was confirmed before and
///      changed on the server since: that is someone else's change).
/// 5. **Verify**: the group is read back and its balances, computed by SplitCore and mapped
///    to local members, are compared with the local ones, member by member and currency by
///    currency (``UploadVerification``).
///
/// Every mapping is written to the store the moment the server confirms it. Every POST
/// carries a deterministic `Idempotency-Key` (``UploadKeys``), so split-server replays instead
/// of duplicating when a retry or a later run repeats a request whose answer was lost; the
/// Node server ignores keys, and the matching in step 4 does the same work. A run stopped at
/// any point (killed, connection dropped, server restarted) therefore resumes on the next run
/// with no duplicates and nothing missing. Local trips are only read; only the id map changes.
public struct Uploader: Sendable {
    public let client: CloudClient
    public let store: LocalBackend
    /// The account's user id on the server, under which the id map is kept; nil to ask the
    /// server once (`GET /auth/me`) at the start of the run.
    public let account: String?
    let now: @Sendable () -> Timestamp
    let progress: @Sendable (UploadProgress) -> Void

    public init(client: CloudClient, store: LocalBackend, account: String?, now: @escaping @Sendable () -> Timestamp,
                progress: @escaping @Sendable (UploadProgress) -> Void = { _ in }) {
        self.client = client
        self.store = store
        self.account = account
        self.now = now
        self.progress = progress
    }

    /// Uploads (or resumes uploading) `snapshot`'s trip and verifies the result.
    public func upload(_ snapshot: LocalTripSnapshot, options: UploadOptions = UploadOptions())
        async throws(UploadError) -> UploadReport {
        let run = UploadRun(uploader: self, snapshot: snapshot, options: options)
        do {
            return try await run.execute()
        } catch {
            throw UploadError.interrupted(error, uploaded: run.report.onServer)
        }
    }
}
