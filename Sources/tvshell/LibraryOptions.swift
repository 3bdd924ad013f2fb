import ArgumentParser
import Library
import ShellRuntime

/// `--config` for the commands that read or write the box's library
/// (`account`, `recordings`, `history`, `lineup inspect --account`): the library is where `play` with
/// the same config keeps it (`[library] path`), else the default. Without
/// `--config` the config's layers are read as `play` reads them.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The config file whose [library] path is used (default: $XDG_CONFIG_HOME/tvshell/config.toml, over /etc/tvshell/config.toml).", valueName: "path"))
    var config: String?

    /// The library's path, as `play` with this config uses it.
    var libraryPath: String {
        ShellConfigFile.loadLayers(path: config).libraryPath ?? LibraryStore.defaultPath()
    }
}
