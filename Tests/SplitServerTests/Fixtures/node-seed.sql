-- Data as the Node server (budget_splitter_web) wrote it, for node-schema.sql. Load it after
-- the schema: psql -v ON_ERROR_STOP=1 -f node-schema.sql -f node-seed.sql "$URL"
--
-- Fixed ids, so tests can refer to them:
--   users            10000000-0000-4000-8000-000000000001  Alex, email alex@example.com, hash $2a$12$
--                    10000000-0000-4000-8000-000000000002  Dana, phone +6591234567 only, hash $2b$12$
--                    Both password hashes are real bcrypt (cost 12) of: correct horse 1
--   auth_tokens      20000000-0000-4000-8000-000000000001  user Alex, token eyJhbGciOiJIUzI1NiJ9.legacy.token, expires 2099
--   trip_groups      30000000-0000-4000-8000-000000000001  "Tokyo 2024", owner Alex, invite_code LEGACY1
--   group_members    40000000-0000-4000-8000-000000000001  Alex in Tokyo 2024, role owner
--   members          50000000-0000-4000-8000-000000000001  Alex (user Alex)
--                    50000000-0000-4000-8000-000000000002  Bea (no account)
--                    50000000-0000-4000-8000-000000000003  Chen (no account)
--   expenses         60000000-0000-4000-8000-000000000001  3000.00 JPY Meal, paid by Alex, 2024-03-10
--                    60000000-0000-4000-8000-000000000002  1200.00 JPY Transport, paid by Bea, 2024-03-11, is_deleted
--   expense_splits   70000000-0000-4000-8000-000000000001  expense 1, Alex 1000.00
--                    70000000-0000-4000-8000-000000000002  expense 1, Bea  1000.00, is_paid (marked by Alex)
--                    70000000-0000-4000-8000-000000000003  expense 1, Chen 1000.00
--                    70000000-0000-4000-8000-000000000004  expense 2, Alex  400.00
--                    70000000-0000-4000-8000-000000000005  expense 2, Bea   400.00
--                    70000000-0000-4000-8000-000000000006  expense 2, Chen  400.00
--   payment_history  80000000-0000-4000-8000-000000000001  split 2 marked_paid by Alex
--
-- Dana has an account but belongs to no trip. Columns left out take the schema's defaults,
-- as they did when the Node server inserted the rows.

BEGIN;

INSERT INTO users (id, email, phone, password_hash, display_name, last_login_at, created_at, updated_at) VALUES
    ('10000000-0000-4000-8000-000000000001', 'alex@example.com', NULL,
     '$2a$12$EUNcYDxGpcnN68gYSnUDfOum1ULHr/4tinskm.w9Gnew109UBcyDe', 'Alex',
     '2024-03-12 08:30:00+00', '2024-03-01 09:00:00+00', '2024-03-01 09:00:00+00'),
    ('10000000-0000-4000-8000-000000000002', NULL, '+6591234567',
     '$2b$12$yoTyvKSfN9TAeG53s1v6.evVOsuQpngHt.EFZq0FgKOO31Va58sCW', 'Dana',
     NULL, '2024-03-02 10:00:00+00', '2024-03-02 10:00:00+00');

INSERT INTO auth_tokens (id, user_id, token, device_name, device_id, expires_at, created_at, last_used_at) VALUES
    ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
     'eyJhbGciOiJIUzI1NiJ9.legacy.token', 'Alex iPhone', 'device-alex-1',
     '2099-12-31 23:59:59+00', '2024-03-12 08:30:00+00', '2024-03-12 08:31:00+00');

INSERT INTO trip_groups (id, name, description, owner_id, invite_code, created_at, updated_at) VALUES
    ('30000000-0000-4000-8000-000000000001', 'Tokyo 2024', 'Spring trip', '10000000-0000-4000-8000-000000000001',
     'LEGACY1', '2024-03-01 09:05:00+00', '2024-03-01 09:05:00+00');

