import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitStore
import SplitSync

/// `split upload`: copies a local trip to the cloud server this machine is logged in to, and
/// verifies it. Works in either mode: it reads the local database and talks to the server of
/// `split login` (or `SPLIT_SERVER` and `SPLIT_TOKEN`). The protocol is in ``Uploader``.
struct UploadCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload a local trip to the cloud server you are logged in to.",
        discussion: HelpText.reflow("""
        Uses the server's one-shot from-local upload when it has one (split-server),
        else one request per member, expense, payment and paid flag (the Node
        server). A stopped upload (dropped connection, killed process) resumes when
        run again, and nothing is sent twice; a later run sends only what was added
        locally since. It ends by comparing the server's balances with the local
        ones. On split-server the verified trip then stays linked to the cloud trip:
        later changes on either side sync (split sync, split status). Local data is
        otherwise unchanged.
        Exit codes: 0 uploaded and verified, 65 data the server refuses (nothing
        sent), 70 uploaded but the balances differ, 74 local database, 75 server
        unreachable (run again to resume), 76 unreadable answer, 77 log in again.
        Examples:
          split login --server http://127.0.0.1:3012 --email ann@example.com
          split upload --dry-run
          split upload --trip "Tokyo Trip" --name "Tokyo 2025"
        """)
    )

    @Option(help: ArgumentHelp("Name of the cloud trip when it is created (default: the local trip's name).", valueName: "name"))
    var name: String?

    @Flag(help: "Show what would be created, and send no changes.")
    var dryRun = false

    @Flag(name: .customLong("step-by-step"), help: "Send one request per item even when the server offers from-local.")
    var stepByStep = false

    @OptionGroup var global: GlobalOptions

    var output: Output { Output(json: global.json, io: CommandIO.current) }

    func result() async throws -> OneOf<UploadReportView, AlreadyUploaded> {
        let io = CommandIO.current
        let environment = io.environment
        let files = ConfigFiles(environment: environment)
        let local = LocalBackend(database: try SplitDatabase(path: DatabaseLocation.resolve(flag: global.db, io: io)))
        let trip = try await localTrip(local)
        // Uploaded already: nothing to do, as `git push` says when everything is up to date.
        if let link = try local.link(trip.id) {
            return .second(AlreadyUploaded(trip: trip, link: link, pending: try local.pendingCount(trip.id)))
        }
        let settings = try files.settings.load()
        let session = try CloudSession.resume(files: files, settings: settings, environment: environment)
        let bar = ProgressBar.forTerminal(json: global.json)
        let dependencies = Dependencies.of(io)
        let access = CloudAccess.make(files: files, settings: settings, environment: environment, dependencies: dependencies,
                                      output: output)
        let client = access.client(server: session.server, token: session.token, notice: { bar.note("split: \($0)") })
        // Only split-server with `conversions` holds currency exchanges: elsewhere an upload
        // would leave them, and the balances they settle, behind. They go up with the first
        // sync of the linked trip, one operation per settle step.
        if try await local.hasExchanges(trip: trip.id), try await !client.capabilities().has(.conversions) {
            throw CLIError("\(trip.name) holds currency exchanges (split conversions), which this server (\(session.server.url)) "
                           + "cannot hold; undo the settle --record --in step (split undo) to upload it", kind: .unavailable)
        }
        // The id map is kept under the account; for a token without a saved login the upload
        // asks the server once.
        let account = try access.savedAccountID(of: session)
        let snapshot = try await LocalTripSnapshot.load(from: local, trip: trip)
        let uploader = Uploader(client: client, store: local, account: account,
                                now: dependencies.clock.now, progress: bar.update)
        let report: UploadReport
        do {
            report = try await uploader.upload(snapshot, options: UploadOptions(name: name, dryRun: dryRun, stepByStep: stepByStep))
        } catch {
            bar.clear()
            throw error
        }
        bar.clear()
        var view = UploadReportView(report: report)
        if view.failure == nil, let group = report.groupID, !dryRun {
            try await UploadLinker(store: local, client: client, clock: dependencies.clock.now)
                .link(trip.id, group: group, account: account)
            view.linkedNote = "split: \(trip.name) is now linked: changes here and on the server sync (split status)"
        }
        return .first(view)
    }

    /// `--trip`, else the local current trip.
    private func localTrip(_ local: LocalBackend) async throws -> Trip {
        if let reference = global.trip { return try await local.trip(matching: reference) }
        if let current = try await local.currentTrip() { return current }
        let trips = try await local.trips()
        guard !trips.isEmpty else { throw CLIError("no local trip to upload; create one with: split trip create NAME", kind: .data) }
        throw CLIError("no current local trip; name one with --trip NAME (trips: "
                       + trips.map(\.trip.name).joined(separator: ", ") + ")", kind: .data)
    }
}
