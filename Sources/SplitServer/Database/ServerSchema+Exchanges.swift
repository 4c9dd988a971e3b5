extension ServerSchema {
    /// Currency exchanges of `settle --record --in` (feature `conversions`): one row per member
    /// and currency a settle step carried into another, with the step's id, so a step is
    /// stored, fed and removed whole. Amounts are signed minor units (BIGINT: an exchange is
    /// bounded by SplitCore's ``SplitCore/Money/maxMinorUnits``, as the CHECKs say again), and
    /// the ids are the client's, so a resent step is never stored twice.
    ///
    /// A removed step leaves a `sync_tombstones` row of kind `exchanges` (its step id), so the
    /// kind CHECK of version 3 is replaced; it is found by its definition, as in version 2.
    /// Removing a member who holds exchanges is refused before the row goes
    /// (``MemberRepository/remove(member:group:revision:on:)``); the cascade only serves the
    /// group's own deletion.
    static let exchanges: [String] = [
        """
        CREATE TABLE IF NOT EXISTS currency_exchanges (
            id UUID PRIMARY KEY,
            group_id UUID NOT NULL REFERENCES trip_groups(id) ON DELETE CASCADE,
            step_id UUID NOT NULL,
            member_id UUID NOT NULL REFERENCES members(id) ON DELETE CASCADE,
            from_minor BIGINT NOT NULL CHECK (abs(from_minor) <= 1000000000000000),
            from_currency VARCHAR(3) NOT NULL CHECK (from_currency ~ '^[A-Z]{3}$'),
            to_minor BIGINT NOT NULL CHECK (abs(to_minor) <= 1000000000000000),
            to_currency VARCHAR(3) NOT NULL CHECK (to_currency ~ '^[A-Z]{3}$'),
            exchange_date DATE NOT NULL,
            created_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
            created_at TIMESTAMPTZ NOT NULL,
            revision BIGINT NOT NULL,
            CHECK (from_currency <> to_currency),
            CHECK (from_minor <> 0 OR to_minor <> 0))
        """,
        "CREATE INDEX IF NOT EXISTS currency_exchanges_group_revision ON currency_exchanges (group_id, revision)",
        "CREATE INDEX IF NOT EXISTS currency_exchanges_step ON currency_exchanges (step_id)",
        "CREATE INDEX IF NOT EXISTS currency_exchanges_member ON currency_exchanges (member_id)",
        """
        DO $$
        DECLARE constraint_name TEXT;
        BEGIN
            FOR constraint_name IN
                SELECT conname FROM pg_constraint
                WHERE conrelid = 'sync_tombstones'::regclass AND contype = 'c'
                  AND pg_get_constraintdef(oid) LIKE '%kind%'
            LOOP
                EXECUTE format('ALTER TABLE sync_tombstones DROP CONSTRAINT %I', constraint_name);
            END LOOP;
        END $$
        """,
        """
        ALTER TABLE sync_tombstones ADD CONSTRAINT sync_tombstones_kind
            CHECK (kind IN ('member', 'payment', 'rate', 'exchanges'))
        """,
    ]
}
