import SplitCloud
import SplitCore
import SplitStore

/// Members: every local member, the uploader included (the owner of a group is not one of
/// its members), matched by the id map, else by name (``LostCreateMatcher``), each server
/// member claimed once, else created.
extension UploadRun {
    func syncMembers() async throws {
        let server = try await readMembers()
        let present = Set(server.map(\.id))
        let claimed = Set(mapping.entries(.member).values.map(MemberID.init)).intersection(present)
        var matcher = LostCreateMatcher(server.filter { !claimed.contains($0.id) }.map { (ItemFingerprint($0), $0.id) })
        var found: [UploadMapEntry] = []
        var missing: [Member] = []
        var unmapped: [Member] = []
        for member in snapshot.members {
            if let mapped = serverMember(member.id), present.contains(mapped) {
                report.members.matched += 1
            } else {
                unmapped.append(member)
            }
        }
        let claims = matcher.claim(unmapped.map { ItemFingerprint($0) }, keysReplay: capabilities.has(.idempotency))
        for (member, match) in zip(unmapped, claims) {
            if let match {
                found.append(UploadMapEntry(.member, member.id.rawValue, match.rawValue))
                report.members.matched += 1
            } else {
                missing.append(member)
            }
        }
        try remember(found)
        if options.dryRun {
            report.members.created = missing.count
            return
        }
        let group = groupID
        for (index, member) in missing.enumerated() {
            let key = UploadKeys.key("member", group: group, local: member.id.rawValue, content: member.name)
            let created = try await client.addMember(group: group, name: member.name, key: key)
            try remember([UploadMapEntry(.member, member.id.rawValue, created.id.rawValue)])
            lastMembers?.append(created)
            report.members.created += 1
            progress(UploadProgress(phase: .members, done: index + 1, total: missing.count))
        }
    }
}
