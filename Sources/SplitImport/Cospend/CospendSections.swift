/// Cospend's project CSV cut into its sections, each a header row then data rows (Cospend puts a
/// blank line between them): members `name,weight,active,color`; bills
/// `what,amount,date,timestamp,payer_name,…,owers,…,categoryid,…,comment,deleted`; categories
/// `categoryname,categoryid,icon,color`; payment modes `paymentmodename,…`; currencies
/// `currencyname,exchange_rate`. A section starts at its header row, wherever it is.
struct CospendSections {
    struct Section {
        var header: CSVReader.Record
        var rows: [CSVReader.Record] = []

        /// Where each column is, by its trimmed name.
        var index: [String: Int] {
            var index: [String: Int] = [:]
            for (position, name) in header.fields.enumerated() where index[name.trimmingSpaces] == nil {
                index[name.trimmingSpaces] = position
            }
            return index
        }
    }

    enum Kind: String, CaseIterable {
        case members = "name", bills = "what", categories = "categoryname", paymentModes = "paymentmodename", currencies = "currencyname"

        /// The second column each header has, so a member called `what` is not a header.
        var second: String {
            switch self {
            case .members: return "weight"
            case .bills: return "amount"
            case .categories: return "categoryid"
            case .paymentModes: return "paymentmodeid"
            case .currencies: return "exchange_rate"
            }
        }
    }

    var sections: [Kind: Section] = [:]

    init(_ bytes: [UInt8]) throws(ImportError) {
        var current: Kind?
        for record in try CSVReader.records(bytes) {
            let fields = record.fields.map(\.trimmingSpaces)
            if fields.allSatisfy(\.isEmpty) { continue }
            if fields.count >= 2, let kind = Kind.allCases.first(where: { $0.rawValue == fields[0] && $0.second == fields[1] }) {
                guard sections[kind] == nil else { throw ImportError("line \(record.line)", "a second \(kind.rawValue) section; Cospend writes one of each") }
                sections[kind] = Section(header: record)
                current = kind
                continue
            }
            guard let current else {
                throw ImportError("line \(record.line)", "comes before any section header; a Cospend file starts with name,weight,active,color or what,amount,…")
            }
            sections[current]?.rows.append(record)
        }
    }
}
