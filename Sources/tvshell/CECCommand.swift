import ArgumentParser
import Foundation
import ShellRuntime

/// `tvshell cec`: the TV over HDMI-CEC (`[cec]`).
struct CECCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cec",
        abstract: "The TV over HDMI-CEC: the adapter and its addresses.",
        subcommands: [Status.self]
    )

    /// `tvshell cec status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Print each HDMI-CEC adapter with its physical and logical addresses, or why there is none (exit 69)."
        )

        func run() throws {
            let (text, found) = CECStatus.report()
            print(text)
            if !found { throw ExitCode(69) }
        }
    }
}
