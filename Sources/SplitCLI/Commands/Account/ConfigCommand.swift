import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

/// `split config`: this device's settings (`config.json`) and your preferences, which follow
/// your account to every device (`preferences.json`, and split-server's `/api/preferences`).
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings and preferences.",
        discussion: HelpText.reflow("""
        Kept on this device:
          sync.auto         on or off (default on): sync after each change
          me.name           your name in trips: you are the member of that name (any case,
                            accents or surrounding space) in every trip where split member me
                            says nothing else; none clears it. Not sent to the server, which
                            keeps no such setting.
        Your preferences, kept with your account on split-server:
          default.currency  the currency of trip create without --currency
          default.category  the category of add-expense and recurring add without
                            --category: one of the six, or a trip's own category (Rent);
                            a trip without it refuses the expense with the ways out
          display.name      your account's name
        Give none to clear a default. A preference is kept here at once and sent to the
        logged-in server; offline, it is sent at the next sync. Commands read the copy kept
        here and never wait on the network for it. The Node server keeps no preferences, so
        there they stay on this device.
        Examples:
          split config set default.currency EUR
          split config get default.currency
          split config list
          split config set sync.auto off
          split config set me.name Bea
        """),
        subcommands: [ConfigSetCommand.self, ConfigGetCommand.self, ConfigListCommand.self]
    )
}
