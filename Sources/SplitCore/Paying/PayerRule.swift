/// How an expense's payment is divided among the members who paid it.
public enum PayerRule: Hashable, Sendable {
    /// These members paid equal parts (`--paid-by Ann,Ben`); one member paid it all.
    case equal([MemberID])
    /// Exact minor-unit parts (`--paid-by Ann=3000,Ben=2000`); they must sum to the amount.
    case exact([MemberAmount])
}

extension PayerRule {
    /// The same members and parts as a ``SplitRule`` (`equal` or `exact`): the one form in
    /// which a recurring rule's payers are stored, sent and read back.
    public var splitRule: SplitRule {
        switch self {
        case .equal(let members): .equal(members)
        case .exact(let parts): .exact(parts)
        }
    }
}
