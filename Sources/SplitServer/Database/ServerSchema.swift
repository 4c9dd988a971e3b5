/// The server's versioned schema, as ordered lists of SQL statements.
///
/// Version 1 is the Node server's schema (budget_splitter_web's `database/schema.sql`). It uses
/// `IF NOT EXISTS` on purpose: on a database the Node server created, the tables are already
/// there and must be adopted as they are, with their rows; on an empty database it creates them.
/// Version 2 and later are split-server's own changes, written so that they upgrade a Node
/// database in place: nothing is dropped, and existing bcrypt hashes are kept as they are.
enum ServerSchema {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(version: 1, name: "node server schema", statements: nodeSchema),
        Migration(version: 2, name: "split-server: hashed tokens, 20 currencies, invites, payments, idempotency",
                  statements: splitServerAdditions),
        Migration(version: 3, name: "sync: group revisions, tombstones, client ids, notes, trip currency, rates",
                  statements: syncProtocol),
        Migration(version: 4, name: "split-server: login failures shared by every process", statements: multiInstance),
        Migration(version: 5, name: "split-server: several payers per expense", statements: severalPayers),
        Migration(version: 6, name: "split-server: member claims and account preferences", statements: claimsAndPreferences),
        Migration(version: 7, name: "split-server: every ISO 4217 currency, amounts exact to three decimals",
                  statements: everyCurrency),
        Migration(version: 8, name: "split-server: read-only links", statements: shareLinks),
        Migration(version: 9, name: "split-server: the split as given", statements: splitGiven),
        Migration(version: 10, name: "split-server: currency exchanges of settle steps", statements: exchanges),
        Migration(version: 11, name: "split-server: the day a member moved out", statements: departures),
        Migration(version: 12, name: "split-server: recurring rules", statements: recurring),
        Migration(version: 13, name: "split-server: a group's own categories", statements: categories),
    ]

    /// The tables of the Node server, column for column.
    static let nodeSchema: [String] = [
        """
        CREATE TABLE IF NOT EXISTS users (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            email VARCHAR(255) UNIQUE,
            phone VARCHAR(20) UNIQUE,
            password_hash VARCHAR(255) NOT NULL,
            display_name VARCHAR(100) NOT NULL,
            avatar_url VARCHAR(500),
            is_active BOOLEAN DEFAULT true,
            last_login_at TIMESTAMPTZ,
            created_at TIMESTAMPTZ DEFAULT NOW(),
            updated_at TIMESTAMPTZ DEFAULT NOW(),
            CHECK (email IS NOT NULL OR phone IS NOT NULL))
        """,
        """
        CREATE TABLE IF NOT EXISTS auth_tokens (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            user_id UUID REFERENCES users(id) ON DELETE CASCADE,
            token VARCHAR(500) UNIQUE NOT NULL,
            device_name VARCHAR(100),
            device_id VARCHAR(255),
            expires_at TIMESTAMPTZ NOT NULL,
            created_at TIMESTAMPTZ DEFAULT NOW(),
            last_used_at TIMESTAMPTZ)
        """,
        """
        CREATE TABLE IF NOT EXISTS trip_groups (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            name VARCHAR(100) NOT NULL,
            description TEXT,
            owner_id UUID REFERENCES users(id) ON DELETE CASCADE,
            invite_code VARCHAR(10) UNIQUE,
            is_active BOOLEAN DEFAULT true,
            created_at TIMESTAMPTZ DEFAULT NOW(),
            updated_at TIMESTAMPTZ DEFAULT NOW())
        """,
        """
        CREATE TABLE IF NOT EXISTS group_members (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            group_id UUID REFERENCES trip_groups(id) ON DELETE CASCADE,
            user_id UUID REFERENCES users(id) ON DELETE SET NULL,
            member_name VARCHAR(100) NOT NULL,
            role VARCHAR(20) DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
            can_add_expenses BOOLEAN DEFAULT true,
            can_edit_own_expenses BOOLEAN DEFAULT true,
            can_edit_all_expenses BOOLEAN DEFAULT false,
            can_mark_paid BOOLEAN DEFAULT true,
            joined_at TIMESTAMPTZ DEFAULT NOW(),
            UNIQUE (group_id, user_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS members (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            group_id UUID REFERENCES trip_groups(id) ON DELETE CASCADE,
            user_id UUID REFERENCES users(id) ON DELETE SET NULL,
            name VARCHAR(100) NOT NULL,
            created_at TIMESTAMPTZ DEFAULT NOW(),
            updated_at TIMESTAMPTZ DEFAULT NOW())
        """,
        """
        CREATE TABLE IF NOT EXISTS expenses (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            group_id UUID REFERENCES trip_groups(id) ON DELETE CASCADE,
            description TEXT,
            amount NUMERIC(12, 2) NOT NULL CHECK (amount > 0),
            currency VARCHAR(3) DEFAULT 'JPY' CHECK (currency IN ('JPY', 'MYR', 'SGD', 'USD')),
            category VARCHAR(50) NOT NULL
                CHECK (category IN ('Meal', 'Transport', 'Tickets', 'Shopping', 'Hotel', 'Other')),
            paid_by_member_id UUID NOT NULL REFERENCES members(id) ON DELETE CASCADE,
            expense_date DATE NOT NULL,
            created_by_user_id UUID REFERENCES users(id),
            updated_by_user_id UUID REFERENCES users(id),
            created_at TIMESTAMPTZ DEFAULT NOW(),
            updated_at TIMESTAMPTZ DEFAULT NOW(),
            is_deleted BOOLEAN DEFAULT false,
            deleted_at TIMESTAMPTZ,
            deleted_by_user_id UUID REFERENCES users(id))
        """,
        """
        CREATE TABLE IF NOT EXISTS expense_splits (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            expense_id UUID REFERENCES expenses(id) ON DELETE CASCADE,
            member_id UUID REFERENCES members(id) ON DELETE CASCADE,
            amount NUMERIC(12, 2) NOT NULL CHECK (amount >= 0),
            is_paid BOOLEAN DEFAULT false,
            paid_at TIMESTAMPTZ,
            marked_paid_by_user_id UUID REFERENCES users(id),
            notes TEXT,
            UNIQUE (expense_id, member_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS payment_history (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            expense_split_id UUID REFERENCES expense_splits(id) ON DELETE CASCADE,
            action VARCHAR(20) CHECK (action IN ('marked_paid', 'marked_unpaid')),
            performed_by_user_id UUID NOT NULL REFERENCES users(id),
            performed_at TIMESTAMPTZ DEFAULT NOW(),
            reason TEXT,
            ip_address INET,
            device_info TEXT)
        """,
        """
        CREATE OR REPLACE FUNCTION update_updated_at_column() RETURNS TRIGGER AS $$
        BEGIN
            NEW.updated_at = NOW();
            RETURN NEW;
        END;
        $$ LANGUAGE plpgsql
        """,
        "CREATE OR REPLACE TRIGGER update_users_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION update_updated_at_column()",
        "CREATE OR REPLACE TRIGGER update_trip_groups_updated_at BEFORE UPDATE ON trip_groups FOR EACH ROW EXECUTE FUNCTION update_updated_at_column()",
        "CREATE OR REPLACE TRIGGER update_members_updated_at BEFORE UPDATE ON members FOR EACH ROW EXECUTE FUNCTION update_updated_at_column()",
        "CREATE OR REPLACE TRIGGER update_expenses_updated_at BEFORE UPDATE ON expenses FOR EACH ROW EXECUTE FUNCTION update_updated_at_column()",
    ]

    /// What split-server adds. Every statement keeps existing rows.
    static let splitServerAdditions: [String] = [
        // The 20 currencies of the iOS app instead of the Node server's four. The old CHECK is
        // found by its definition, since its name depends on how the table was created.
        """
        DO $$
        DECLARE constraint_name TEXT;
        BEGIN
            FOR constraint_name IN
                SELECT conname FROM pg_constraint
                WHERE conrelid = 'expenses'::regclass AND contype = 'c'
                  AND pg_get_constraintdef(oid) LIKE '%currency%'
            LOOP
                EXECUTE format('ALTER TABLE expenses DROP CONSTRAINT %I', constraint_name);
            END LOOP;
        END $$
        """,
        """
        ALTER TABLE expenses ADD CONSTRAINT expenses_currency_known CHECK (currency IN (
            'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'KRW', 'SGD', 'MYR', 'THB',
            'IDR', 'PHP', 'VND', 'INR', 'AUD', 'NZD', 'CAD', 'CHF', 'AED', 'SAR'))
        """,
        // Tokens: only a SHA-256 of the token is kept. Node stored raw JWTs; their hashes are
        // taken so sessions in use keep working, and the plain text is erased.
        "ALTER TABLE auth_tokens ADD COLUMN IF NOT EXISTS token_hash BYTEA",
        "ALTER TABLE auth_tokens ADD COLUMN IF NOT EXISTS revoked_at TIMESTAMPTZ",
        "ALTER TABLE auth_tokens ALTER COLUMN token DROP NOT NULL",
        "UPDATE auth_tokens SET token_hash = sha256(convert_to(token, 'UTF8')), token = NULL WHERE token IS NOT NULL",
        "CREATE UNIQUE INDEX IF NOT EXISTS auth_tokens_token_hash ON auth_tokens (token_hash)",
        // Case-insensitive logins by e-mail.
        "CREATE INDEX IF NOT EXISTS users_email_lower ON users (lower(email))",
        // Every group gets an invite code: 6 characters of an alphabet without 0/O, 1/I/L.
        """
        CREATE OR REPLACE FUNCTION split_invite_code() RETURNS TEXT AS $$
            SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '')
            FROM generate_series(1, 6)
        $$ LANGUAGE sql VOLATILE
        """,
        "UPDATE trip_groups SET invite_code = split_invite_code() WHERE invite_code IS NULL",
        // Owners always have access rows, whatever the Node server did.
        """
        INSERT INTO group_members (group_id, user_id, member_name, role)
        SELECT g.id, g.owner_id, u.display_name, 'owner'
        FROM trip_groups g JOIN users u ON u.id = g.owner_id
        ON CONFLICT (group_id, user_id) DO NOTHING
        """,
        // Bumped by every change to a group's expenses or splits: the key of the cached
        // GET /api/groups/:gid/expenses response.
        "ALTER TABLE trip_groups ADD COLUMN IF NOT EXISTS expenses_revision BIGINT NOT NULL DEFAULT 0",
        "CREATE INDEX IF NOT EXISTS group_members_user ON group_members (user_id)",
        "CREATE INDEX IF NOT EXISTS members_group ON members (group_id)",
        "CREATE INDEX IF NOT EXISTS expenses_group_live ON expenses (group_id, expense_date DESC) WHERE is_deleted IS NOT TRUE",
        "CREATE INDEX IF NOT EXISTS expense_splits_expense ON expense_splits (expense_id)",
        "CREATE INDEX IF NOT EXISTS expense_splits_member ON expense_splits (member_id)",
        "CREATE INDEX IF NOT EXISTS payment_history_split ON payment_history (expense_split_id)",
        // Reimbursements between members (`split pay`).
        """
        CREATE TABLE settlement_payments (
            id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
            group_id UUID NOT NULL REFERENCES trip_groups(id) ON DELETE CASCADE,
            from_member_id UUID NOT NULL REFERENCES members(id) ON DELETE CASCADE,
            to_member_id UUID NOT NULL REFERENCES members(id) ON DELETE CASCADE,
            amount NUMERIC(12, 2) NOT NULL CHECK (amount > 0),
            currency VARCHAR(3) NOT NULL,
            note TEXT,
            payment_date DATE NOT NULL,
            created_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),
            CHECK (from_member_id <> to_member_id))
        """,
        "CREATE INDEX settlement_payments_group ON settlement_payments (group_id)",
        // Idempotency-Key: the first response per (user, key), kept at least 24 hours.
        """
        CREATE TABLE idempotency_keys (
            user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            request_hash BYTEA NOT NULL,
            status INTEGER,
            response_body BYTEA,
            created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),
            PRIMARY KEY (user_id, key))
        """,
        "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
    ]

    /// The change feed (`GET /api/groups/:gid/changes`) and the batch sync.
    ///
    /// - `trip_groups.revision` (the former `expenses_revision`, now bumped by every write to the
    ///   group) is taken first in every write transaction, which locks the group row: writes to
    ///   one group are serialised, so revisions commit in order and a reader that saw R never
    ///   later finds a change numbered R or lower.
    /// - Each member, expense, payment and rate row carries the revision of its last change;
    ///   the group's own fields carry `fields_revision`.
    /// - Deleted expenses stay as soft-deleted rows (the Node server's model); deleted members,
    ///   payments and rates leave a row in `sync_tombstones`, kept for good.
    static let syncProtocol: [String] = [
        "ALTER TABLE trip_groups RENAME COLUMN expenses_revision TO revision",
        "ALTER TABLE trip_groups ADD COLUMN fields_revision BIGINT NOT NULL DEFAULT 0",
        """
        ALTER TABLE trip_groups ADD COLUMN currency VARCHAR(3) CHECK (currency IN (
            'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'KRW', 'SGD', 'MYR', 'THB',
            'IDR', 'PHP', 'VND', 'INR', 'AUD', 'NZD', 'CAD', 'CHF', 'AED', 'SAR'))
        """,
        "ALTER TABLE members ADD COLUMN revision BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE expenses ADD COLUMN revision BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE expenses ADD COLUMN note TEXT",
        "ALTER TABLE settlement_payments ADD COLUMN revision BIGINT NOT NULL DEFAULT 0",
        // Rows written before revisions existed sit at the group's current revision, so a
        // first feed (since=0) returns them and later ones do not.
        "UPDATE members m SET revision = g.revision FROM trip_groups g WHERE g.id = m.group_id",
        "UPDATE expenses e SET revision = g.revision FROM trip_groups g WHERE g.id = e.group_id",
        "UPDATE settlement_payments p SET revision = g.revision FROM trip_groups g WHERE g.id = p.group_id",
        "UPDATE trip_groups SET fields_revision = revision",
        // Indexes that (group_id, revision) and the Node schema's UNIQUE (expense_id, member_id)
        // make redundant: each costs an update on every insert, and inserts are the hot path.
        "DROP INDEX IF EXISTS members_group",
        "DROP INDEX IF EXISTS settlement_payments_group",
        "DROP INDEX IF EXISTS expense_splits_expense",
        "CREATE INDEX members_group_revision ON members (group_id, revision)",
        "CREATE INDEX expenses_group_revision ON expenses (group_id, revision)",
        "CREATE INDEX settlement_payments_group_revision ON settlement_payments (group_id, revision)",
        """
        CREATE TABLE group_rates (
            group_id UUID NOT NULL REFERENCES trip_groups(id) ON DELETE CASCADE,
            currency VARCHAR(3) NOT NULL,
            rate TEXT NOT NULL,
            revision BIGINT NOT NULL,
            PRIMARY KEY (group_id, currency))
        """,
        "CREATE INDEX group_rates_group_revision ON group_rates (group_id, revision)",
        """
        CREATE TABLE sync_tombstones (
            group_id UUID NOT NULL REFERENCES trip_groups(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('member', 'payment', 'rate')),
            item TEXT NOT NULL,
            revision BIGINT NOT NULL,
            PRIMARY KEY (group_id, kind, item))
        """,
        "CREATE INDEX sync_tombstones_group_revision ON sync_tombstones (group_id, revision)",
        // Client-chosen ids are checked against deleted items of every group.
        "CREATE INDEX sync_tombstones_item ON sync_tombstones (item)",
        // The batch sync's results per opId, written in the same transaction as the op.
        """
        CREATE TABLE sync_operations (
            group_id UUID NOT NULL REFERENCES trip_groups(id) ON DELETE CASCADE,
            op_id UUID NOT NULL,
            user_id UUID REFERENCES users(id) ON DELETE SET NULL,
            result BYTEA NOT NULL,
            created_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (group_id, op_id))
        """,
        // A from-local upload with a client-chosen group id: its answer, for an identical retry.
        """
        CREATE TABLE from_local_uploads (
            group_id UUID PRIMARY KEY REFERENCES trip_groups(id) ON DELETE CASCADE,
            request_hash BYTEA NOT NULL,
            response BYTEA NOT NULL)
        """,
    ]

    /// What several split-server processes on one database share beyond the tables above:
    /// the failed logins that ``LoginThrottle`` counts. One row per failure and scope
    /// (`account:<login>` or `ip:<address>`), timed by the server's clock; rows older than the
    /// throttle's window are deleted as new failures arrive, so the table stays small.
    static let multiInstance: [String] = [
        """
        CREATE TABLE login_failures (
            scope TEXT NOT NULL,
            failed_at TIMESTAMPTZ NOT NULL)
        """,
        "CREATE INDEX login_failures_scope ON login_failures (scope, failed_at)",
        "CREATE INDEX login_failures_time ON login_failures (failed_at)",
    ]

    /// Expenses several members paid (issue 18). Only such an expense has rows here, one per
    /// payer; `expenses.paid_by_member_id` keeps the lead payer (the lowest member id), so the
    /// Node server's columns still name a payer and an expense one member paid is unchanged.
    ///
    /// `row_id` is the id of that payer's row in the legacy listing, where the expense is one
    /// row per payer for clients that know only `paidByMemberId`: the lead payer's is the
    /// expense's own id, each other payer's a fresh one, kept while that member stays a payer.
    /// Deleting a member (allowed only when no live expense names them) takes their rows of
    /// deleted expenses with them, as `expense_splits` does.
    static let severalPayers: [String] = [
        """
        CREATE TABLE IF NOT EXISTS expense_payers (
            expense_id UUID NOT NULL REFERENCES expenses(id) ON DELETE CASCADE,
            member_id UUID NOT NULL REFERENCES members(id) ON DELETE CASCADE,
            amount NUMERIC(12, 2) NOT NULL CHECK (amount > 0),
            row_id UUID NOT NULL UNIQUE,
            PRIMARY KEY (expense_id, member_id))
        """,
        "CREATE INDEX IF NOT EXISTS expense_payers_member ON expense_payers (member_id)",
    ]

    /// Member claims and preferences that follow an account.
    ///
    /// A claim is `members.user_id`, a column of the Node schema that the Node server never
    /// sets: the account the member is. An account claims at most one member per group; the
    /// claim routes keep that under the group's row lock, and the partial unique index makes
    /// it a rule of the data too (``JSONErrorMiddleware`` answers a race that meets it with 409).
    ///
    /// The display name stays in `users.display_name`, which login and `/auth/me` answer; the
    /// other preferences live here. Each key keeps when its value was set (the client's
    /// `setAt`), so that the later of two writes wins key by key.
    static let claimsAndPreferences: [String] = [
        """
        CREATE UNIQUE INDEX IF NOT EXISTS members_one_claim_per_group ON members (group_id, user_id)
        WHERE user_id IS NOT NULL
        """,
        """
        CREATE TABLE IF NOT EXISTS user_preferences (
            user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            default_currency VARCHAR(3),
            default_category VARCHAR(50),
            display_name_set_at TIMESTAMPTZ,
            default_currency_set_at TIMESTAMPTZ,
            default_category_set_at TIMESTAMPTZ)
        """,
    ]

    /// Every currency `split` takes locally (SplitCore's ``CurrencyTable``), not only the iOS
    /// app's 20, and amounts exact to three decimals for the currencies that have them (KWD,
    /// BHD, …).
    ///
    /// - The 20-code CHECKs of versions 2 and 3 go; which codes exist is the rule of SplitCore's
    ///   `Currency(code:)`, applied to every request (``WireInput/currency(_:field:default:)``),
    ///   so the schema keeps only the shape: three upper-case letters. The CHECKs are found by
    ///   their definition, as in version 2, since the trip's was created without a name.
    /// - The amount columns go from the Node server's NUMERIC(12, 2) to NUMERIC without a scale,
    ///   so KWD 12.345 is stored as it is instead of rounded to 12.35, and every value keeps the
    ///   digits it was written with (`60.00` stays `60.00`). A CHECK keeps the Node schema's
    ///   limit, below 10^10 (``WireAmount/majorLimit``). Readers round as the old column did:
    ///   to cents for currencies of up to two decimals, to thousandths for those of three
    ///   (``StoredAmount/minor(cents:thousandths:currency:)``).
    static let everyCurrency: [String] = [
        """
        DO $$
        DECLARE item RECORD;
        BEGIN
            FOR item IN
                SELECT conrelid::regclass AS owner, conname FROM pg_constraint
                WHERE conrelid IN ('expenses'::regclass, 'trip_groups'::regclass) AND contype = 'c'
                  AND pg_get_constraintdef(oid) LIKE '%currency%'
            LOOP
                EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', item.owner, item.conname);
            END LOOP;
        END $$
        """,
        "ALTER TABLE expenses ADD CONSTRAINT expenses_currency_code CHECK (currency ~ '^[A-Z]{3}$')",
        "ALTER TABLE trip_groups ADD CONSTRAINT trip_groups_currency_code CHECK (currency ~ '^[A-Z]{3}$')",
        "ALTER TABLE settlement_payments ADD CONSTRAINT settlement_payments_currency_code CHECK (currency ~ '^[A-Z]{3}$')",
        "ALTER TABLE expenses ALTER COLUMN amount TYPE NUMERIC",
        "ALTER TABLE expenses ADD CONSTRAINT expenses_amount_limit CHECK (amount < 10000000000)",
        "ALTER TABLE expense_splits ALTER COLUMN amount TYPE NUMERIC",
        "ALTER TABLE expense_splits ADD CONSTRAINT expense_splits_amount_limit CHECK (amount < 10000000000)",
        "ALTER TABLE settlement_payments ALTER COLUMN amount TYPE NUMERIC",
        "ALTER TABLE settlement_payments ADD CONSTRAINT settlement_payments_amount_limit CHECK (amount < 10000000000)",
        "ALTER TABLE expense_payers ALTER COLUMN amount TYPE NUMERIC",
        "ALTER TABLE expense_payers ADD CONSTRAINT expense_payers_amount_limit CHECK (amount < 10000000000)",
    ]

    /// Read-only links (`split share`, `GET /s/{token}`): at most one per group, so the group id
    /// is the key, and only the SHA-256 of the token (taken by PostgreSQL, as for login tokens),
    /// so a database leak opens no page. Revoking deletes the row: a revoked token and one that
    /// never existed are then the same miss. `created_by` is kept for the operator, never shown.
    static let shareLinks: [String] = [
        """
        CREATE TABLE IF NOT EXISTS share_links (
            group_id UUID PRIMARY KEY REFERENCES trip_groups(id) ON DELETE CASCADE,
            token_hash BYTEA NOT NULL UNIQUE,
            created_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
            created_at TIMESTAMPTZ NOT NULL)
        """,
    ]
}
