import SplitCore

/// What an upload did (or, for a dry run, would do).
public struct UploadReport: Sendable {
    public let server: String
    public let localTrip: Trip
    /// The cloud trip; nil only for a dry run that would create it.
    public var groupID: TripID?
    public var groupName: String
    public var path: UploadPath
    /// True when the group was on the server before this run (a resumed or repeated upload).
    public var existed = false
    public var dryRun: Bool
    public var members = UploadTally()
    public var expenses = UploadTally()
    public var payments = UploadTally()
    /// Paid states set on the server after the expense was stored (from-local and
    /// split-server store them with the expense; the Node server needs one PATCH each).
    public var paidFlags = UploadTally()
    /// HTTP requests sent, retries included.
    public var requests = 0
    /// True when payments went up as expenses (the server has no payments).
    public var paymentsAsExpenses = false
    /// nil for a dry run.
    public var verification: UploadVerification?
    public var warnings: [String]

    public init(server: String, localTrip: Trip, groupName: String, path: UploadPath, dryRun: Bool, warnings: [String] = []) {
        self.server = server
        self.localTrip = localTrip
        self.groupName = groupName
        self.path = path
        self.dryRun = dryRun
        self.warnings = warnings
    }

    /// Nothing was (or would be) created: everything was uploaded before.
    public var nothingNew: Bool {
        existed && [members, expenses, payments, paidFlags].allSatisfy { $0.created == 0 }
    }

    /// `4 of 4 members, 120 of 200 expenses, 0 of 3 payments`: what the server holds.
    public var onServer: String {
        var parts = ["\(members.onServer) of \(members.total) members", "\(expenses.onServer) of \(expenses.total) expenses"]
        if payments.total > 0 { parts.append("\(payments.onServer) of \(payments.total) payments") }
        return parts.joined(separator: ", ")
    }
}
