import NIOConcurrencyHelpers
import SplitAPI

/// A stand-in for the generated client, for tests of CloudClient's mapping where a real server
/// is not the point (a server cannot be made to send an inexact amount or an undocumented
/// status on demand). Answers `listExpenses` and `createExpense` with canned outputs and
/// records what it was sent; `/health` is split-server's; every other operation fails.
final class StandInAPI: APIProtocol {
    struct Unused: Error { let operation: String }

    let expenses: Operations.ListExpenses.Output
    let created: Operations.CreateExpense.Output
    private let sent = NIOLockedValueBox([Operations.CreateExpense.Input]())

    init(expenses: Operations.ListExpenses.Output = .ok(.init(body: .json(.init(expenses: [])))),
         created: Operations.CreateExpense.Output = .undocumented(statusCode: 202, .init())) {
        self.expenses = expenses
        self.created = created
    }

    /// What `createExpense` received.
    var createInputs: [Operations.CreateExpense.Input] { sent.withLockedValue { $0 } }

    func listExpenses(_ input: Operations.ListExpenses.Input) async throws -> Operations.ListExpenses.Output { expenses }

    func createExpense(_ input: Operations.CreateExpense.Input) async throws -> Operations.CreateExpense.Output {
        sent.withLockedValue { $0.append(input) }
        return created
    }

    /// split-server's `/health`, with idempotency.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: "ok", mode: "vps", port: "3012", timestamp: "2025-01-20T00:00:00.000Z",
                                    features: ["idempotency"]))))
    }
    func ping(_ input: Operations.Ping.Input) async throws -> Operations.Ping.Output { throw Unused(operation: "ping") }
    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output { throw Unused(operation: "getReadiness") }
    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output { throw Unused(operation: "register") }
    func login(_ input: Operations.Login.Input) async throws -> Operations.Login.Output { throw Unused(operation: "login") }
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output { throw Unused(operation: "getMe") }
    func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output { throw Unused(operation: "logout") }
    func listGroups(_ input: Operations.ListGroups.Input) async throws -> Operations.ListGroups.Output { throw Unused(operation: "listGroups") }
    func createGroup(_ input: Operations.CreateGroup.Input) async throws -> Operations.CreateGroup.Output { throw Unused(operation: "createGroup") }
    func createGroupFromLocal(_ input: Operations.CreateGroupFromLocal.Input) async throws -> Operations.CreateGroupFromLocal.Output { throw Unused(operation: "createGroupFromLocal") }
    func joinGroup(_ input: Operations.JoinGroup.Input) async throws -> Operations.JoinGroup.Output { throw Unused(operation: "joinGroup") }
    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output { throw Unused(operation: "listMembers") }
    func addMember(_ input: Operations.AddMember.Input) async throws -> Operations.AddMember.Output { throw Unused(operation: "addMember") }
    func renameMember(_ input: Operations.RenameMember.Input) async throws -> Operations.RenameMember.Output { throw Unused(operation: "renameMember") }
    func removeMember(_ input: Operations.RemoveMember.Input) async throws -> Operations.RemoveMember.Output { throw Unused(operation: "removeMember") }
    func getBalances(_ input: Operations.GetBalances.Input) async throws -> Operations.GetBalances.Output { throw Unused(operation: "getBalances") }
    func listPayments(_ input: Operations.ListPayments.Input) async throws -> Operations.ListPayments.Output { throw Unused(operation: "listPayments") }
    func createPayment(_ input: Operations.CreatePayment.Input) async throws -> Operations.CreatePayment.Output { throw Unused(operation: "createPayment") }
    func updateExpense(_ input: Operations.UpdateExpense.Input) async throws -> Operations.UpdateExpense.Output { throw Unused(operation: "updateExpense") }
    func deleteExpense(_ input: Operations.DeleteExpense.Input) async throws -> Operations.DeleteExpense.Output { throw Unused(operation: "deleteExpense") }
    func setSplitPaid(_ input: Operations.SetSplitPaid.Input) async throws -> Operations.SetSplitPaid.Output { throw Unused(operation: "setSplitPaid") }
    func getSplitHistory(_ input: Operations.GetSplitHistory.Input) async throws -> Operations.GetSplitHistory.Output { throw Unused(operation: "getSplitHistory") }
    func deleteGroup(_ input: Operations.DeleteGroup.Input) async throws -> Operations.DeleteGroup.Output { throw Unused(operation: "deleteGroup") }
    func updateGroup(_ input: Operations.UpdateGroup.Input) async throws -> Operations.UpdateGroup.Output { throw Unused(operation: "updateGroup") }
    func getChanges(_ input: Operations.GetChanges.Input) async throws -> Operations.GetChanges.Output { throw Unused(operation: "getChanges") }
    func syncGroup(_ input: Operations.SyncGroup.Input) async throws -> Operations.SyncGroup.Output { throw Unused(operation: "syncGroup") }
    func setRate(_ input: Operations.SetRate.Input) async throws -> Operations.SetRate.Output { throw Unused(operation: "setRate") }
    func deleteRate(_ input: Operations.DeleteRate.Input) async throws -> Operations.DeleteRate.Output { throw Unused(operation: "deleteRate") }
    func createShareLink(_ input: Operations.CreateShareLink.Input) async throws -> Operations.CreateShareLink.Output { throw Unused(operation: "createShareLink") }
    func getShareLink(_ input: Operations.GetShareLink.Input) async throws -> Operations.GetShareLink.Output { throw Unused(operation: "getShareLink") }
    func revokeShareLink(_ input: Operations.RevokeShareLink.Input) async throws -> Operations.RevokeShareLink.Output { throw Unused(operation: "revokeShareLink") }
    func getSharedPage(_ input: Operations.GetSharedPage.Input) async throws -> Operations.GetSharedPage.Output { throw Unused(operation: "getSharedPage") }
    func deletePayment(_ input: Operations.DeletePayment.Input) async throws -> Operations.DeletePayment.Output { throw Unused(operation: "deletePayment") }
    func claimMember(_ input: Operations.ClaimMember.Input) async throws -> Operations.ClaimMember.Output { throw Unused(operation: "claimMember") }
    func releaseClaim(_ input: Operations.ReleaseClaim.Input) async throws -> Operations.ReleaseClaim.Output { throw Unused(operation: "releaseClaim") }
    func getPreferences(_ input: Operations.GetPreferences.Input) async throws -> Operations.GetPreferences.Output { throw Unused(operation: "getPreferences") }
    func updatePreferences(_ input: Operations.UpdatePreferences.Input) async throws -> Operations.UpdatePreferences.Output { throw Unused(operation: "updatePreferences") }
}
