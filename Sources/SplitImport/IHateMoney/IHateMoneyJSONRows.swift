import SplitJSON

/// The rows of ihatemoney's `bills.json`: a JSON list of bill objects.
///
/// Numbers are kept as their literal text (``JSONValue/number(_:)``), so `12.1` is read as
/// 12.10 and never as the nearest `Double`.
enum IHateMoneyJSONRows {
    static func rows(_ bytes: [UInt8]) throws(ImportError) -> [IHateMoneyBill] {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw ImportError("", "not valid JSON: \(error.description)") }
        guard let items = document.arrayValue else {
            throw ImportError("", "must be a JSON list of bills, as ihatemoney's export/bills.json writes")
        }
        var rows: [IHateMoneyBill] = []
        rows.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let here = "bills[\(index)]"
            guard item.objectValue != nil else { throw ImportError(here, "must be an object, got \(item.typeName)") }
            func text(_ key: String, required: Bool = true) throws(ImportError) -> String? {
                guard let value = item[key], !value.isNull else {
                    if required { throw ImportError(here, "has no \(key); ihatemoney bills have what, bill_type, amount, currency, date, payer_name, payer_weight and owers") }
                    return nil
                }
                if let string = value.stringValue { return string }
                if let number = value.numberText { return number }
                throw ImportError("\(here).\(key)", "must be a string or a number, got \(value.typeName)")
            }
            guard let owers = item["owers"]?.arrayValue else { throw ImportError("\(here).owers", "must be a list of member names") }
            var names: [String] = []
            for (position, ower) in owers.enumerated() {
                guard let name = ower.stringValue else { throw ImportError("\(here).owers[\(position)]", "must be a name, got \(ower.typeName)") }
                names.append(name)
            }
            guard let amount = item["amount"]?.numberText ?? item["amount"]?.stringValue else {
                throw ImportError("\(here).amount", "must be a number")
            }
            rows.append(IHateMoneyBill(
                location: here, what: try text("what") ?? "", billType: try text("bill_type", required: false), amount: amount,
                currency: try text("currency", required: false), date: try text("date") ?? "",
                payerName: try text("payer_name") ?? "", payerWeight: try text("payer_weight", required: false) ?? "1",
                owers: names))
        }
        return rows
    }
}
