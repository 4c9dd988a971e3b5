-- The database schema of the Node server (budget_splitter_web), as it exists in deployed
-- databases. The Swift server must be able to open such a database and take it over, so the
-- tests load this file (and node-seed.sql) into a scratch PostgreSQL 15 database.
--
-- Written for PostgreSQL 15: gen_random_uuid() is built in, so no pgcrypto extension.
-- Load with: psql -v ON_ERROR_STOP=1 -f node-schema.sql "$SPLIT_TEST_DATABASE_URL"

-- Accounts. A user signs in with an email or a phone number (at least one of them).
CREATE TABLE users (
    id             UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    email          VARCHAR(255) UNIQUE,
    phone          VARCHAR(20) UNIQUE,
    password_hash  VARCHAR(255) NOT NULL,
    display_name   VARCHAR(100) NOT NULL,
    avatar_url     VARCHAR(500),
    is_active      BOOLEAN DEFAULT true,
    last_login_at  TIMESTAMPTZ,
    created_at     TIMESTAMPTZ DEFAULT NOW(),
    updated_at     TIMESTAMPTZ DEFAULT NOW(),
    CONSTRAINT users_email_or_phone CHECK (email IS NOT NULL OR phone IS NOT NULL)
);

-- Issued session tokens (JWTs stored as plain text), one row per signed-in device.
CREATE TABLE auth_tokens (
    id            UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id       UUID REFERENCES users(id) ON DELETE CASCADE,
    token         VARCHAR(500) UNIQUE NOT NULL,
    device_name   VARCHAR(100),
    device_id     VARCHAR(255),
    expires_at    TIMESTAMPTZ NOT NULL,
    created_at    TIMESTAMPTZ DEFAULT NOW(),
    last_used_at  TIMESTAMPTZ
);

-- A trip: the unit that expenses and members belong to. Others join with the invite code.
CREATE TABLE trip_groups (
    id           UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name         VARCHAR(100) NOT NULL,
    description  TEXT,
    owner_id     UUID REFERENCES users(id) ON DELETE CASCADE,
    invite_code  VARCHAR(10) UNIQUE,
    is_active    BOOLEAN DEFAULT true,
    created_at   TIMESTAMPTZ DEFAULT NOW(),
    updated_at   TIMESTAMPTZ DEFAULT NOW()
);

-- Which accounts may see a trip, and what each may do in it.
CREATE TABLE group_members (
    id                     UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    group_id               UUID REFERENCES trip_groups(id) ON DELETE CASCADE,
    user_id                UUID REFERENCES users(id) ON DELETE SET NULL,
    member_name            VARCHAR(100) NOT NULL,
    role                   VARCHAR(20) DEFAULT 'member'
                           CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
    can_add_expenses       BOOLEAN DEFAULT true,
    can_edit_own_expenses  BOOLEAN DEFAULT true,
    can_edit_all_expenses  BOOLEAN DEFAULT false,
    can_mark_paid          BOOLEAN DEFAULT true,
    joined_at              TIMESTAMPTZ DEFAULT NOW(),
    UNIQUE (group_id, user_id)
);

-- The people an expense is split between. Not necessarily account holders (user_id may be NULL).
CREATE TABLE members (
    id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    group_id    UUID REFERENCES trip_groups(id) ON DELETE CASCADE,
    user_id     UUID REFERENCES users(id) ON DELETE SET NULL,
    name        VARCHAR(100) NOT NULL,
    created_at  TIMESTAMPTZ DEFAULT NOW(),
    updated_at  TIMESTAMPTZ DEFAULT NOW()
);

-- One payment by one member. Deleting is soft: is_deleted, deleted_at, deleted_by_user_id.
CREATE TABLE expenses (
    id                  UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    group_id            UUID REFERENCES trip_groups(id) ON DELETE CASCADE,
    description         TEXT,
    amount              NUMERIC(12, 2) NOT NULL CHECK (amount > 0),
    currency            VARCHAR(3) DEFAULT 'JPY'
                        CHECK (currency IN ('JPY', 'MYR', 'SGD', 'USD')),
    category            VARCHAR(50) NOT NULL
                        CHECK (category IN ('Meal', 'Transport', 'Tickets', 'Shopping', 'Hotel', 'Other')),
    paid_by_member_id   UUID NOT NULL REFERENCES members(id) ON DELETE CASCADE,
    expense_date        DATE NOT NULL,
    created_by_user_id  UUID REFERENCES users(id),
    updated_by_user_id  UUID REFERENCES users(id),
    created_at          TIMESTAMPTZ DEFAULT NOW(),
    updated_at          TIMESTAMPTZ DEFAULT NOW(),
    is_deleted          BOOLEAN DEFAULT false,
    deleted_at          TIMESTAMPTZ,
    deleted_by_user_id  UUID REFERENCES users(id)
);

-- Each member's share of an expense, and whether that member has paid it back.
CREATE TABLE expense_splits (
    id                      UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    expense_id              UUID REFERENCES expenses(id) ON DELETE CASCADE,
    member_id               UUID REFERENCES members(id) ON DELETE CASCADE,
    amount                  NUMERIC(12, 2) NOT NULL CHECK (amount >= 0),
    is_paid                 BOOLEAN DEFAULT false,
    paid_at                 TIMESTAMPTZ,
    marked_paid_by_user_id  UUID REFERENCES users(id),
    notes                   TEXT,
    UNIQUE (expense_id, member_id)
);

-- Audit trail of every paid / unpaid toggle on a split.
CREATE TABLE payment_history (
    id                    UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    expense_split_id      UUID REFERENCES expense_splits(id) ON DELETE CASCADE,
    action                VARCHAR(20) CHECK (action IN ('marked_paid', 'marked_unpaid')),
    performed_by_user_id  UUID NOT NULL REFERENCES users(id),
    performed_at          TIMESTAMPTZ DEFAULT NOW(),
    reason                TEXT,
    ip_address            INET,
    device_info           TEXT
);

-- Lookups the Node server runs on every request.
CREATE INDEX idx_auth_tokens_user_id ON auth_tokens(user_id);
CREATE INDEX idx_group_members_group_id ON group_members(group_id);
CREATE INDEX idx_group_members_user_id ON group_members(user_id);
CREATE INDEX idx_members_group_id ON members(group_id);
CREATE INDEX idx_expenses_group_id ON expenses(group_id);
CREATE INDEX idx_expenses_paid_by ON expenses(paid_by_member_id);
CREATE INDEX idx_expense_splits_expense_id ON expense_splits(expense_id);
CREATE INDEX idx_expense_splits_member_id ON expense_splits(member_id);
CREATE INDEX idx_payment_history_split_id ON payment_history(expense_split_id);

-- Keeps updated_at current: every UPDATE of a row stamps it with the transaction's time.
CREATE OR REPLACE FUNCTION update_updated_at_column()
RETURNS TRIGGER AS $$
BEGIN
    NEW.updated_at = NOW();
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER update_users_updated_at
    BEFORE UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

CREATE TRIGGER update_trip_groups_updated_at
    BEFORE UPDATE ON trip_groups
    FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

CREATE TRIGGER update_members_updated_at
    BEFORE UPDATE ON members
    FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

CREATE TRIGGER update_expenses_updated_at
    BEFORE UPDATE ON expenses
    FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();
