import ArgumentParser
import Foundation
import GuideStore
import Library
import ShellRuntime

/// `--config` for the commands that read or write the box's library
/// (`account`, `recordings`, `history`, `lineup inspect --account`) or its
/// guide store (`guide`): the library is where `play` with the same config
/// keeps it (`[library] path`), the guide where it keeps that (`[guide]
/// store`), else the defaults. Without `--config` the config's layers are
/// read as `play` reads them.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The config file whose [library] path and [guide] store are used (default: $XDG_CONFIG_HOME/tvshell/config.toml, over /etc/tvshell/config.toml).", valueName: "path"))
    var config: String?

    /// A `--config` that cannot be read is refused (the default library
    /// would be used in its place without a word).
    func validate() throws {
        if let config, !FileManager.default.isReadableFile(atPath: config) {
            throw ValidationError("--config \(config): no such file, or it cannot be read")
        }
    }

    /// The library's path, as `play` with this config uses it; a
    /// `[library]` entry that is wrong is said on standard error (the
    /// default is used, as `play` would).
    var libraryPath: String {
        let file = ShellConfigFile.loadLayers(path: config)
        for problem in file.problems where problem.key?.hasPrefix("library") == true {
            FileHandle.standardError.write(Data("tvshell: \(problem); using the default library\n".utf8))
        }
        return file.libraryPath ?? LibraryStore.defaultPath()
    }

    /// The guide store's path, as `play` with this config uses it; a
    /// `[guide] store` entry that is wrong is said on standard error (the
    /// default is used, as `play` would).
    var guideStorePath: String {
        let file = ShellConfigFile.loadLayers(path: config)
        for problem in file.problems where problem.key == "guide.store" {
            FileHandle.standardError.write(Data("tvshell: \(problem); using the default guide store\n".utf8))
        }
        return file.guideStorePath ?? GuideStore.defaultPath()
    }
}
