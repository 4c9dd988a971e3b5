extension ServerSchema {
    /// The split as given (`splitGiven`, feature `split-given`): how a client divided the
    /// expense (exact amounts, percentages, shares or an itemized bill), kept beside its splits.
    ///
    /// One nullable JSONB column on `expenses`, holding one canonical form: the contract's
    /// `SplitGiven` as ``SplitGivenWire`` writes it for the parsed rule (member ids in lower
    /// case, amounts in major units of the row's own `currency`), never the client's text.
    /// JSONB rather than TEXT because PostgreSQL then refuses anything that is not JSON, a
    /// CHECK can pin the shape the server writes, and an operator can query it
    /// (`split_given->>'mode'`); its key order is lost, which no reader depends on.
    ///
    /// NULL means none: an equal split is never kept (the splits show it), so `equal` is not a
    /// stored mode. Rows written before this version, and by the Node server, have NULL.
    static let splitGiven: [String] = [
        "ALTER TABLE expenses ADD COLUMN IF NOT EXISTS split_given JSONB",
        """
        ALTER TABLE expenses ADD CONSTRAINT expenses_split_given_kept CHECK (split_given IS NULL OR (
            jsonb_typeof(split_given) = 'object' AND split_given->>'mode' IN ('exact', 'percent', 'shares', 'items')))
        """,
    ]
}
