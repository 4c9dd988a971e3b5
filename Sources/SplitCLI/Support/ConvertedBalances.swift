import Foundation
import SplitCore
import SplitReport

/// `--in CUR`: a trip's balances in one currency with the trip's own rates, or the one-line
/// refusal that names the missing rate and how to set it. `settle --in` and `friends --in`
/// convert, and refuse, alike.
enum ConvertedBalances {
    /// `all` converted with ``SplitCore/CurrencyConverter`` (nothing when there is nothing).
    /// `naming` the trip in the message: a command over every trip says which one lacks it.
    static func of(_ all: [CurrencyBalances], trip: Trip, rates: [String: ExchangeRate], to target: Currency,
                   namingTrip: Bool = false) throws -> [CurrencyBalances] {
        switch try attempt(all, trip: trip, rates: rates, to: target, namingTrip: namingTrip) {
        case .converted(let balances):
            return balances
        case .missingRate(let code):
            throw CLIError.data(missingRate(code, trip: trip, namingTrip: namingTrip))
        }
    }

    /// The currency exchanges that carry `all` into `target` (``SplitCore/ExchangePlanner``),
    /// refused alike: `settle --record --in`.
    static func exchanges(_ all: [CurrencyBalances], trip: Trip, rates: [String: ExchangeRate],
                          to target: Currency) throws -> ExchangePlanner.Result {
        do {
            return try ExchangePlanner.plan(all, home: trip.currency, rates: rates, to: target)
        } catch .missingRate(let code) {
            throw CLIError.data(missingRate(code, trip: trip, namingTrip: false))
        } catch .overflow {
            throw CLIError.data("the converted totals are too large to compute exactly")
        }
    }

    /// What converting a trip came to: its balances, or the code of a currency it has no rate for.
    enum Outcome {
        case converted([CurrencyBalances])
        case missingRate(String)
    }

    /// `all` converted, or the currency whose rate is missing: for a command over every trip,
    /// which leaves such a trip out rather than refusing (`friends --in`). Only a total too large
    /// to compute is an error.
    static func attempt(_ all: [CurrencyBalances], trip: Trip, rates: [String: ExchangeRate], to target: Currency,
                        namingTrip: Bool = true) throws -> Outcome {
        guard !all.isEmpty else { return .converted([]) }
        do {
            return .converted([try CurrencyConverter.convert(all, home: trip.currency, rates: rates, to: target)])
        } catch .missingRate(let code) {
            return .missingRate(code)
        } catch .overflow {
            throw CLIError.data("the converted totals\(namingTrip ? " of trip '\(trip.name)'" : "") are too large to compute exactly")
        }
    }

    /// The words for a trip that lacks `code`'s rate, and how to set it.
    static func missingRate(_ code: String, trip: Trip, namingTrip: Bool) -> String {
        let home = trip.currency.code
        let which = namingTrip ? "trip '\(trip.name)' (a \(home) trip)" : "this \(home) trip"
        let flag = namingTrip ? " --trip \(quoted(trip.name))" : ""
        return "no exchange rate for \(code) in \(which); set one with: "
            + "split trip rate \(code) RATE\(flag)   (RATE = value of 1 \(code) in \(home))"
    }

    /// ``of(_:trip:rates:to:namingTrip:)`` and what it used: the target, the home currency and
    /// the trip's rates it needed, as `settle --in` and `report --in` list them.
    static func withRates(_ all: [CurrencyBalances], trip: Trip, rates: [String: ExchangeRate],
                          to target: Currency) throws -> (balances: [CurrencyBalances], conversion: ReportConversion) {
        let used = all.isEmpty ? [] : CurrencyConverter.ratesNeeded(all, home: trip.currency, to: target).compactMap { code in
            rates[code].map { UsedRate(code: code, rate: $0) }
        }
        return (try of(all, trip: trip, rates: rates, to: target),
                ReportConversion(target: target, home: trip.currency, rates: used))
    }

    /// A trip name as a shell word: in double quotes when it holds a space or a quote.
    private static func quoted(_ name: String) -> String {
        guard name.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" }) else { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
