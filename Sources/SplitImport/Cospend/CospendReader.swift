import Foundation
import SplitCore

/// Reads a Cospend (Nextcloud) project CSV (``CospendSections``) into one trip.
///
/// - **Amounts** are in the project's main currency, the one the currencies section rates 1
///   (else the fallback currency); other currencies there become the trip's rates (Cospend's
///   `exchange_rate` is the value of one unit in the main currency, as split's rates are).
///   Cospend keeps amounts as floats, so a converted bill may hold more than cents: it is
///   rounded half to even and counted in a warning.
/// - **Shares** follow Cospend: a bill is divided among its owers by the members' weights (the
///   members section, else the payer's `payer_weight`, else 1), exactly by ``LargestRemainder``.
/// - **Owers** are joined with `,`, so names holding a comma are put back together from the
///   members section (``NameList``).
/// - **Dates**: `timestamp` (seconds, UTC) wins over `date`, as in Cospend.
/// - **Category −11** is Cospend's reimbursement: the bill becomes payments from its payer to
///   each ower. Others are kept as the trip's own (``ImportCategories``): Cospend's built-in
///   negative ids by their names, custom ones by the categories section.
/// - **Comments** are URL-encoded and become notes; bills in the trash (`deleted=1`) are
///   skipped and counted; a repeating bill is imported once (Cospend writes each repetition as
///   its own bill).
struct CospendReader {
    let bytes: [UInt8]
    let fileName: String
    let options: ImportOptions

    static let builtInCategories: [Int: String] = [
        -1: "Grocery", -2: "Bar/Party", -3: "Rent", -4: "Bill", -5: "Excursion/Culture", -6: "Health", -10: "Shopping",
        -11: "Reimbursement", -12: "Restaurant", -13: "Accommodation", -14: "Transport", -15: "Sport",
    ]
    static let billColumns = ["what", "amount", "date", "timestamp", "payer_name", "payer_weight", "payer_active", "owers", "repeat",
                              "repeatfreq", "repeatallactive", "repeatuntil", "categoryid", "paymentmode", "paymentmodeid", "comment", "deleted"]

