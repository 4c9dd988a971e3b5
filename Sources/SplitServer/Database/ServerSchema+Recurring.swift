extension ServerSchema {
    /// Recurring rules (feature `recurring`): one row per rule of a group, the rule as the
    /// contract's `RecurringRuleData` in the one canonical form ``RecurringRuleWire`` writes for
    /// the rule SplitCore read (never the client's text), with the group revision that last
    /// changed it. A deleted rule leaves a `recurring` tombstone in `sync_tombstones`. The
    /// instances are ordinary expenses; how far each device has caught up stays on the device.
    static let recurring: [String] = [
        """
        CREATE TABLE IF NOT EXISTS recurring_rules (
            id UUID PRIMARY KEY,
            group_id UUID NOT NULL REFERENCES trip_groups(id) ON DELETE CASCADE,
            rule JSONB NOT NULL CHECK (jsonb_typeof(rule) = 'object'),
            revision BIGINT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT NOW())
        """,
        "CREATE INDEX IF NOT EXISTS recurring_rules_group_revision ON recurring_rules (group_id, revision)",
        // A deleted rule's tombstone is of the kind `recurring` (the check migration 10 set,
        // by its name, replaced).
        "ALTER TABLE sync_tombstones DROP CONSTRAINT IF EXISTS sync_tombstones_kind",
        "ALTER TABLE sync_tombstones ADD CONSTRAINT sync_tombstones_kind CHECK (kind IN ('member', 'payment', 'rate', 'exchanges', 'recurring'))",
    ]
}
