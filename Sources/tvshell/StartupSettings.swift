import Foundation
import MediaModel
import ShellCore
import ShellRuntime

/// The command line and the config file (and an lircrc it names) merged:
/// what the shell starts with, and every problem found on the way.
struct StartupSettings {
    var file: ShellConfigFile
    var problems: [ConfigProblem]
    var kiosk: Bool
    var remoteMap: RemoteMap
    var lircSocket: String
    var startIndex: Int?
    var fallbackIndex: Int?
    var retries: Int

    /// `file`: the config as read in its layers (`ShellConfigFile.loadLayers`).
    init(file: ShellConfigFile, configPath: String?, kiosk kioskFlag: Bool, lircSocket socketFlag: String?, items: [MediaItem],
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = configPath ?? ShellConfigFile.defaultPath(environment: environment)
        self.file = file
        problems = file.problems
        remoteMap = file.remoteMap
        if let lircrc = file.lircrc {
            if let text = try? String(contentsOfFile: lircrc, encoding: .utf8) {
                let parsed = LircrcFile.parse(text, path: lircrc)
                remoteMap.bindings.merge(parsed.bindings) { _, new in new }
                problems += parsed.problems
            } else {
                problems.append(ConfigProblem(file: path, line: nil, key: "lirc.lircrc", message: "\(lircrc) cannot be read"))
            }
        }
        lircSocket = socketFlag ?? file.lircSocket ?? environment["LIRC_SOCKET_PATH"] ?? "/run/lirc/lircd"
        kiosk = kioskFlag || file.kiosk
        var found: [ConfigProblem] = []
        // No items: a box awaiting its lineup, whose channels are found
        // when it comes (`Shell.awaitLineup`).
        func resolve(_ selector: ItemSelector?, key: String) -> Int? {
            guard let selector, !items.isEmpty else { return nil }
            if let index = selector.index(in: items) { return index }
            found.append(ConfigProblem(file: path, line: nil, key: key, message: "\(selector) is not in the lineup"))
            return nil
        }
        let start = resolve(file.kioskStart, key: "kiosk.start")
        startIndex = start
        fallbackIndex = resolve(file.fallback, key: "kiosk.fallback") ?? ((kioskFlag || file.kiosk) && !items.isEmpty ? start ?? 0 : nil)
        retries = file.retries ?? (kioskFlag || file.kiosk ? 3 : 0)
        problems += found
    }
}