    func read() throws(ImportError) -> ImportPlan {
        let file = try CospendSections(bytes)
        guard let bills = file.sections[.bills] else {
            throw ImportError("", "has no bills section (what,amount,date,timestamp,payer_name,…); Cospend's export writes one")
        }
        var warnings = ImportWarnings()
        let (currency, rates) = try currencies(file.sections[.currencies], warnings: &warnings)
        let name = fileName
        var builder = WeightedTrip(app: "cospend", source: "cospend:project:\(name.lowercased())", name: name, currency: currency)
        builder.trip.rates = rates

        var weights: [String: ExactDecimal] = [:]
        var known = Set<String>()
        if let members = file.sections[.members] {
            let index = members.index
            for record in members.rows {
                let fields = record.fields.map(SpreadsheetGuard.unguarded)
                guard let at = index["name"], at < fields.count, !fields[at].trimmingSpaces.isEmpty else {
                    throw ImportError("line \(record.line)", "a member without a name")
                }
                let member = fields[at].trimmingSpaces
                known.insert(member)
                if let column = index["weight"], column < fields.count {
                    guard let weight = ExactDecimal(fields[column]), weight.significand >= 0 else {
                        throw ImportError("line \(record.line), weight", "'\(fields[column])' is not a weight of zero or more")
                    }
                    weights[member.lowercased()] = weight
                }
            }
        }
        var categoryNames: [Int: String] = Self.builtInCategories
        if let categories = file.sections[.categories] {
            let index = categories.index
            for record in categories.rows {
                if let n = index["categoryname"], let i = index["categoryid"], n < record.fields.count, i < record.fields.count,
                   let id = Int(record.fields[i].trimmingSpaces) {
                    categoryNames[id] = record.fields[n].trimmingSpaces
                }
            }
        }

        let index = bills.index
        for column in ["what", "amount", "payer_name", "owers"] where index[column] == nil {
            throw ImportError("line \(bills.header.line)", "has no column '\(column)'; Cospend's bills have \(Self.billColumns.joined(separator: ","))")
        }
        guard index["date"] != nil || index["timestamp"] != nil else {
            throw ImportError("line \(bills.header.line)", "has neither date nor timestamp; Cospend's bills have both")
        }
        // Payers are named in a field of their own: with the members section, they tell names holding a comma.
        for record in bills.rows where index["payer_name"]! < record.fields.count {
            let payer = SpreadsheetGuard.unguarded(record.fields[index["payer_name"]!]).trimmingSpaces
            known.insert(payer)
            if weights[payer.lowercased()] == nil, let column = index["payer_weight"], column < record.fields.count,
               let weight = ExactDecimal(record.fields[column]), weight.significand >= 0 {
                weights[payer.lowercased()] = weight
            }
        }
        var problems = RowProblems()
        var deleted = 0
        var rounded = 0
        var repeating = 0
        var assumed = Set<String>()
        for record in bills.rows {
            let here = "line \(record.line)"
            let fields = record.fields.map(SpreadsheetGuard.unguarded)
            func field(_ name: String) -> String { index[name].flatMap { $0 < fields.count ? fields[$0] : nil }?.trimmingSpaces ?? "" }
            do throws(ImportError) {
                guard fields.count == bills.header.fields.count else {
                    throw ImportError(here, "has \(fields.count) columns; the bills header has \(bills.header.fields.count)")
                }
                if field("what") == "deleteMeIfYouWant" { continue }
                if field("deleted") == "1" {
                    deleted += 1
                    continue
                }
                let date: CivilDate
                if let seconds = Int64(field("timestamp")), seconds > 0 {
                    date = Timestamp(millisecondsSince1970: seconds * 1000).utcDate
                } else {
                    date = try ImportValues.date(field("date"), at: "\(here), date")
                }
                guard let amount = ExactDecimal(field("amount")) else {
                    throw ImportError("\(here), amount", "'\(field("amount"))' is not a number")
                }
                var minor = amount.units(exponent: currency.exponent, limit: Money.maxMinorUnits)
                if minor == nil, amount.scale > currency.exponent {
                    let over = ExactDecimal.powerOfTen(amount.scale - currency.exponent)
                    let value = Rounding.halfEven(amount.significand, over: over)
                    if value.magnitude <= UInt128(Money.maxMinorUnits) {
                        minor = Int64(value)
                        rounded += 1
                    }
                }
                guard let minor else { throw ImportError("\(here), amount", "\(field("amount")) is too large") }
                let payer = field("payer_name")
                guard !payer.isEmpty else { throw ImportError("\(here), payer_name", "is empty; every bill needs the member who paid it") }
                var owers: [(name: String, weight: Int128)] = []
                let names = NameList.split(index["owers"].map { fields[$0] } ?? "", known: known)
                var seen = Set<String>()
                let decimals = names.filter { seen.insert($0.lowercased()).inserted }.map { name -> (String, ExactDecimal) in
                    if let weight = weights[name.lowercased()] { return (name, weight) }
                    assumed.insert(name)
                    return (name, ExactDecimal("1")!)
                }
                guard !decimals.isEmpty else { throw ImportError("\(here), owers", "is empty; every bill needs the members it was for") }
                let common = decimals.map(\.1.scale).max() ?? 0
                owers = decimals.map { ($0.0, $0.1.scaled(to: common)) }
                let what = field("what")
                if minor == 0 {
                    warnings.add("\(here): '\(what)' is zero; skipped")
                    continue
                }
                if !["", "n"].contains(field("repeat")) { repeating += 1 }
                let categoryID = Int(field("categoryid")) ?? 0
                let reimbursement = categoryID == -11
                let category = reimbursement || categoryID == 0 ? Category.other
                    : ImportCategories.category(categoryNames[categoryID] ?? "category \(categoryID)", warnings: &warnings)
                let comment = field("comment").replacingOccurrences(of: "+", with: " ")
                let note = (comment.removingPercentEncoding ?? comment).trimmingSpaces.nilIfEmpty
                let source = builder.source(fields.joined(separator: "\u{1F}"))
                if let problem = builder.add(source: source, description: what, minor: minor, currency: currency, date: date, payer: payer,
                                             owers: owers, reimbursement: reimbursement, category: category, note: note) {
                    throw ImportError(here, problem)
                }
            } catch {
                problems.add(error)
            }
        }
        try problems.settle(keepGoing: options.keepGoing, warnings: &warnings)
        if deleted > 0 { warnings.add("\(deleted) bill\(deleted == 1 ? " is" : "s are") in Cospend's trash (deleted=1); skipped") }
        if rounded > 0 {
            warnings.add("\(rounded) bill\(rounded == 1 ? "" : "s") held amounts beyond \(currency.code) cents (Cospend converts with floats); "
                         + "rounded half to even")
        }
        if repeating > 0 { warnings.add("\(repeating) bill\(repeating == 1 ? " repeats" : "s repeat") in Cospend; imported once each, as the file holds them") }
        let trip = builder.finished(warnings: &warnings)
        let used = Set(trip.members.map(\.source))
        let assumedUsed = assumed.filter { used.contains("cospend:member:\($0.lowercased())") }.sorted()
        if !assumedUsed.isEmpty { warnings.add("no weight given for \(assumedUsed.joined(separator: ", ")); taken as 1") }
        return ImportPlan(trips: [trip], warnings: warnings.all)
    }

    /// The main currency (rate 1, or the first listed) and the others' rates.
    private func currencies(_ section: CospendSections.Section?, warnings: inout ImportWarnings) throws(ImportError) -> (Currency, [String: ExchangeRate]) {
        let fallback = options.fallbackCurrency ?? (try? Currency(code: "USD"))!
        guard let section, !section.rows.isEmpty else { return (fallback, [:]) }
        let index = section.index
        var listed: [(record: CSVReader.Record, name: String, rate: String)] = []
        for record in section.rows {
            let name = index["currencyname"].flatMap { $0 < record.fields.count ? record.fields[$0].trimmingSpaces : nil } ?? ""
            let rate = index["exchange_rate"].flatMap { $0 < record.fields.count ? record.fields[$0].trimmingSpaces : nil } ?? ""
            listed.append((record, name, rate))
        }
        let main = listed.first { ExactDecimal($0.rate) == ExactDecimal("1") } ?? listed[0]
        var ignore = ImportWarnings()
        let currency = SpliitCurrency.resolve(code: main.name, symbol: nil, fallback: fallback, warnings: &ignore)
        if currency == fallback && main.name.uppercased() != fallback.code {
            warnings.add("the main currency '\(main.name)' is not an ISO 4217 code split knows; taken as \(fallback.code)")
        }
        var rates: [String: ExchangeRate] = [:]
        for entry in listed where entry.record.line != main.record.line {
            guard let other = (try? Currency(code: entry.name.uppercased())) ?? SpliitCurrency.symbols[entry.name].flatMap({ try? Currency(code: $0) }) else {
                warnings.add("line \(entry.record.line): currency '\(entry.name)' is not an ISO 4217 code split knows; its rate is left out")
                continue
            }
            guard other != currency else { continue }
            do {
                rates[other.code] = try ExchangeRate(parsing: entry.rate)
            } catch {
                throw ImportError("line \(entry.record.line), exchange_rate", "'\(entry.rate)' is not a rate above zero")
            }
        }
        return (currency, rates)
    }
}
