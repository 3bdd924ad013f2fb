import Foundation
import ShellCore

/// Finds and reads themes: a path, or a name looked up in
/// `$XDG_CONFIG_HOME/tvshell/Themes/NAME.toml`, then in the ones shipped with
/// the executable: `PREFIX/share/tvshell/Themes` for an installed one
/// (`make install`), the repository's `Themes` for a build tree.
public enum ThemeLoader {
    public struct Failure: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "theme \(file): \(reason)" }
    }

    /// The theme `nameOrPath` names. A missing or broken theme throws, naming
    /// the file (and line and key); callers fall back to the default theme.
    public static func load(_ nameOrPath: String) throws -> Theme {
        guard let file = locate(nameOrPath) else {
            throw Failure(file: nameOrPath, reason: "not found (looked in \(searchDirectories().map(\.path).joined(separator: ", ")))")
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw Failure(file: file, reason: "cannot be read as UTF-8 text")
        }
        do {
            return try ThemeFile.parse(text)
        } catch {
            throw Failure(file: file, reason: error.description)
        }
    }

    static func locate(_ nameOrPath: String) -> String? {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml") {
            return FileManager.default.fileExists(atPath: nameOrPath) ? nameOrPath : nil
        }
        for dir in searchDirectories() {
            let candidate = dir.appendingPathComponent("\(nameOrPath).toml").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// User themes first, then the shipped ones.
    public static func searchDirectories() -> [URL] {
        let config = URL(fileURLWithPath: XDGBase.config())
        var dirs = [config.appendingPathComponent("tvshell/Themes")]
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        search: for _ in 0..<5 {
            for themes in [dir.appendingPathComponent("share/tvshell/Themes"), dir.appendingPathComponent("Themes")]
            where FileManager.default.fileExists(atPath: themes.appendingPathComponent("default.toml").path) {
                dirs.append(themes)
                break search
            }
            dir.deleteLastPathComponent()
        }
        dirs.append(URL(fileURLWithPath: "/usr/share/tvshell/Themes"))
        return dirs
    }
}
