import SplitCore
import SplitJSON

/// Reads split's own `export --format json` (format `split-export`, versions 1 and 2) back,
/// exactly: amounts are decimal text, members are referred to by id, paid marks and payments
/// included. Version 2 adds each expense's `payers`; a version 1 expense has only `paidBy`,
/// who paid it all. Version 3 adds `splitGiven`, how the split was given (``SplitGivenText``).
/// Version 4 adds each trip's currency `exchanges` (`settle --record --in`).
///
/// Sources are the exported ids (`split:expense:<id>`), so importing the same export twice
/// adds nothing, and `--keep-ids` can reuse them as local ids.
struct SplitJSONReader {
    let bytes: [UInt8]

    /// The versions this reader takes.
    static let versions: Set<String> = ["1", "2", "3", "4"]

    func read() throws(ImportError) -> ImportPlan {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw ImportError("", "not valid JSON: \(error.description)") }
        guard document["format"]?.stringValue == "split-export" else {
            throw ImportError("format", "must be \"split-export\"; this is not a split export")
        }
        guard let version = document["version"]?.numberText, Self.versions.contains(version) else {
            throw ImportError("version", "must be 1, 2, 3 or 4; this file was written by a newer split, so update split to import it")
        }
        guard let trips = document["trips"]?.arrayValue else { throw ImportError("trips", "must be an array") }
        var plan = ImportPlan()
        var warnings = ImportWarnings()
        for (index, item) in trips.enumerated() {
            plan.trips.append(try trip(item, at: "trips[\(index)]", warnings: &warnings))
        }
        plan.warnings = warnings.all
        return plan
    }

    private func trip(_ item: JSONValue, at location: String, warnings: inout ImportWarnings) throws(ImportError) -> ImportTrip {
        let fields = AppJSONFields(item, at: location)
        let currency = try ImportValues.currency(try fields.string("currency"), at: "\(location).currency")
        var trip = ImportTrip(source: "split:trip:\(try fields.string("id"))", name: try fields.string("name"), currency: currency)
        for (index, rate) in try array(item, "rates", at: location).enumerated() {
            let here = "\(location).rates[\(index)]"
            let code = try ImportValues.currency(try AppJSONFields(rate, at: here).string("currency"), at: "\(here).currency")
            guard let text = rate["rate"]?.numberText ?? rate["rate"]?.stringValue, let parsed = try? ExchangeRate(parsing: text) else {
                throw ImportError("\(here).rate", "must be a positive number")
            }
            trip.rates[code.code] = parsed
        }
        var known = Set<String>()
        for (index, member) in try array(item, "members", at: location).enumerated() {
            let fields = AppJSONFields(member, at: "\(location).members[\(index)]")
            let id = try fields.string("id")
            known.insert(id)
            trip.members.append(ImportMember(source: "split:member:\(id)", name: try fields.string("name")))
            if let left = try fields.optionalString("leftOn") {
                trip.departures["split:member:\(id)"] = try ImportValues.date(left, at: "\(location).members[\(index)].leftOn")
            }
        }
        // Version 4: the trip's own categories; an expense may name any of them.
        for (index, category) in try array(item, "categories", at: location).enumerated() {
            guard let name = category.stringValue, (try? NameRules.category(name)) == name else {
                throw ImportError("\(location).categories[\(index)]", "must be a category name of 1 to \(NameRules.maxLength) characters")
            }
            trip.categories.append(name)
        }
        let ownCategories = TripCategories(trip.categories.map(Category.init(rawValue:)))
        let memberSources = Dictionary(known.map { ($0, "split:member:\($0)") }, uniquingKeysWith: { first, _ in first })
        func member(_ id: String, at here: String) throws(ImportError) -> String {
            guard known.contains(id) else { throw ImportError(here, "names member '\(id)', who is not in the trip's members") }
            return "split:member:\(id)"
        }
        for (index, expense) in try array(item, "expenses", at: location).enumerated() {
            let here = "\(location).expenses[\(index)]"
            let fields = AppJSONFields(expense, at: here)
            let code = try ImportValues.currency(try fields.string("currency"), at: "\(here).currency")
            var shares: [ImportExpense.Share] = []
            for (position, split) in try array(expense, "splits", at: here).enumerated() {
                let at = "\(here).splits[\(position)]"
                let splitFields = AppJSONFields(split, at: at)
                shares.append(ImportExpense.Share(
                    member: try member(try splitFields.string("member"), at: "\(at).member"),
                    amount: try decimal(split["amount"], code, at: "\(at).amount"),
                    isPaid: split["isPaid"]?.boolValue ?? false))
            }
            let amount = Money(minorUnits: try decimal(expense["amount"], code, at: "\(here).amount"), currency: code)
            let named = try fields.optionalString("category")
            let category = named.flatMap { name in ownCategories.categories.first { $0.key == Category.key(for: name) } }
                ?? ImportCategories.category(named, warnings: &warnings)
            var payers: [ImportExpense.Payer] = []
            for (position, payer) in try array(expense, "payers", at: here).enumerated() {
                let at = "\(here).payers[\(position)]"
                payers.append(ImportExpense.Payer(
                    member: try member(try AppJSONFields(payer, at: at).string("member"), at: "\(at).member"),
                    amount: try decimal(payer["amount"], code, at: "\(at).amount")))
            }
            if payers.isEmpty {
                payers = [ImportExpense.Payer(member: try member(try fields.string("paidBy"), at: "\(here).paidBy"), amount: amount.minorUnits)]
            }
            trip.expenses.append(ImportExpense(
                source: "split:expense:\(try fields.string("id"))", description: try fields.optionalString("description") ?? "",
                amount: amount,
                category: category,
                payers: payers,
                date: try ImportValues.date(try fields.string("date"), at: "\(here).date"),
                note: try fields.optionalString("note"), createdAt: ImportValues.timestamp(try fields.optionalString("createdAt")),
                splits: shares))
            if let given = expense["splitGiven"], given != .null {
                guard given.objectValue != nil else { throw ImportError("\(here).splitGiven", "must be an object") }
                // Unread here: the store reads it, and keeps it only if it still gives the shares.
                trip.expenses[trip.expenses.count - 1].splitGiven = SplitGivenText(
                    text: given.serialized(pretty: false),
                    memberSources: memberSources)
            }
        }
        for (index, payment) in try array(item, "payments", at: location).enumerated() {
            let here = "\(location).payments[\(index)]"
            let fields = AppJSONFields(payment, at: here)
            let code = try ImportValues.currency(try fields.string("currency"), at: "\(here).currency")
            trip.payments.append(ImportPayment(
                source: "split:payment:\(try fields.string("id"))",
                from: try member(try fields.string("from"), at: "\(here).from"), to: try member(try fields.string("to"), at: "\(here).to"),
                amount: Money(minorUnits: try decimal(payment["amount"], code, at: "\(here).amount"), currency: code),
                date: try ImportValues.date(try fields.string("date"), at: "\(here).date"), note: try fields.optionalString("note")))
        }
        for (index, exchange) in try array(item, "exchanges", at: location).enumerated() {
            let here = "\(location).exchanges[\(index)]"
            let fields = AppJSONFields(exchange, at: here)
            let fromCode = try ImportValues.currency(try fields.string("fromCurrency"), at: "\(here).fromCurrency")
            let toCode = try ImportValues.currency(try fields.string("toCurrency"), at: "\(here).toCurrency")
            trip.exchanges.append(ImportExchange(
                source: "split:exchange:\(try fields.string("id"))", step: try fields.string("step"),
                member: try member(try fields.string("member"), at: "\(here).member"),
                from: Money(minorUnits: try decimal(exchange["fromAmount"], fromCode, at: "\(here).fromAmount"), currency: fromCode),
                to: Money(minorUnits: try decimal(exchange["toAmount"], toCode, at: "\(here).toAmount"), currency: toCode),
                date: try ImportValues.date(try fields.string("date"), at: "\(here).date")))
        }
        return trip
    }

    private func array(_ item: JSONValue, _ key: String, at location: String) throws(ImportError) -> [JSONValue] {
        guard let field = item[key], !field.isNull else { return [] }
        guard let items = field.arrayValue else { throw ImportError("\(location).\(key)", "must be an array, got \(field.typeName)") }
        return items
    }

    private func decimal(_ value: JSONValue?, _ currency: Currency, at location: String) throws(ImportError) -> Int64 {
        guard let text = value?.numberText ?? value?.stringValue else { throw ImportError(location, "must be a number") }
        return try ImportValues.decimal(text, currency, at: location)
    }
}
