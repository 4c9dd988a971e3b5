/// Who a report speaks to (`--for`): `me` writes your transfers as "You pay Chen ¥4,000" and
/// marks you "(you)"; `everyone` writes every line in the third person ("Bea pays Alex
/// ¥9,000"), which is right for a page or a message the whole group reads.
public enum ReportAudience: String, CaseIterable, Sendable {
    case everyone, me

    /// The audience when none is given: what is made to be sent (``ReportFormat/isForSending``)
    /// speaks to everyone, what you read yourself speaks to you.
    public static func standard(for format: ReportFormat) -> ReportAudience {
        format.isForSending ? .everyone : .me
    }
}
