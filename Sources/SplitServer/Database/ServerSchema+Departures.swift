extension ServerSchema {
    /// The day a member moved out (`member leave`, feature `departures`): a nullable DATE on
    /// `members`, fed as the member's `leftOn`. NULL: they live here (every member the Node
    /// server or an earlier version made).
    static let departures: [String] = [
        "ALTER TABLE members ADD COLUMN IF NOT EXISTS left_on DATE",
    ]
}
