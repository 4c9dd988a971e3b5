import Foundation

/// The repositories and helpers the handlers share, built once per application.
struct ServerServices: Sendable {
    let configuration: ServerConfiguration
    /// The one clock and id source of everything below.
    let dependencies: ServerDependencies
    let database: ServerDatabase
    let users: UserRepository
    let groups: GroupRepository
    let members: MemberRepository
    let claims: MemberClaims
    let expenses: ExpenseRepository
    let quickInsert: ExpenseQuickInsert
    let splits: SplitRepository
    let payments: PaymentRepository
    let rates: RateRepository
    let feed: ChangeFeed
    let preferences: PreferenceRepository
    let passwords: PasswordHasher
    let throttle: LoginThrottle
    let expenseCache: ExpenseListCache
    let shareLinks: ShareLinkRepository
    /// Rendered read-only pages, keyed by group revision like ``expenseCache``.
    let sharePageCache: ExpenseListCache
    let sharePageLimiter: SharePageLimiter
    /// `/health/ready`'s cached answer.
    let readiness: DatabaseReadiness

    init(configuration: ServerConfiguration, database: ServerDatabase) {
        self.configuration = configuration
        self.database = database
        let dependencies = configuration.dependencies
        self.dependencies = dependencies
        users = UserRepository(database: database, tokenLifetimeSeconds: configuration.tokenLifetimeSeconds,
                               dependencies: dependencies)
        groups = GroupRepository(database: database)
        members = MemberRepository(database: database)
        claims = MemberClaims(database: database, groups: groups)
        expenses = ExpenseRepository(database: database, members: members,
                                     payers: PayerRepository(database: database, dependencies: dependencies),
                                     dependencies: dependencies)
        quickInsert = ExpenseQuickInsert(database: database, dependencies: dependencies)
        splits = SplitRepository(database: database, dependencies: dependencies)
        payments = PaymentRepository(database: database, members: members, dependencies: dependencies)
        rates = RateRepository(database: database)
        feed = ChangeFeed(database: database, payers: expenses.payers)
        preferences = PreferenceRepository(database: database)
        passwords = PasswordHasher(cost: configuration.bcryptCost)
        throttle = LoginThrottle(database: database, now: dependencies.now)
        expenseCache = ExpenseListCache()
        shareLinks = ShareLinkRepository(database: database, dependencies: dependencies)
        sharePageCache = ExpenseListCache(maxBytes: 32 << 20)
        sharePageLimiter = SharePageLimiter(limit: configuration.sharePageLimit, now: dependencies.now)
        readiness = DatabaseReadiness(database: database)
    }
}
