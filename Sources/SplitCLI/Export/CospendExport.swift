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
///   reimbursements (payments, repaid shares) as Cospend's category −11 and the six categories
///   as its built-in ones, never repeating;
/// - currencies `currencyname,exchange_rate`: the trip's currency at 1, then its rates (the value
///   of one unit in the trip's currency, as Cospend reads them).
enum CospendExport {
    static let billColumns = ["what", "amount", "date", "timestamp", "payer_name", "payer_weight", "payer_active", "owers", "repeat",
                              "repeatfreq", "repeatallactive", "repeatuntil", "categoryid", "paymentmode", "paymentmodeid", "comment", "deleted"]

    /// Cospend's built-in category ids for split's six; a category of the trip's own (or Other)
    /// is written with none (0), as Cospend has no id for it.
    static func categoryID(_ category: Category) -> String {
        switch Category(name: category.rawValue) ?? .other {
        case .meal: return "-12"        // Restaurant
        case .transport: return "-14"   // Transport
        case .hotel: return "-13"       // Accommodation
        case .tickets: return "-5"      // Excursion/Culture
        case .shopping: return "-10"    // Shopping
        default: return "0"
        }
    }

    static func csv(_ bills: [IHateMoneyBills.Bill], trip: ExportTrip) -> String {
        let currency = trip.trip.currency
        var writer = CSVWriter()
        writer.row(["name", "weight", "active", "color"])
        for member in trip.members { writer.row([member.name, "1", "1", ""]) }
        var text = writer.text + "\r\n"
        writer = CSVWriter()
        writer.row(billColumns)
        for bill in bills {
            let timestamp = bill.date.daysSinceEpoch * 86_400 + 43_200
            writer.row([bill.what, Amounts.text(bill.amount, currency), bill.date.description, String(timestamp), bill.payer, "1", "1",
                        bill.owers.joined(separator: ","), "n", "1", "0", "", bill.isReimbursement ? "-11" : categoryID(bill.category),
                        "n", "0", "", "0"])
        }
        text += writer.text + "\r\n"
        writer = CSVWriter()
        writer.row(["currencyname", "exchange_rate"])
        writer.row([currency.code, "1"])
        for rate in trip.rates where rate.code != currency.code { writer.row([rate.code, rate.rate.text]) }
        return text + writer.text
    }
}
