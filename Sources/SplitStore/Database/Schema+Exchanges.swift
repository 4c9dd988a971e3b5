import GRDB

/// Currency exchanges (`settle --record --in`).
///
/// One row per member and currency a settle step carried into its target currency
/// (``SplitCore/CurrencyExchange``). Amounts are signed: the member's net in `from_currency`
/// moves by −`from_amount` and in `to_currency` by +`to_amount`. Exchanges are immutable, so
/// there is no soft delete: undo removes a step's rows. Triggers keep `balance_total`, counting
/// an amount given up as `received` and one taken on as `made` (by sign), as SplitCore's
/// ``SplitCore/BalanceCalculator`` does, so `balances`, `settle`, `report` and `friends` see them.
/// `import_source` is rebuilt to take the kind `exchange`, so importing an export twice adds
/// its exchanges once (SQLite cannot change a CHECK in place).
enum SchemaExchanges {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE currency_exchange (
                id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                step_id TEXT NOT NULL CHECK (length(step_id) = 36),
                member_id TEXT NOT NULL REFERENCES member(id),
                from_amount INTEGER NOT NULL
                    CHECK (typeof(from_amount) = 'integer' AND abs(from_amount) <= 1000000000000000),
                from_currency TEXT NOT NULL CHECK (length(from_currency) = 3 AND from_currency = upper(from_currency)),
                to_amount INTEGER NOT NULL
                    CHECK (typeof(to_amount) = 'integer' AND abs(to_amount) <= 1000000000000000),
                to_currency TEXT NOT NULL CHECK (length(to_currency) = 3 AND to_currency = upper(to_currency)),
                exchange_date TEXT NOT NULL CHECK (exchange_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                created_at TEXT NOT NULL,
                CHECK (from_currency <> to_currency),
                CHECK (from_amount <> 0 OR to_amount <> 0)
            );
            CREATE INDEX currency_exchange_trip ON currency_exchange(trip_id, exchange_date);
            CREATE INDEX currency_exchange_member ON currency_exchange(member_id);
            CREATE TABLE import_source_v10 (
                kind TEXT NOT NULL CHECK (kind IN ('trip', 'member', 'expense', 'payment', 'exchange')),
                source TEXT NOT NULL,
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                local_id TEXT NOT NULL,
                imported_at TEXT NOT NULL,
                PRIMARY KEY (kind, source)
            ) WITHOUT ROWID;
            INSERT INTO import_source_v10 SELECT kind, source, trip_id, local_id, imported_at FROM import_source;
            DROP TABLE import_source;
            ALTER TABLE import_source_v10 RENAME TO import_source;
            CREATE INDEX import_source_trip ON import_source(trip_id);
            CREATE TRIGGER exchange_insert AFTER INSERT ON currency_exchange BEGIN
            \(SchemaV1.addTotals(contribution("NEW", sign: "1")))
            END;
            CREATE TRIGGER exchange_delete BEFORE DELETE ON currency_exchange BEGIN
            \(SchemaV1.addTotals(contribution("OLD", sign: "-1")))
            END;
            """)
    }

    /// The member's totals in both currencies: a positive `from` is received, a negative one
    /// made; a positive `to` is made, a negative one received.
    private static func contribution(_ row: String, sign: String) -> [String] {
        [
            """
            SELECT \(row).trip_id, \(row).member_id, \(row).from_currency, 0, 0,
                \(sign) * max(-\(row).from_amount, 0), \(sign) * max(\(row).from_amount, 0)
            """,
            """
            SELECT \(row).trip_id, \(row).member_id, \(row).to_currency, 0, 0,
                \(sign) * max(\(row).to_amount, 0), \(sign) * max(-\(row).to_amount, 0)
            """,
        ]
    }
}
