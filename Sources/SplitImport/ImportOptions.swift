import SplitCore

/// How `split import` reads a file, beyond its format.
public struct ImportOptions: Sendable {
    /// Skip rows that cannot be read exactly (each is reported) instead of refusing the file.
    public var keepGoing: Bool
    /// The currency of amounts a file gives without one (ihatemoney's `XXX`, a project with no
    /// currency): the target trip's with `--into`, else the default currency.
    public var fallbackCurrency: Currency?
    /// Which columns hold what, for `--format csv` (``MappedCSVReader``).
    public var columnMap: ColumnMap?

    public init(keepGoing: Bool = false, fallbackCurrency: Currency? = nil, columnMap: ColumnMap? = nil) {
        self.keepGoing = keepGoing
        self.fallbackCurrency = fallbackCurrency
        self.columnMap = columnMap
    }
}
