/// What a server can hold of a trip, as one value: the currencies it stores, whether it keeps
/// notes, whether members can be renamed or removed, and whether it stores exchange rates and
/// trip names.
///
/// The Node budget_splitter_web server is the limited one (``node``): its schema allows four
/// currencies, it has no notes and no member edits, and it stores neither rates nor a trip's
/// new name. Every place that refuses or leaves out something for it reads this value: the
/// store's rules for a trip that syncs by snapshot, the client's checks before sending, and
/// what a refusal lists as accepted.
///
/// split-server's limits follow the features its `/health` lists (`ServerCapabilities.limits`
/// in SplitCloud): with all of them it holds everything `split` does.
public struct ServerLimits: Hashable, Sendable {
    /// The currency codes the server stores, in a stable order; nil for every code `split`
    /// knows (``CurrencyTable``).
    public var currencies: [String]?
    public var expenseNotes: Bool
    public var paymentNotes: Bool
    public var renamesMembers: Bool
    public var removesMembers: Bool
    /// Exchange rates: stored on the server, else kept on each device.
    public var storesRates: Bool
    /// A trip's new name: stored on the server, else kept on each device.
    public var renamesTrips: Bool
    /// How each expense's split was given (``Expense/splitGiven``, items too): stored on the
    /// server, else kept on the device that gave it, while the server holds the shares.
    public var keepsSplitGiven: Bool
    /// A trip's own categories (`split category`): stored on the server (split-server with
    /// `categories`), else an expense in one travels as Other (``SplitCore/Category/wireName``)
    /// and the device keeps the real one.
    public var storesCategories: Bool

    public init(currencies: [String]? = nil, expenseNotes: Bool = true, paymentNotes: Bool = true,
                renamesMembers: Bool = true, removesMembers: Bool = true, storesRates: Bool = true,
                renamesTrips: Bool = true, keepsSplitGiven: Bool = true, storesCategories: Bool = true) {
        self.storesCategories = storesCategories
        self.currencies = currencies
        self.expenseNotes = expenseNotes
        self.paymentNotes = paymentNotes
        self.renamesMembers = renamesMembers
        self.removesMembers = removesMembers
        self.storesRates = storesRates
        self.renamesTrips = renamesTrips
        self.keepsSplitGiven = keepsSplitGiven
    }

    /// The Node server: the four currencies of its CHECK constraint on `expenses.currency`,
    /// and none of the rest.
    public static let node = ServerLimits(currencies: ["JPY", "MYR", "SGD", "USD"], expenseNotes: false,
                                          paymentNotes: false, renamesMembers: false, removesMembers: false,
                                          storesRates: false, renamesTrips: false, keepsSplitGiven: false,
                                          storesCategories: false)

    /// Whether the server stores amounts in `currency`.
    public func accepts(_ currency: Currency) -> Bool {
        currencies?.contains(currency.code) ?? true
    }

    /// `value` as this server can hold it: without the split as given when it keeps none, so
    /// a device compares its own version with the server's on what both can hold.
    /// Likewise a category of the trip's own reads as Other where the server stores none.
    public func held(_ value: SyncValue) -> SyncValue {
        guard case .expense(var expense) = value else { return value }
        var changed = false
        if !keepsSplitGiven, expense.splitGiven != nil {
            expense.splitGiven = nil
            changed = true
        }
        if !storesCategories, !expense.category.isDefault {
            expense.category = .other
            changed = true
        }
        return changed ? .expense(expense) : value
    }

    /// The codes the server stores, for a refusal's "it accepts only …".
    public var currencyCodes: [String] {
        currencies ?? CurrencyTable.exponents.keys.sorted()
    }
}
