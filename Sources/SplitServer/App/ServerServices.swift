import Foundation

/// The repositories and helpers the handlers share, built once per application.
struct ServerServices: Sendable {
    let configuration: ServerConfiguration
    let database: ServerDatabase
    let users: UserRepository
    let groups: GroupRepository
    let members: MemberRepository
    let expenses: ExpenseRepository
    let splits: SplitRepository
    let payments: PaymentRepository
    let passwords: PasswordHasher
    let throttle: LoginThrottle
    let expenseCache: ExpenseListCache
    let tokenCache: TokenCache

    init(configuration: ServerConfiguration, database: ServerDatabase) {
        self.configuration = configuration
        self.database = database
        users = UserRepository(database: database, tokenLifetimeSeconds: configuration.tokenLifetimeSeconds)
        groups = GroupRepository(database: database)
        members = MemberRepository(database: database)
        expenses = ExpenseRepository(database: database, members: members)
        splits = SplitRepository(database: database, expenses: expenses)
        payments = PaymentRepository(database: database, members: members)
        passwords = PasswordHasher(cost: configuration.bcryptCost)
        throttle = LoginThrottle()
        expenseCache = ExpenseListCache()
        tokenCache = TokenCache()
    }
}
