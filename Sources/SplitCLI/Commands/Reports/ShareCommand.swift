import ArgumentParser
import SplitCloud
import SplitCore
import SplitSync
import SplitJSON

/// `split share`: a read-only link to a linked trip's report page, for friends without split.
///
/// The server keeps only a hash of the link's token and cannot show a link twice, so the link
/// this device made is kept in `share-links.json` (``SplitCloud/ShareLinkStore``), and printed
/// again while it still opens. A link made elsewhere cannot be printed here: revoking it and
/// sharing anew gives one.
struct ShareCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Print a read-only link to this linked trip's report, or revoke it (split-server only).",
        discussion: HelpText.reflow("""
        Anyone with the link sees the trip's report page (members, balances, the settle plan, \
        the expense list), live, without an account; no e-mail or account is shown. Any member \
        of the trip may share it and revoke it. A trip has one link at a time.
        Examples:
          split share
          split share --revoke
        """)
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Revoke the trip's link: it opens nothing from now on.")
    var revoke = false

    func run(_ context: CommandContext) async throws -> ShareLinkResult {
        let trip = try await context.trip()
        guard let link = try await context.scope().link else {
            throw CLIError("\(trip.name) is local only; link it first with: split upload", kind: .data)
        }
        let client = try context.sync.access.client(for: link)
        guard try await client.capabilities().has(.shareLinks) else {
            throw CLIError("the Node server has no read-only links; split share needs split-server", kind: .unavailable)
        }
        let store = context.files.shareLinks
        if revoke {
            let revoked = try await client.revokeShareLink(group: TripID(link.group))
            store.save(nil, server: client.server.url, group: link.group)
            return ShareLinkResult(trip: trip, key: "revoked", value: .bool(revoked),
                                   line: revoked ? "Revoked the read-only link of \(trip.name)." : "\(trip.name) has no read-only link.")
        }
        if let known = store.url(server: client.server.url, group: link.group) {
            let opens = try await client.shareLinkOpens(known)
            if opens { return ShareLinkResult(trip: trip, key: "url", value: .string(known), line: known) }
        }
        let url = try await Self.create(client, group: TripID(link.group), trip: trip)
        store.save(url, server: client.server.url, group: link.group)
        return ShareLinkResult(trip: trip, key: "url", value: .string(url), line: url)
    }

    /// A new link; a group that has one (made on another device) is refused in words.
    private static func create(_ client: CloudClient, group: TripID, trip: Trip) async throws -> String {
        do {
            return try await client.createShareLink(group: group)
        } catch {
            guard case .refused(409, _) = error else { throw error }
            throw CLIError("\(trip.name) already has a read-only link, made on another device, and the server keeps only "
                + "its hash; to make a new one: split share --revoke, then split share", kind: .data)
        }
    }
}
