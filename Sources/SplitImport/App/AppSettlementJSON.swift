import SplitCore
import SplitJSON

/// Reads the two JSON lists the app keeps under `key_value` (or as top-level keys of its legacy
/// JSON): `BudgetSplitter_settlementPayments` and `BudgetSplitter_paidExpenseMarks`.
enum AppSettlementJSON {
    static let paymentsKey = "BudgetSplitter_settlementPayments"
    static let marksKey = "BudgetSplitter_paidExpenseMarks"

    static func payments(_ value: JSONValue, at location: String) throws(ImportError) -> [AppData.Payment] {
        guard let items = value.arrayValue else { throw ImportError(location, "must be an array, got \(value.typeName)") }
        var result: [AppData.Payment] = []
        for (index, item) in items.enumerated() {
            let here = "\(location)[\(index)]"
            let field = AppJSONFields(item, at: here)
            result.append(AppData.Payment(
                id: try field.string("id"), debtor: try field.string("debtorId"), creditor: try field.string("creditorId"),
                amount: try field.number("amount"), note: try field.optionalString("note"),
                date: try field.referenceDate("date"),
                amountReceived: try field.optionalNumber("amountReceived"),
                changeGivenBack: try field.optionalNumber("changeGivenBack"),
                amountTreatedByMe: try field.optionalNumber("amountTreatedByMe"),
                forExpenses: try field.optionalStrings("paymentForExpenseIds") ?? [], location: here))
        }
        return result
    }

    static func paidMarks(_ value: JSONValue, at location: String) throws(ImportError) -> [AppData.PaidMark] {
        guard let items = value.arrayValue else { throw ImportError(location, "must be an array, got \(value.typeName)") }
        var result: [AppData.PaidMark] = []
        for (index, item) in items.enumerated() {
            let field = AppJSONFields(item, at: "\(location)[\(index)]")
            result.append(AppData.PaidMark(debtor: try field.string("debtorId"), creditor: try field.string("creditorId"),
                                           expense: try field.string("expenseId")))
        }
        return result
    }
}
