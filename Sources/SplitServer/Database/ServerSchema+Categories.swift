import SplitCore

extension ServerSchema {
    /// A group's own categories (feature `categories`): the list as a JSONB array of names on
    /// `trip_groups` (NULL: the six of the Node schema), with the revision that last changed
    /// it. An expense's category is then any name of its group's list, so the Node schema's
    /// CHECK of the six becomes one of a name's length; every write checks the name against
    /// the group's list (``CategoryCheck``). The columns that hold a category (an expense's,
    /// a default) widen to a category name's longest (``NameRules/maxLength``), so no name the
    /// device takes is refused at sync.
    static let categories: [String] = [
        "ALTER TABLE trip_groups ADD COLUMN IF NOT EXISTS categories JSONB CHECK (categories IS NULL OR jsonb_typeof(categories) = 'array')",
        "ALTER TABLE trip_groups ADD COLUMN IF NOT EXISTS categories_revision BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE expenses DROP CONSTRAINT IF EXISTS expenses_category_check",
        "ALTER TABLE expenses ALTER COLUMN category TYPE VARCHAR(\(NameRules.maxLength))",
        "ALTER TABLE expenses ADD CONSTRAINT expenses_category_named CHECK (length(category) BETWEEN 1 AND \(NameRules.maxLength))",
        "ALTER TABLE user_preferences ALTER COLUMN default_category TYPE VARCHAR(\(NameRules.maxLength))",
    ]
}
