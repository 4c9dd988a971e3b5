import SplitCore

/// `split export --format cospend`: one trip as the project CSV that Cospend (Nextcloud)
/// exports and imports, with the bills of ``IHateMoneyBills`` (Cospend, like ihatemoney,
/// divides a bill among its owers by weight, so the same cut keeps every balance to the cent).
///
/// Sections, separated by blank lines as Cospend writes them:
/// - members `name,weight,active,color`: every member with weight 1, active, no colour (Cospend
///   picks one);
/// - bills `what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat,
///   repeatfreq,repeatallactive,repeatuntil,categoryid,paymentmode,paymentmodeid,comment,deleted`:
///   amounts in major units of the trip's currency, owers joined with `,`, the timestamp at noon
///   UTC of the date (so the day stays the same in every time zone within twelve hours of UTC),
///   reimbursements (payments, repaid shares) as Cospend's category −11, Other as none (0),
///   never repeating;
/// - categories `categoryname,categoryid,icon,color`: every other category the bills use, the six
///   and the trip's own alike, numbered from 1 in the trip's order, so a project read back
///   (by Cospend or by `split import`) keeps each expense's category by its name;
/// - currencies `currencyname,exchange_rate`: the trip's currency at 1, then its rates (the value
///   of one unit in the trip's currency, as Cospend reads them).
enum CospendExport {
    static let billColumns = ["what", "amount", "date", "timestamp", "payer_name", "payer_weight", "payer_active", "owers", "repeat",
                              "repeatfreq", "repeatallactive", "repeatuntil", "categoryid", "paymentmode", "paymentmodeid", "comment", "deleted"]

    /// The project's categories: each one a bill uses, except Other (Cospend's "no category"),
    /// in the trip's listing order, with its id from 1.
    static func categories(_ bills: [IHateMoneyBills.Bill], trip: ExportTrip) -> [(category: Category, id: Int)] {
        let used = Set(bills.filter { !$0.isReimbursement }.map(\.category.key))
        return trip.categories.filter { used.contains($0.key) && $0.key != Category.other.key }
            .enumerated().map { ($0.element, $0.offset + 1) }
    }

    static func csv(_ bills: [IHateMoneyBills.Bill], trip: ExportTrip) -> String {
        let currency = trip.trip.currency
        var writer = CSVWriter()
        writer.row(["name", "weight", "active", "color"])
        for member in trip.members { writer.row([member.name, "1", "1", ""]) }
        var text = writer.text + "\r\n"
        writer = CSVWriter()
        writer.row(billColumns)
        let categories = categories(bills, trip: trip)
        let ids = Dictionary(categories.map { ($0.category.key, String($0.id)) }, uniquingKeysWith: { first, _ in first })
        for bill in bills {
            let timestamp = bill.date.daysSinceEpoch * 86_400 + 43_200
            writer.row([bill.what, Amounts.text(bill.amount, currency), bill.date.description, String(timestamp), bill.payer, "1", "1",
                        bill.owers.joined(separator: ","), "n", "1", "0", "", bill.isReimbursement ? "-11" : ids[bill.category.key] ?? "0",
                        "n", "0", "", "0"])
        }
        text += writer.text + "\r\n"
        if !categories.isEmpty {
            writer = CSVWriter()
            writer.row(["categoryname", "categoryid", "icon", "color"])
            for (category, id) in categories { writer.row([category.rawValue, String(id), "", ""]) }
            text += writer.text + "\r\n"
        }
        writer = CSVWriter()
        writer.row(["currencyname", "exchange_rate"])
        writer.row([currency.code, "1"])
        for rate in trip.rates where rate.code != currency.code { writer.row([rate.code, rate.rate.text]) }
        return text + writer.text
    }
}