INSERT INTO group_members (id, group_id, user_id, member_name, role, can_edit_all_expenses, joined_at) VALUES
    ('40000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000001',
     '10000000-0000-4000-8000-000000000001', 'Alex', 'owner', true, '2024-03-01 09:05:00+00');

INSERT INTO members (id, group_id, user_id, name, created_at, updated_at) VALUES
    ('50000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000001',
     '10000000-0000-4000-8000-000000000001', 'Alex', '2024-03-01 09:05:00+00', '2024-03-01 09:05:00+00'),
    ('50000000-0000-4000-8000-000000000002', '30000000-0000-4000-8000-000000000001',
     NULL, 'Bea', '2024-03-01 09:06:00+00', '2024-03-01 09:06:00+00'),
    ('50000000-0000-4000-8000-000000000003', '30000000-0000-4000-8000-000000000001',
     NULL, 'Chen', '2024-03-01 09:07:00+00', '2024-03-01 09:07:00+00');

INSERT INTO expenses (id, group_id, description, amount, currency, category, paid_by_member_id, expense_date,
                      created_by_user_id, updated_by_user_id, created_at, updated_at,
                      is_deleted, deleted_at, deleted_by_user_id) VALUES
    ('60000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000001', 'Ramen dinner',
     3000.00, 'JPY', 'Meal', '50000000-0000-4000-8000-000000000001', '2024-03-10',
     '10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
     '2024-03-10 12:00:00+00', '2024-03-10 12:00:00+00',
     false, NULL, NULL),
    ('60000000-0000-4000-8000-000000000002', '30000000-0000-4000-8000-000000000001', 'Taxi to Shibuya',
     1200.00, 'JPY', 'Transport', '50000000-0000-4000-8000-000000000002', '2024-03-11',
     '10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
     '2024-03-11 13:00:00+00', '2024-03-11 14:00:00+00',
     true, '2024-03-11 14:00:00+00', '10000000-0000-4000-8000-000000000001');

INSERT INTO expense_splits (id, expense_id, member_id, amount, is_paid, paid_at, marked_paid_by_user_id, notes) VALUES
    ('70000000-0000-4000-8000-000000000001', '60000000-0000-4000-8000-000000000001',
     '50000000-0000-4000-8000-000000000001', 1000.00, false, NULL, NULL, NULL),
    ('70000000-0000-4000-8000-000000000002', '60000000-0000-4000-8000-000000000001',
     '50000000-0000-4000-8000-000000000002', 1000.00, true, '2024-03-12 09:00:00+00',
     '10000000-0000-4000-8000-000000000001', 'Paid in cash'),
    ('70000000-0000-4000-8000-000000000003', '60000000-0000-4000-8000-000000000001',
     '50000000-0000-4000-8000-000000000003', 1000.00, false, NULL, NULL, NULL),
    ('70000000-0000-4000-8000-000000000004', '60000000-0000-4000-8000-000000000002',
     '50000000-0000-4000-8000-000000000001', 400.00, false, NULL, NULL, NULL),
    ('70000000-0000-4000-8000-000000000005', '60000000-0000-4000-8000-000000000002',
     '50000000-0000-4000-8000-000000000002', 400.00, false, NULL, NULL, NULL),
    ('70000000-0000-4000-8000-000000000006', '60000000-0000-4000-8000-000000000002',
     '50000000-0000-4000-8000-000000000003', 400.00, false, NULL, NULL, NULL);

INSERT INTO payment_history (id, expense_split_id, action, performed_by_user_id, performed_at, reason,
                             ip_address, device_info) VALUES
    ('80000000-0000-4000-8000-000000000001', '70000000-0000-4000-8000-000000000002', 'marked_paid',
     '10000000-0000-4000-8000-000000000001', '2024-03-12 09:00:00+00', 'Paid in cash',
     '203.0.113.7', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X)');

COMMIT;
