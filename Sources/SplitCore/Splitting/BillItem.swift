/// One line of an itemized bill: what it was, what it cost, and who shares it.
public struct BillItem: Hashable, Sendable {
    /// The longest item name split takes, in characters: a line of a receipt, not a note.
    public static let nameLimit = 100

    public let name: String
    /// In the bill's currency's minor units; more than zero.
    public let price: Int64
    /// Who shares it, equally; empty: everyone the bill is among (``ItemizedBill/among``).
    public let among: [MemberID]

    public init(name: String, price: Int64, among: [MemberID] = []) {
        self.name = name
        self.price = price
        self.among = among
    }
}

/// A tax, tip or discount on an itemized bill.
public enum BillExtra: Hashable, Sendable {
    /// A fixed amount in minor units, zero or more.
    case amount(Int64)
    /// A percentage of the items' subtotal, in millionths of a percent (as
    /// ``SplitRule/percent(_:)``): `8.875%` is `8_875_000`.
    case percent(Int64)
    /// The tip only: the expense's amount minus everything else, so a total from the receipt
    /// fixes the tip.
    case rest
}
