import SplitCore
import SplitJSON
import SplitSync

/// What `split upload` did, or with `--dry-run` would do, as text or JSON.
///
/// Text ends with the cloud trip's id and "verified", or the differences found:
/// ```
/// Uploaded Tokyo Trip to http://127.0.0.1:3012 (from-local): 4 members, 200 expenses, 3 payments.
/// Cloud trip 5f0c2a9e-...: verified (the server's balances equal the local ones).
/// ```
struct UploadReportView: CommandResult {
    let report: UploadReport
    /// After a verified upload: the line that says the trip is now linked.
    var linkedNote: String?

    var notes: [String] { linkedNote.map { [$0] } ?? [] }

    /// The server's balances differ from the local ones: the report is printed, then the
    /// command fails (exit 70); the upload itself is complete.
    var failure: (any Error)? {
        guard let verification = report.verification, !verification.verified else { return nil }
        return CLIError("the server's balances differ from the local ones (listed above); the upload itself is complete",
                        kind: .unverified)
    }

    var lines: [String] {
        var lines = report.warnings.map { "Note: \($0)." }
        lines.append(summary)
        guard let verification = report.verification else { return lines + ["Dry run: nothing was sent."] }
        let id = report.groupID?.rawValue ?? "?"
        if verification.verified { return lines + ["Cloud trip \(id): verified (the server's balances equal the local ones)."] }
        lines.append("Cloud trip \(id): NOT verified; the server differs from the local trip:")
        for difference in verification.differences {
            lines.append("  \(difference.member) in \(difference.currency.code): local "
                         + "\(Amounts.signed(difference.local, difference.currency)), server "
                         + "\(Amounts.signed(difference.server, difference.currency))")
        }
        if verification.missing > 0 { lines.append("  \(count(verification.missing, "uploaded item")) missing on the server") }
        if verification.extra > 0 {
            lines.append("  \(count(verification.extra, "expense or payment", plural: "expenses or payments")) on the server "
                         + "not in the local trip (added in the cloud, or deleted here since)")
        }
        return lines
    }

    private var summary: String {
        let target = "\(report.groupName) to \(report.server)"
        let created = createdList
        if report.dryRun {
            guard report.existed else { return "Would upload \(target) as a new cloud trip (\(report.path.rawValue)): \(created)." }
            return report.nothingNew
                ? "Nothing new to upload: \(report.groupName) is on \(report.server) with \(report.onServer)."
                : "Would add to cloud trip \(report.groupID?.rawValue ?? "?") on \(report.server): \(created)."
        }
        if report.nothingNew { return "Nothing new to upload: \(report.groupName) is on \(report.server) with \(report.onServer)." }
        guard report.existed else { return "Uploaded \(target) (\(report.path.rawValue)): \(created)." }
        return "Uploaded to \(report.groupName) on \(report.server): \(created) (now \(report.onServer))."
    }

    /// `4 members, 200 expenses, 3 payments (as expenses), 17 paid flags`, leaving out zeros
    /// except expenses.
    private var createdList: String {
        var parts: [String] = []
        if report.members.created > 0 { parts.append(count(report.members.created, "member")) }
        parts.append(count(report.expenses.created, "expense"))
        if report.payments.created > 0 {
            parts.append(count(report.payments.created, "payment") + (report.paymentsAsExpenses ? " (as expenses)" : ""))
        }
        if report.paidFlags.created > 0 { parts.append(count(report.paidFlags.created, "paid flag")) }
        return parts.joined(separator: ", ")
    }

    private func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    var json: JSONValue {
        func tally(_ tally: UploadTally) -> JSONValue {
            .object(["created": .int(tally.created), "matched": .int(tally.matched), "total": .int(tally.total)])
        }
        let verification = report.verification
        return .object([
            "server": .string(report.server),
            "localTrip": JSONRendering.trip(report.localTrip),
            "groupId": JSONRendering.string(report.groupID?.rawValue),
            "groupName": .string(report.groupName),
            "path": .string(report.path.rawValue),
            "resumed": .bool(report.existed),
            "dryRun": .bool(report.dryRun),
            "nothingNew": .bool(report.nothingNew),
            "members": tally(report.members),
            "expenses": tally(report.expenses),
            "payments": tally(report.payments),
            "paymentsAsExpenses": .bool(report.paymentsAsExpenses),
            "paidFlags": tally(report.paidFlags),
            "requests": .int(report.requests),
            "verified": verification.map { .bool($0.verified) } ?? .null,
            "differences": .array((verification?.differences ?? []).map { difference in
                .object([
                    "member": .string(difference.member),
                    "currency": .string(difference.currency.code),
                    "local": JSONRendering.amount(difference.local, difference.currency),
                    "server": JSONRendering.amount(difference.server, difference.currency),
                ])
            }),
            "missing": .int(verification?.missing ?? 0),
            "extra": .int(verification?.extra ?? 0),
            "warnings": .array(report.warnings.map { .string($0) }),
        ])
    }
}
