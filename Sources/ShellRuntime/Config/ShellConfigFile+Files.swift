import Foundation

/// Where the config files are, and the layers they are read in: the
/// system's (`/etc/tvshell/config.toml`, a Debian conffile), then the
/// user's, whose settings win.
extension ShellConfigFile {
    /// The default location.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGBase.config(environment) + "/tvshell/config.toml"
    }

    /// Reads `path`; a missing file is fine unless it was asked for (`required`).
    public static func load(path: String, required: Bool) -> ShellConfigFile {
        var config = ShellConfigFile()
        config.readFile(path, required: required)
        return config
    }

    /// Applies the file at `path` over what is set already; a missing file
    /// is fine unless it was asked for (`required`).
    mutating func readFile(_ path: String, required: Bool) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            if required || FileManager.default.fileExists(atPath: path) {
                problems.append(ConfigProblem(file: path, line: nil, key: nil, message: "cannot be read"))
            }
            return
        }
        read(text, path: path)
    }

    /// `/etc/tvshell/config.toml` (`TVSHELL_SYSTEM_CONFIG` names another, for tests).
    public static func systemPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["TVSHELL_SYSTEM_CONFIG"] ?? "/etc/tvshell/config.toml"
    }

    /// The system's file, then the user's (`path`, or the default one): a
    /// setting in the user's wins; a missing file is fine unless it was
    /// asked for (`required`).
    public static func loadLayers(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> ShellConfigFile {
        var config = ShellConfigFile()
        config.readFile(systemPath(environment: environment), required: false)
        config.readFile(path ?? defaultPath(environment: environment), required: path != nil)
        return config
    }
}
