import SplitCore
import SplitJSON

/// `split export --format ihatemoney|ihatemoney-csv`: one trip as the `bills.json` or
/// `bills.csv` ihatemoney 7.2.1 exports and takes at `POST /<project>/import` (bills from
/// ``IHateMoneyBills``).
///
/// Columns and keys are ihatemoney's: `what, bill_type, amount, currency, date, payer_name,
/// payer_weight, owers`. Amounts are decimals in major units of the trip's currency (ihatemoney
/// reads them as floats; two decimals are exact for it), every payer's weight is 1, and in the
/// CSV the owers are one field joined with `", "`. The CSV guards leading formula characters as
/// every split CSV does (``CSVWriter``), which ihatemoney's own export does too.
enum IHateMoneyExport {
    static let columns = ["what", "bill_type", "amount", "currency", "date", "payer_name", "payer_weight", "owers"]

    static func json(_ bills: [IHateMoneyBills.Bill], currency: Currency, pretty: Bool) -> [UInt8] {
        let items: [JSONValue] = bills.map { bill in
            .object([
                JSONMember("what", .string(bill.what)),
                JSONMember("bill_type", .string(bill.isReimbursement ? "Reimbursement" : "Expense")),
                JSONMember("amount", .number(Amounts.text(bill.amount, currency))),
                JSONMember("currency", .string(currency.code)),
                JSONMember("date", .string(bill.date.description)),
                JSONMember("payer_name", .string(bill.payer)),
                JSONMember("payer_weight", .number("1")),
                JSONMember("owers", .array(bill.owers.map { .string($0) })),
            ])
        }
        var buffer: [UInt8] = []
        JSONValue.array(items).write(to: &buffer, pretty: pretty)
        buffer.append(UInt8(ascii: "\n"))
        return buffer
    }

    static func csv(_ bills: [IHateMoneyBills.Bill], currency: Currency) -> String {
        var writer = CSVWriter()
        writer.row(columns)
        for bill in bills {
            writer.row([bill.what, bill.isReimbursement ? "Reimbursement" : "Expense", Amounts.text(bill.amount, currency),
                        currency.code, bill.date.description, bill.payer, "1", bill.owers.joined(separator: ", ")])
        }
        return writer.text
    }
}
