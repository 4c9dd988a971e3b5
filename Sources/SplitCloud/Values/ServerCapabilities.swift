import SplitCore

/// What a server offers beyond the Node server's API, learnt from `GET /health`.
///
/// split-server lists its extensions in `/health` as `"features": [...]`; the Node server's
/// `/health` has no such key, so a server without it is treated as the Node server: no
/// extensions, and only the currencies its schema allows. `/health` is outside the Node
/// server's `/api` and `/auth` rate limits, so probing it costs no budget.
public struct ServerCapabilities: Hashable, Sendable {
    /// The extension names split-server advertises.
    public enum Feature: String, CaseIterable, Sendable {
        case idempotency
        case expenseEdit = "expense-edit"
        case payments
        case balances
        case fromLocal = "from-local"
        case memberEdit = "member-edit"
        case invites
        /// The change feed, the sync batch and client-chosen ids (offline-first linked trips).
        case sync
        /// Expenses several members paid, stored as one expense with `payers`. A server without
        /// it (the Node server, an older split-server) takes one single-payer expense per payer.
        case payers
        /// Member claims: an account says which member of a trip it is (`PUT …/members/:mid/claim`,
        /// `memberName` on a join), and members carry the claiming account's `userId`.
        case claims
        /// Account preferences (`/api/preferences`) that follow the account to every device.
        case preferences
        /// Every ISO 4217 code `split` takes locally (SplitCore's ``CurrencyTable``), amounts
        /// exact to three decimals. A split-server without it stores only the iOS app's 20.
        case currencies
        /// Read-only links (`split share`): `…/share` and the page at `/s/{token}`.
        case shareLinks = "share-links"
        /// How each expense's split was given (`splitGiven`: shares, percentages, items…),
        /// stored and checked beside its splits.
        case splitGiven = "split-given"
        /// Recurring rules in the sync feed and batch; without it a rule stays on its device.
        case recurring
        /// A group's own categories (`setCategories`, `categories` in the feed); expenses may
        /// name them. Without it a category of the trip's own travels as Other.
        case categories
        /// Currency exchanges of `settle --record --in`, one settle step per item: in the feed,
        /// the sync batch (`recordExchanges`, `removeExchanges`) and the balances.
        case conversions
        /// The day a member moved out (`leftOn` on members, the `setDeparture` op). Without it
        /// the day stays on the device that set it.
        case departures
    }

    public let features: Set<Feature>
    /// True when `/health` carried a feature list at all (split-server), false for the Node server.
    public let isSplitServer: Bool

    public init(features: Set<Feature>, isSplitServer: Bool) {
        self.features = features
        self.isSplitServer = isSplitServer
    }

    /// The Node server: none of the extensions.
    public static let node = ServerCapabilities(features: [], isSplitServer: false)

    public func has(_ feature: Feature) -> Bool { features.contains(feature) }

    /// What this server can hold of a trip, by its features; for the Node server, which has
    /// none, ``ServerLimits/node``. Currencies: every code SplitCore knows with
    /// ``Feature/currencies``, else the iOS app's 20 on split-server and the Node server's 4 on
    /// the Node server. Notes on expenses, rates and trip names go through the sync feed
    /// (``Feature/sync``), notes on payments with ``Feature/payments``, member renames and
    /// removals with ``Feature/memberEdit``.
    public var limits: ServerLimits {
        ServerLimits(currencies: has(.currencies) ? nil : isSplitServer ? CurrencyTable.appCurrencies : ServerLimits.node.currencies,
                     expenseNotes: has(.sync), paymentNotes: has(.payments), renamesMembers: has(.memberEdit),
                     removesMembers: has(.memberEdit), storesRates: has(.sync), renamesTrips: has(.sync),
                     keepsSplitGiven: has(.splitGiven), storesCategories: has(.categories))
    }

    /// Currency codes this server stores, in a stable order (``ServerLimits/currencyCodes``).
    public var currencies: [String] { limits.currencyCodes }

    /// Whether this server stores amounts in `currency`: the one answer every check before
    /// sending asks (``currencies`` lists them for a refusal's message).
    public func accepts(_ currency: Currency) -> Bool { limits.accepts(currency) }
}
