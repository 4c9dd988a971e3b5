import GRDB

/// `a, b, c`: the names of a record's columns, for a fixed statement built once from its
/// `Columns` (a SELECT list, an INSERT's column list), so the statement and the reads by
/// column name cannot disagree.
func columnList(_ columns: [Column]) -> String {
    columns.map(\.name).joined(separator: ", ")
}
