import ArgumentParser
import Foundation
import ShellRuntime

/// `tvshell themes`: the themes `--theme` can name, and where each was found.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the themes --theme can name, folder by folder (yours first, then the shipped ones)."
    )

    func run() throws {
        for directory in ThemeLoader.searchDirectories() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
            print("\(directory.path): \(names.isEmpty ? "(none)" : names.joined(separator: ", "))")
        }
    }
}
