/// Rows that could not be read exactly, collected over a whole file so that the refusal can say
/// how many there are: the file is refused naming the first (nothing is written), or with
/// `--keep-going` each is reported as skipped.
struct RowProblems {
    private(set) var errors: [ImportError] = []

    mutating func add(_ error: ImportError) { errors.append(error) }

    /// Throws for the first problem unless `keepGoing`; then each becomes a warning.
    func settle(keepGoing: Bool, warnings: inout ImportWarnings) throws(ImportError) {
        if let first = errors.first, !keepGoing {
            let more = errors.count - 1
            throw ImportError(first.location, first.problem
                              + (more > 0 ? " (and \(more) other row\(more == 1 ? "" : "s") cannot be read either)" : "")
                              + "; nothing was imported; --keep-going skips such rows")
        }
        for error in errors { warnings.add("\(error.message); skipped") }
    }
}
