import SplitCore

extension StoredAmount {
    /// Minor units of a stored amount, from the two readings every amount query selects:
    /// `(amount * 100)::int8` and `(amount * 1000)::int8` (PostgreSQL rounds each half away
    /// from zero, as the Node schema's NUMERIC(12, 2) column rounded what it was given).
    ///
    /// Since schema version 7 the amount columns keep every digit written, so a three-decimal
    /// currency (KWD 12.345) takes its thousandths as they are. Every other currency reads
    /// whole cents, exactly as before, through ``minor(cents:currency:)`` and its rule for
    /// legacy rows.
    static func minor(cents: Int64, thousandths: Int64, currency: Currency) -> Int64 {
        currency.exponent == 3 ? thousandths : minor(cents: cents, currency: currency)
    }
}
