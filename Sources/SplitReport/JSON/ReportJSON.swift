import SplitCore
import SplitJSON

/// The JSON shapes of report values, written in one place: `split balances`, `split settle`
/// and `split report` (its `--json` and the page's data island) all use them, so a balance or
/// a transfer reads the same everywhere. Amounts are JSON numbers in major units, written from
/// exact decimal text, never through `Double`.
public enum ReportJSON {
    public static func amount(_ minor: Int64, _ currency: Currency) -> JSONValue {
        .number(DecimalText.major(minor, exponent: currency.exponent))
    }

    public static func balance(_ balance: MemberBalance, _ currency: Currency, _ names: MemberDirectory) -> JSONValue {
        .object([
            "memberId": .string(balance.memberID.rawValue),
            "memberName": .string(names.name(of: balance.memberID)),
            "totalPaid": amount(balance.totalPaid, currency),
            "totalShare": amount(balance.totalShare, currency),
            "paymentsMade": amount(balance.paymentsMade, currency),
            "paymentsReceived": amount(balance.paymentsReceived, currency),
            "netBalance": amount(balance.net, currency),
        ])
    }

    public static func transfer(_ transfer: Transfer, _ currency: Currency, _ names: MemberDirectory) -> JSONValue {
        .object([
            "fromId": .string(transfer.from.rawValue),
            "fromName": .string(names.name(of: transfer.from)),
            "toId": .string(transfer.to.rawValue),
            "toName": .string(names.name(of: transfer.to)),
            "amount": amount(transfer.amount, currency),
        ])
    }

    /// The rates a conversion used, as `settle --in --json` lists them.
    public static func rates(_ conversion: ReportConversion) -> JSONValue {
        .array(conversion.rates.map {
            .object(["currency": .string($0.code), "rate": .number($0.rate.text), "home": .string(conversion.home.code)])
        })
    }
}
