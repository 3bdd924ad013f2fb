import Catalog
import Foundation
import MediaModel
import MPVClient

/// `tvshell config check`: the config files read in their layers as `play`
/// reads them, and the files they name looked at as the shell would use
/// them — lircd's socket, an lircrc, a theme, a local lineup and the
/// channels `[kiosk]` names in it, local guides, the default account,
/// MQTT's password and certificates, the folders the library, the guide
/// store and recordings are written in, the CEC adapter, input devices, the
/// `[mpv]` options as libmpv takes them (and a volume above `[sound]
/// max_volume`) and the input.conf they name — so a
/// config can be tried before it goes to a box (or a hundred). Nothing is
/// written and nothing fetched. Any thread.
public struct ConfigCheck: Sendable, Equatable {
    /// A config file and whether it was there.
    public struct Layer: Sendable, Equatable {
        public var path: String
        public var found: Bool

        public init(path: String, found: Bool) {
            self.path = path
            self.found = found
        }
    }

    /// The system's file, then the user's.
    public var layers: [Layer]
    /// Everything the shell would skip (keeping its default) or fail on.
    public var problems: [ConfigProblem]
    /// What was not looked at, and why (a lineup named by URL is not fetched).
    public var notes: [String]

    /// Checks the layers `play --config path` would read (`path` nil: the
    /// default one).
    public static func run(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigCheck {
        let system = ShellConfigFile.systemPath(environment: environment)
        let user = path ?? ShellConfigFile.defaultPath(environment: environment)
        let file = ShellConfigFile.loadLayers(path: path, environment: environment)
        var check = ConfigCheck(layers: [system, user].map { Layer(path: $0, found: FileManager.default.fileExists(atPath: $0)) },
                                problems: file.problems, notes: [])
        check.files(file, environment: environment)
        check.volume(file)
        // File by file, in the order read, then line by line.
        let order = [system, user]
        check.problems = check.problems.enumerated().sorted { a, b in
            let left = (order.firstIndex(of: a.element.file) ?? 2, a.element.line ?? .max, a.offset)
            let right = (order.firstIndex(of: b.element.file) ?? 2, b.element.line ?? .max, b.offset)
            return left < right
        }.map(\.element)
        return check
    }

    /// The files and folders `file` names.
    private mutating func files(_ file: ShellConfigFile, environment: [String: String]) {
        if let socket = file.lircSocket { lircSocket(file, socket) }
        if let lircrc = file.lircrc {
            if let text = try? String(contentsOfFile: lircrc, encoding: .utf8) {
                problems += LircrcFile.parse(text, path: lircrc).problems
            } else {
                add(file, "lirc.lircrc", "\(lircrc) cannot be read")
            }
        }
        if let theme = file.theme {
            do {
                _ = try ThemeLoader.load(theme)
            } catch {
                add(file, "play.theme", "\(error)")
            }
        }
        lineup(file)
        for guide in file.guides where !Self.isURL(guide) && access(guide, R_OK) != 0 {
            add(file, "play.guides", "the guide \(guide) cannot be read")
        }
        if let name = file.defaultAccount {
            do {
                if try AccountsFile.load(path: AccountsFile.defaultPath(environment: environment)).account(name) == nil {
                    add(file, "accounts.default", "there is no account \"\(name)\" (tvshell account list)")
                }
            } catch {
                add(file, "accounts.default", "the accounts cannot be read: \(error)")
            }
        }
        if let mqtt = file.mqtt {
            if let password = mqtt.passwordFile {
                do {
                    _ = try FleetPort.readPassword(password)
                } catch {
                    add(file, "mqtt.password_file", error.message)
                }
            }
            for (key, path) in [("mqtt.ca_file", mqtt.caFile), ("mqtt.cert_file", mqtt.certFile), ("mqtt.key_file", mqtt.keyFile)] {
                if let path, access(path, R_OK) != 0 { add(file, key, "\(path) cannot be read (\(String(cString: strerror(errno))))") }
            }
        }
        for (key, path) in [("library.path", file.libraryPath), ("guide.store", file.guideStorePath)] {
            if let path, let why = Self.unwritable(folderOf: path) { add(file, key, why) }
        }
        if let folder = file.recordingsDirectory, let why = Self.unwritable(folder: folder) { add(file, "recordings.dir", why) }
        if file.cec.enabled, let device = file.cec.device, access(device, F_OK) != 0 {
            add(file, "cec.device", "\(device) does not exist (is the adapter's driver loaded?)")
        }
        if case .paths(let paths) = file.inputDevices {
            for path in paths where access(path, F_OK) != 0 { add(file, "input.devices", "\(path) does not exist") }
        }
        let mpv = Self.mpvOptionProblems(file)
        problems += mpv.problems
        if let note = mpv.note { notes.append(note) }
        if let conf = file.mpvOptions.last(where: { $0.key == "input-conf" }) {
            do {
                _ = try MPVPlayer.userInputConf(conf.value, home: environment["HOME"])
            } catch {
                add(file, "mpv.input-conf", "\(error)")
            }
        }
    }

    /// `[lirc] socket`: a path that is there but no socket (a typo naming
    /// lircd's config, its folder) is a problem; one not there now is a
    /// note (lircd may not run where the config is checked; the shell
    /// connects when lircd makes it).
    private mutating func lircSocket(_ file: ShellConfigFile, _ socket: String) {
        var info = stat()
        guard stat(socket, &info) == 0 else {
            notes.append("lircd's socket \(socket) is not there now (\(String(cString: strerror(errno)))): the shell uses the keyboard and connects when lircd makes it")
            return
        }
        if info.st_mode & S_IFMT != S_IFSOCK {
            add(file, "lirc.socket", "\(socket) is not a socket (\(info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "a file"); lircd's is usually /run/lirc/lircd)")
        }
    }

    /// `[play] lineup`, when it is a file: read and parsed, and the channels
    /// `[kiosk] start` and `fallback` name found in it.
    private mutating func lineup(_ file: ShellConfigFile) {
        guard let location = file.lineup else {
            if file.kioskStart != nil || file.fallback != nil { notes.append("[kiosk] start and fallback are looked for in the lineup given when the shell starts") }
            return
        }
        guard !Self.isURL(location) else {
            notes.append("the lineup \(URLRedaction.redact(location)) is not fetched: tvshell lineup inspect checks it")
            return
        }
        guard let data = FileManager.default.contents(atPath: location) else {
            add(file, "play.lineup", "\(location) cannot be read")
            return
        }
        let text = InputLoader.text(data)
        let items: [MediaItem]
        if M3UParser.isHLSPlaylist(text) {
            // An HLS playlist named as the lineup plays as one item, as `play` does.
            items = [MediaItem.fromLocation(location)]
        } else {
            let parsed = M3UParser.parse(text)
            guard !parsed.channels.isEmpty else {
                add(file, "play.lineup", "\(location) has no channels (tvshell lineup inspect says why)")
                return
            }
            items = parsed.playableChannels().items
        }
        for (key, selector) in [("kiosk.start", file.kioskStart), ("kiosk.fallback", file.fallback)] {
            if let selector, selector.index(in: items) == nil { add(file, key, "\(selector) is not in the lineup \(location)") }
        }
    }

    /// The `[mpv]` options libmpv refuses (`MPVOptionCheck`), each a
    /// problem where it was set (credentials in a URL value redacted: the
    /// problems are printed, logged and shown); `refused`: their indexes in
    /// `file.mpvOptions`, which `play` leaves out; `note`: why nothing was
    /// checked (libmpv cannot be loaded).
    public static func mpvOptionProblems(_ file: ShellConfigFile) -> (problems: [ConfigProblem], refused: Set<Int>, note: String?) {
        let options = file.mpvOptions.map { (key: $0.key, value: $0.value) }
        guard let refusals = MPVOptionCheck.refusals(options) else {
            return ([], [], "the [mpv] options are not checked: libmpv cannot be loaded (\(MPVLibrary.loadFailure() ?? "unknown"))")
        }
        let problems = refusals.keys.sorted().map { index in
            let option = options[index], origin = file.origins["mpv." + option.key]
            return ConfigProblem(file: origin?.file ?? "config", line: origin?.line, key: "mpv." + option.key,
                                 message: "mpv refuses \(option.key)=\(URLRedaction.redactingURLs(in: option.value)) (\(refusals[index]!))")
        }
        return (problems, Set(refusals.keys), nil)
    }

    /// An `[mpv] volume` louder than `[sound] max_volume`: the shell starts
    /// at the most instead (said, not silently).
    private mutating func volume(_ file: ShellConfigFile) {
        guard let loudest = file.maxVolume, let option = file.mpvOptions.last(where: { $0.key == "volume" }),
              let volume = Double(option.value), volume > loudest * 100 + 0.001 else { return }
        func percent(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        add(file, "mpv.volume", "volume \(percent(volume)) % is louder than [sound] max_volume (\(percent(loudest * 100)) %): the shell starts at \(percent(loudest * 100)) %")
    }

    /// A problem with the setting `key`, placed where it was set.
    private mutating func add(_ file: ShellConfigFile, _ key: String, _ message: String) {
        let origin = file.origins[key]
        problems.append(ConfigProblem(file: origin?.file ?? "config", line: origin?.line, key: key, message: message))
    }

    private static func isURL(_ location: String) -> Bool {
        location.hasPrefix("http://") || location.hasPrefix("https://")
    }

    /// Why a file at `path` could not be made: its folder, or the nearest
    /// one above it that exists (the shell makes the rest), is not a folder
    /// this user may write in. Nil when it can.
    static func unwritable(folderOf path: String) -> String? {
        unwritable(folder: (path as NSString).deletingLastPathComponent)
    }

    static func unwritable(folder: String) -> String? {
        var existing = folder.isEmpty ? "." : folder
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder) {
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { return "\(folder) cannot be made" }
            existing = parent
        }
        guard isFolder.boolValue else { return "\(existing) is not a folder" }
        guard access(existing, W_OK | X_OK) == 0 else {
            return existing == folder ? "\(folder) cannot be written in by this user" : "\(folder) cannot be made: \(existing) cannot be written in by this user"
        }
        return nil
    }
}
