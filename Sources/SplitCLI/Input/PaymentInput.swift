import SplitCore

/// Checks of a payment typed on the command line, beyond SplitCore's payment rule (which the
/// store's writer applies): what `pay` and `payment edit` say in the user's own names.
enum PaymentInput {
    /// Refuses a payment from a member to themselves, naming them (SplitCore's rule would
    /// only say that two members are needed).
    static func checkTwoMembers(_ from: MemberID, _ to: MemberID, _ directory: MemberDirectory) throws {
        guard from != to else {
            throw CLIError.data("\(directory.name(of: from)) cannot pay themselves; name two different members")
        }
    }
}
