import Mustache
/// The page's data for the templates (``HTMLTemplates``), in the order it is shown: plain
/// strings, numbers, flags and lists, read by Mustache through reflection. Built from a
/// ``TripReport`` by ``HTMLReport`` and rendered in one pass.
struct HTMLPage {
    struct Total {
        let currency: String
        let total: String
        let count: String
    }

    struct Settlement {
        let currency: String
        let conversion: String?
        let chart: ChartView
        let planHeading: String
        let hasTransfers: Bool
        let transfers: [Transfer]
    }

    struct Transfer {
        let text: String
        /// One of yours: drawn in bold.
        let yours: Bool
    }

    struct Spending {
        let currency: String
        let unit: String
        let categories: ChartView
        let timeline: ChartView
    }

    /// One row of the expense list, up to 500 a page: named by ``child(named:)`` rather than
    /// reflection, which Mustache would otherwise do for every field of every row.
    struct ExpenseRow: MustacheParent {
        let date: String
        let description: String
        let category: String
        let paidBy: String
        let amount: String
        /// An itemized bill's items and extras (``BillSummary``), shown under its description.
        let items: String?

        func child(named name: String) -> Any? {
            switch name {
            case "date": return date
            case "description": return description
            case "category": return category
            case "paidBy": return paidBy
            case "amount": return amount
            case "items": return items
            default: return nil
            }
        }
    }

    let title: String
    let summary: String
    let madeAt: String
    let notices: [String]
    let hasTotals: Bool
    let totals: [Total]
    let settlements: [Settlement]
    let spending: [Spending]
    let hasExpenses: Bool
    let capNote: String?
    let expenses: [ExpenseRow]
    let hasHeld: Bool
    let heldHeading: String
    let held: [String]
    /// The JSON document, already made safe for the data island (``TripReport/dataIsland(_:)``):
    /// the one value the template writes without escaping.
    let data: String
}
