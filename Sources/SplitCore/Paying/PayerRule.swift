/// How an expense's payment is divided among the members who paid it.
public enum PayerRule: Hashable, Sendable {
    /// These members paid equal parts (`--paid-by Ann,Ben`); one member paid it all.
    case equal([MemberID])
    /// Exact minor-unit parts (`--paid-by Ann=3000,Ben=2000`); they must sum to the amount.
    case exact([MemberAmount])
}
