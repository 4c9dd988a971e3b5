import ArgumentParser
import SplitCore
import SplitReport

/// `split category ...`: the trip's own categories. Every trip starts with the six the cloud
/// API knows; `--category` on add-expense and edit names one of the trip's.
struct CategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "List, add, rename and remove the trip's categories.",
        discussion: HelpText.reflow("""
        Every trip starts with Meal, Transport, Tickets, Shopping, Hotel and Other. Names \
        follow the member-name rules (1 to 100 characters, no control characters, unique in \
        any case). Renaming a category renames it in every expense; a category in use cannot \
        be removed. Other stays: expenses without a category go there.

        Examples:
          split category add Rent
          split category rename Hotel Lodging
          split category remove Tickets
          split category list
        """),
        subcommands: [CategoryListCommand.self, CategoryAddCommand.self, CategoryRenameCommand.self, CategoryRemoveCommand.self]
    )
}

struct CategoryListCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the trip's categories, with how many expenses each has.",
        discussion: HelpText.reflow("Example:\n  split category list --json")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> CategoryListing {
        let (trip, _) = try await context.tripAndMembers()
        let categories = try await context.backend.categories(trip: trip.id)
        let uses = try await context.backend.categoryUses(trip: trip.id)
        return CategoryListing(trip: trip, categories: categories.categories, uses: uses)
    }
}

struct CategoryAddCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a category to the trip.",
        discussion: HelpText.reflow("Example:\n  split category add Rent")
    )

    @Argument(help: "The new category's name.")
    var name: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> CategoryChanged {
        let (trip, _) = try await context.tripAndMembers()
        let checked = try NameRules.category(name)
        try await context.backend.changeCategories(.addCategory(checked), trip: trip.id, at: context.now)
        return CategoryChanged(trip: trip, action: .added, name: checked, old: nil, expenses: 0)
    }
}

struct CategoryRenameCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a category, in every expense too, as one change.",
        discussion: HelpText.reflow("Example:\n  split category rename Hotel Rent")
    )

    @Argument(help: "The category's current name (any case).", completion: ShellCompletion.categories)
    var old: String

    @Argument(help: "The new name.")
    var new: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> CategoryChanged {
        let (trip, _) = try await context.tripAndMembers()
        let current = try await context.backend.categories(trip: trip.id).resolve(old)
        let checked = try NameRules.category(new)
        let count = try await context.backend.categoryUses(trip: trip.id)[current.key] ?? 0
        try await context.backend.changeCategories(.renameCategory(from: current.rawValue, to: checked), trip: trip.id,
                                                   at: context.now)
        return CategoryChanged(trip: trip, action: .renamed, name: checked, old: current.rawValue, expenses: count)
    }
}

struct CategoryRemoveCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a category no expense uses.",
        discussion: HelpText.reflow("Example:\n  split category remove Tickets")
    )

    @Argument(help: "The category's name (any case).", completion: ShellCompletion.categories)
    var name: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> CategoryChanged {
        let (trip, _) = try await context.tripAndMembers()
        let current = try await context.backend.categories(trip: trip.id).resolve(name)
        try await context.backend.changeCategories(.removeCategory(current.rawValue), trip: trip.id, at: context.now)
        return CategoryChanged(trip: trip, action: .removed, name: current.rawValue, old: nil, expenses: 0)
    }
}
