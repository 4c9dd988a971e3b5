/// A typed identifier: a lower-case UUID string tagged with the kind of thing it names.
///
/// The tag keeps a `MemberID` from being passed where an `ExpenseID` is expected. The core never
/// makes ids itself; the store or the caller generates them and passes them in.
public struct EntityID<Tag>: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let rawValue: String

    /// Lower-cases `rawValue`; ids read back from storage are lower-case already and are kept
    /// as they are, without a copy (exports read hundreds of thousands of them).
    public init(_ rawValue: String) {
        self.rawValue = rawValue.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? rawValue.lowercased() : rawValue
    }

    public var description: String { rawValue }

    /// The first 8 characters, as shown in tables.
    public var short: String { String(rawValue.prefix(8)) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

public enum TripTag {}
public enum MemberTag {}
public enum ExpenseTag {}
public enum PaymentTag {}

public typealias TripID = EntityID<TripTag>
public typealias MemberID = EntityID<MemberTag>
public typealias ExpenseID = EntityID<ExpenseTag>
public typealias PaymentID = EntityID<PaymentTag>
public enum RecurringRuleTag {}

/// A recurring expense's rule (`split recurring add`).
public typealias RecurringRuleID = EntityID<RecurringRuleTag>

public enum ExchangeTag {}
/// A currency exchange (``CurrencyExchange``), and the settle step that groups several.
public typealias ExchangeID = EntityID<ExchangeTag>
