import ConfigFormat
import Foundation
import MediaModel
import ShellCore
import TerminalUI

/// `config.toml` (`--config PATH`, else `$XDG_CONFIG_HOME/tvshell/config.toml`):
///
///     [keys]                 # keyboard: mpv key name = command ("none" unbinds)
///     x = "select"
///     [remote]               # LIRC button = command
///     KEY_RED = "guide"
///     [remote.KEY_LEFT]      # a button with lircrc's repeat rules
///     command = "left"
///     delay = 2
///     repeat = 1
///     [lirc]
///     socket = "/run/lirc/lircd"
///     lircrc = "/etc/lirc/lircrc"    # bindings of `prog = tvshell`
///     [kiosk]
///     enabled = true
///     start = 1              # a channel number, or an item's id or URL
///     fallback = 1
///     idle_return = 600      # seconds with no key: the guide goes back to `start`, the player closes what was left open
///     [recovery]
///     retries = 3            # retries of a failing stream before the fallback
///     backoff = [1, 2, 4]    # seconds between them
///     stall = 15             # seconds a playing stream may wait for data, or a load to start
///     [video]                # video in the terminal
///     cells = "half"         # half, quadrant or sextant
///     colors = "auto"        # auto, direct, 256 or 16
///     tolerance = 4          # 0–32: per-channel difference drawn as the same colour
///     decode = "fast"        # fast (no deblocking when the picture is small) or full
///     graphics = "auto"      # auto, kitty, sixel or cells
///     [pip]                  # picture in picture
///     automatic = true       # ESC from a playing item starts it (false: stops)
///     corner = "top-right"   # where it starts: top-right, bottom-right, bottom-left, top-left
///     preview_delay = 0.6    # seconds the guide rests on a channel before it previews (0: off)
///     [library]              # positions and history
///     remember = true
///     path = "/var/lib/tv/library.sqlite3"
///     [segments]             # intro, recap, credits, preview: "ask", "auto" or "never"
///     intro = "ask"
///     [live]                 # live network streams
///     timeshift = true       # keep a back buffer: pause and rewind live
///     timeshift_memory = "512MiB"
///     timeshift_disk = "2GiB" # 0: memory only; else the buffer is a file in $XDG_CACHE_HOME/tvshell/timeshift
///     warm_neighbours = 2    # channels next to the one playing kept open, paused (0: no warming at all)
///     warm_budget = { players = 3, bytes_per_minute = "60MiB" }  # or a number of players; bytes: no limit unless given
///     warm_delay = 3         # seconds a channel loaded cold plays before the likely next ones open (0 to 60)
///     max_connections = 4    # streams open at once at most (warm neighbours give way)
///     [guide]                # the stored XMLTV guide
///     refresh = "12h"        # refreshed in the background when older (seconds, or "30m", "12h", "1d")
///     reminders = "ask"      # a reminder's notice asks (ENTER tunes); "tune": a kiosk tunes by itself
///     [channels]
///     flip = "all"           # channel up / down go round all channels, or "favourites"
///     [mpris]                # Now Playing on D-Bus
///     enabled = true
///     bus = "session"        # or "system" (a kiosk box; see contrib/dbus)
///     [input]                # keyboards and remotes as input devices (evdev)
///     devices = "auto"       # "auto" (on a console or with no terminal), "none", or paths
///     grab = true            # no key reaches the console behind (default: in a kiosk)
///     [cec]                  # the TV's remote and power over HDMI-CEC
///     enabled = true
///     device = "/dev/cec0"   # default: the first adapter
///     wake_tv = true         # One Touch Play at start
///     standby_on_quit = false
///     [sleep]
///     daily = "20:00"        # the screen goes dark every day then (a kiosk: only the admin changes it)
///     [sound]
///     max_volume = 80        # % (0 to 130): no key, socket, MPRIS or Home Assistant goes louder
///     [mqtt]                 # fleet control and telemetry (docs/fleet.md)
///     broker = "mqtts://broker.lan:8883"
///     username = "room-101"
///     password_file = "/etc/tvshell/mqtt-password"   # 0600
///     ca_file = "/etc/tvshell/ca.crt"                # and cert_file, key_file
///     device_id = "room-101" # default: the host name
///     topic_prefix = "tvshell"
///     groups = ["wing-b", "floor-2"]
///     keepalive = 30
///     protocol = "5"         # or "3.1.1"
///     home_assistant = true  # discovery; false removes it
///
/// Reading never fails: each bad entry is a `ConfigProblem` and keeps its default.
public struct ShellConfigFile: Equatable, Sendable {
    public var keyMap = KeyMap.standard
    public var remoteMap = RemoteMap.standard
    public var lircSocket: String?
    public var lircrc: String?
    public var kiosk = false
    public var kioskStart: ItemSelector?
    public var fallback: ItemSelector?
    public var idleReturn: Double?
    public var retries: Int?
    public var backoff: [Double]?
    /// `[recovery] stall`: seconds a playing stream may wait for data, or a
    /// load to start, before it counts as failed; nil keeps the default (15).
    public var stall: Double?
    public var video = VideoSettings()
    /// `[pip]`: nil keeps the default.
    public var pipAutomatic: Bool?
    public var pipCorner: PictureCorner?
    /// Seconds; 0 turns previews off.
    public var previewDelay: Double?
    /// `[segments]`: what reaching each kind does.
    public var segmentChoices: [Segment.Kind: SegmentChoice] = [:]
    /// `[library]`: remember positions and plays (nil: yes), and where.
    public var remember: Bool?
    public var libraryPath: String?
    /// `[up_next]`: nil keeps the default (on, 10 s).
    public var upNextEnabled: Bool?
    public var upNextCountdown: Double?
    /// `[up_next] still_watching`: items played on by themselves before the card asks.
    public var stillWatching: Int?
    /// `[guide] refresh`: seconds (nil: 12 h).
    public var guideRefresh: Double?
    /// `[guide] store`: where the guide is kept (nil: `GuideStore.defaultPath`).
    public var guideStorePath: String?
    /// `[guide] reminders = "tune"`: a kiosk's reminders tune by themselves.
    public var remindersTune = false
    /// `[channels] flip = "favourites"`: channel up / down go round favourites only.
    public var flipFavourites = false
    /// `[channels] instant_digits`: typed digits that can become no other
    /// channel's number are tuned at once.
    public var instantDigits: Bool?
    /// `[segments] linear`: ad breaks must be watched (nil: the default, yes).
    public var linearBreaks: Bool?
    /// `[mpris]`: nil keeps the default (the session bus).
    public var nowPlaying: ShellConfiguration.NowPlayingBus?
    /// `[live] timeshift`: nil keeps the default (on).
    public var timeshift: Bool?
    /// `[live] timeshift_memory` / `timeshift_disk` in bytes: nil keeps the default.
    public var timeshiftMemory: Int?
    public var timeshiftDisk: Int?
    /// `[live] warm_neighbours` (0–2) and `max_connections` (1 or more): nil keeps the default.
    public var warmNeighbours: Int?
    public var maxConnections: Int?
    /// `[live] warm_budget` (`players`, `bytes_per_minute`): nil keeps the default.
    public var warmBudgetPlayers: Int?
    public var warmBudgetBytesPerMinute: Int?
    /// `[live] warm_delay` in seconds (0–60): nil keeps the default (3).
    public var warmDelay: Double?
    /// `[play]`: the lineup, guides, theme and picture when the command
    /// line gives none; `[mpv]`: libmpv's options (before `--mpv-option`s).
    public var lineup: String?
    /// `[play] lineup_refresh`: how often a lineup read from a URL is read
    /// again while the shell runs (seconds; nil: 12 h).
    public var lineupRefresh: Double?
    public var guides: [String] = []
    public var theme: String?
    public var videoOutput: VideoOutput?
    public var mpvOptions: [ShellConfiguration.MPVOption] = []
    /// `[input]`: nil keeps the defaults.
    public var inputDevices: InputDeviceSelection?
    public var grabInput: Bool?
    /// `[cec]`.
    public var cec = CECSettings()
    /// `[sleep] daily`: minutes after local midnight.
    public var sleepDaily: Int?
    /// `[sleep] screensaver`: seconds with no key before the screen saver
    /// covers a still screen (nil: never; 10 minutes unless set).
    public var screensaver: Double? = ShellConfigFile.defaultScreensaver
    /// The screen saver's wait when the file says none: ten minutes, as a TV's.
    public static let defaultScreensaver = 600.0
    /// `[sleep] idle`: seconds with no key before a still screen's shell
    /// sleeps (nil: never; an hour unless set, as Apple TV's "Sleep After").
    public var idleSleep: Double? = ShellConfigFile.defaultIdleSleep
    /// The idle sleep's wait when the file says none: an hour.
    public static let defaultIdleSleep = 3600.0
    /// `[sound] max_volume`: the highest volume, 0 … 1.3 (written in %).
    public var maxVolume: Double?
    /// `[scrub] thumbnails`: a thumbnail of the frame under the scrub head.
    public var scrubThumbnails: Bool?
    /// `[accounts] default`: the account `play` signs in with when no
    /// lineup, item or `--account` is given; `refresh`: how old its stored
    /// lists may get (seconds; nil: 12 h).
    public var defaultAccount: String?
    /// `[recordings]`: the folder (an absolute path) and the padding in
    /// seconds before and after a programme; nil keeps the defaults.
    public var recordingsDirectory: String?
    public var paddingBefore: Double?
    public var paddingAfter: Double?
    public var accountRefresh: Double?
    /// `[mqtt]`: nil without a broker.
    public var mqtt: MQTTSettings?
    public var problems: [ConfigProblem] = []
    /// Where each setting read was set (`table.key`: the file and line of
    /// the last layer that set it), for problems found later in what it names.
    public var origins: [String: Origin] = [:]

    /// A setting's file and line.
    public struct Origin: Equatable, Sendable {
        public var file: String
        public var line: Int
    }

    public init() {}

    public static func parse(_ text: String, path: String) -> ShellConfigFile {
        var config = ShellConfigFile()
        config.read(text, path: path)
        return config
    }

    /// Applies `text` (the file at `path`) over what is set already: a
    /// later layer's settings win, its problems are added.
    mutating func read(_ text: String, path: String) {
        let (document, failures) = TOMLDocument.parse(text, lenient: true)
        var found = failures.map { failure in
            // The scanner's words quote the line: a password written there
            // (refused, but written) is not repeated on the screen or in the log.
            let secret = failure.key?.split(separator: ".").last?.lowercased().contains("password") == true
            let message = secret ? "not valid TOML (its text is not shown: it may be a password)" : failure.message
            return ConfigProblem(file: path, line: failure.line, key: failure.key, message: message + "; the line is ignored")
        }
        for entry in document.entries {
            do {
                try apply(entry)
                origins[entry.path] = Origin(file: path, line: entry.line)
            } catch {
                found.append(ConfigProblem(file: path, line: entry.line, key: entry.path, message: error.message))
            }
        }
        if document.entries.contains(where: { $0.table == "mqtt" }), mqtt?.host.isEmpty ?? true {
            let line = document.entries.first { $0.table == "mqtt" }?.line
            found.append(ConfigProblem(file: path, line: line, key: "mqtt", message: "[mqtt] has no broker (such as \"mqtt://broker.lan:1883\"); MQTT is off"))
            self.mqtt = nil
        }
        problems += found.sorted { ($0.line ?? .max) < ($1.line ?? .max) }
    }

    struct EntryError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private mutating func apply(_ entry: TOMLDocument.Entry) throws(EntryError) {
        let value = entry.value
        if entry.table == "live.warm_budget" {
            // `warm_budget = { players = …, bytes_per_minute = … }` (or a [live.warm_budget] table).
            var moved = entry
            moved.table = "live"
            moved.key = "warm_budget." + entry.key
            return try apply(moved)
        }
        switch entry.table {
        case "keys":
            guard KeyNames.isKnown(entry.key) else {
                throw EntryError("no key is called \(entry.key); a character, ENTER, ESC, BS, TAB, SPACE, an arrow, PGUP, PGDWN, HOME, END, INS, DEL, F1–F24 or Ctrl+ a letter (mouse buttons, the wheel and Alt+ keys never reach tvshell)")
            }
            keyMap.bindings[entry.key] = try command(value)
        case "remote":
            try buttonName(entry.key)
            guard let command = try command(value) else {
                remoteMap.bindings[entry.key] = nil
                return
            }
            remoteMap.bindings[entry.key] = RemoteMap.Binding(command)
        case let table where table.hasPrefix("remote."):
            let button = String(table.dropFirst("remote.".count))
            try buttonName(button)
            var binding = remoteMap.bindings[button] ?? RemoteMap.Binding(.select)
            switch entry.key {
            case "command":
                guard let command = try command(value) else { throw EntryError("a button table needs a command") }
                binding.command = command
            case "repeat":
                binding.repeatEvery = try count(value)
            case "delay":
                binding.delay = try count(value)
            default:
                throw EntryError("unknown setting; expected command, repeat or delay")
            }
            remoteMap.bindings[button] = binding
        case "lirc":
            switch entry.key {
            case "socket": lircSocket = try string(value)
            case "lircrc": lircrc = try string(value)
            default: throw EntryError("unknown setting; expected socket or lircrc")
            }
        case "kiosk":
            switch entry.key {
            case "enabled":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                kiosk = flag
            case "start": kioskStart = try selector(value)
            case "fallback": fallback = try selector(value)
            case "idle_return": idleReturn = try seconds(value)
            default: throw EntryError("unknown setting; expected enabled, start, fallback or idle_return")
            }
        case "recovery":
            switch entry.key {
            case "retries": retries = try count(value)
            case "backoff":
                guard let list = value.array, !list.isEmpty else { throw EntryError("expected a list of seconds, like [1, 2, 4]") }
                var delays: [Double] = []
                for item in list { delays.append(try seconds(item)) }
                backoff = delays
            case "stall":
                guard let limit = value.float, limit >= 1, limit <= 600 else { throw EntryError("expected seconds from 1 to 600") }
                stall = limit
            default: throw EntryError("unknown setting; expected retries, backoff or stall")
            }
        case "video":
            try applyVideo(entry.key, value)
        case "pip":
            switch entry.key {
            case "automatic":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                pipAutomatic = flag
            case "corner":
                guard let name = value.string, let corner = PictureCorner(rawValue: name) else {
                    throw EntryError("expected \(PictureCorner.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                pipCorner = corner
            case "preview_delay":
                guard let delay = value.float, delay >= 0, delay <= 60 else { throw EntryError("expected seconds from 0 (off) to 60") }
                previewDelay = delay
            default: throw EntryError("unknown setting; expected automatic, corner or preview_delay")
            }
        case "library":
            switch entry.key {
            case "remember":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                remember = flag
            case "path":
                guard let path = value.string, path.hasPrefix("/") else { throw EntryError("expected an absolute path in quotes") }
                libraryPath = path
            default: throw EntryError("unknown setting; expected remember or path")
            }
        case "up_next":
            switch entry.key {
            case "enabled":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                upNextEnabled = flag
            case "countdown":
                guard let seconds = value.float, seconds >= 0, seconds <= 120 else { throw EntryError("expected seconds from 0 (never by itself) to 120") }
                upNextCountdown = seconds
            case "still_watching":
                guard let count = value.integer, (0...50).contains(count) else { throw EntryError("expected a number of items from 0 (never asks) to 50") }
                stillWatching = count
            default: throw EntryError("unknown setting; expected enabled, countdown or still_watching")
            }
        case "segments" where entry.key == "linear":
            guard let flag = value.boolean else { throw EntryError("expected true or false") }
            linearBreaks = flag
        case "segments":
            guard let kind = Segment.Kind(rawValue: entry.key), kind != .commercial else {
                throw EntryError("unknown setting; expected intro, recap, credits, preview or linear")
            }
            guard let name = value.string, let choice = SegmentChoice(rawValue: name) else { throw EntryError("expected \"ask\", \"auto\" or \"never\"") }
            segmentChoices[kind] = choice
        case "mpris":
            switch entry.key {
            case "enabled":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                if !flag { nowPlaying = ShellConfiguration.NowPlayingBus.none } else if nowPlaying == ShellConfiguration.NowPlayingBus.none { nowPlaying = nil }
            case "bus":
                guard let name = value.string, name == "session" || name == "system" else { throw EntryError("expected \"session\" or \"system\"") }
                if nowPlaying != ShellConfiguration.NowPlayingBus.none { nowPlaying = ShellConfiguration.NowPlayingBus(rawValue: name) }
            default: throw EntryError("unknown setting; expected enabled or bus")
            }
        case "guide":
            switch entry.key {
            case "refresh":
                guideRefresh = try refreshAge(value)
            case "reminders":
                guard let name = value.string, name == "ask" || name == "tune" else { throw EntryError("expected \"ask\" or \"tune\"") }
                remindersTune = name == "tune"
            case "store":
                guard let path = value.string, path.hasPrefix("/"), !path.hasSuffix("/") else { throw EntryError("expected an absolute path to a file in quotes") }
                guideStorePath = path
            default: throw EntryError("unknown setting; expected refresh, reminders or store")
            }
        case "channels":
            switch entry.key {
            case "flip":
                guard let name = value.string, name == "all" || name == "favourites" else { throw EntryError("expected \"all\" or \"favourites\"") }
                flipFavourites = name == "favourites"
            case "instant_digits":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                instantDigits = flag
            default: throw EntryError("unknown setting; expected flip or instant_digits")
            }
        case "live":
            switch entry.key {
            case "timeshift":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                timeshift = flag
            case "timeshift_memory", "timeshift_disk":
                let size = value.integer ?? value.string.flatMap(TimeshiftSettings.bytes)
                guard let size, size >= 0 else { throw EntryError("expected a size such as \"512MiB\" or \"2GiB\" (0: none)") }
                if entry.key == "timeshift_memory" {
                    guard size >= 1 << 20 else { throw EntryError("expected at least \"1MiB\"") }
                    timeshiftMemory = size
                } else {
                    timeshiftDisk = size
                }
            case "warm_neighbours":
                guard let n = value.integer, n == 0 || n == 2 else { throw EntryError("expected 2 or 0 (none)") }
                warmNeighbours = n
            case "max_connections":
                guard let n = value.integer, n >= 1 else { throw EntryError("expected a whole number, 1 or more") }
                maxConnections = n
            case "warm_budget", "warm_budget.players":
                guard let n = value.integer, (0...PlayerSlot.warm.count).contains(n) else {
                    throw EntryError("expected a number of warm players, 0 to \(PlayerSlot.warm.count), or { players = 3, bytes_per_minute = \"60MiB\" }")
                }
                warmBudgetPlayers = n
            case "warm_budget.bytes_per_minute":
                let size = value.integer ?? value.string.flatMap(TimeshiftSettings.bytes)
                guard let size, size >= 1 << 20 else { throw EntryError("expected a size a minute such as \"60MiB\", at least \"1MiB\"") }
                warmBudgetBytesPerMinute = size
            case "warm_delay":
                guard let delay = value.float, delay >= 0, delay <= 60 else { throw EntryError("expected seconds from 0 to 60, such as 3 or 0.5") }
                warmDelay = delay
            default:
                throw EntryError("unknown setting; expected timeshift, timeshift_memory, timeshift_disk, warm_neighbours, warm_budget, warm_delay or max_connections")
            }
        case "play", "mpv":
            try applyPlay(entry)
        case "mqtt":
            try applyMQTT(entry)
        case "input":
            switch entry.key {
            case "devices":
                if let name = value.string, name == "auto" || name == "none" {
                    inputDevices = name == "auto" ? .auto : InputDeviceSelection.none
                } else if let list = value.array, !list.isEmpty {
                    var paths: [String] = []
                    for item in list {
                        guard let path = item.string, path.hasPrefix("/") else { throw EntryError("expected absolute paths in quotes") }
                        paths.append(path)
                    }
                    inputDevices = .paths(paths)
                } else {
                    throw EntryError("expected \"auto\", \"none\" or a list of device paths, like [\"/dev/input/event3\"]")
                }
            case "grab":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                grabInput = flag
            default: throw EntryError("unknown setting; expected devices or grab")
            }
        case "cec":
            switch entry.key {
            case "device":
                guard let path = value.string, path.hasPrefix("/") else { throw EntryError("expected an absolute path in quotes, such as \"/dev/cec0\"") }
                cec.device = path
            case "enabled", "wake_tv", "standby_on_quit":
                guard let flag = value.boolean else { throw EntryError("expected true or false") }
                switch entry.key {
                case "enabled": cec.enabled = flag
                case "wake_tv": cec.wakeTV = flag
                default: cec.standbyOnQuit = flag
                }
            default: throw EntryError("unknown setting; expected enabled, device, wake_tv or standby_on_quit")
            }
        case "scrub":
            guard entry.key == "thumbnails" else { throw EntryError("unknown setting; expected thumbnails") }
            guard let flag = value.boolean else { throw EntryError("expected true or false") }
            scrubThumbnails = flag
        case "recordings":
            switch entry.key {
            case "dir":
                guard let path = value.string, path.hasPrefix("/") else { throw EntryError("expected an absolute path in quotes") }
                recordingsDirectory = path
            case "padding_before", "padding_after":
                guard let seconds = value.float ?? value.string.flatMap(Self.duration), seconds >= 0, seconds <= 3600 else {
                    throw EntryError("expected seconds from 0 to 3600, or a duration such as \"2m\"")
                }
                if entry.key == "padding_before" { paddingBefore = seconds } else { paddingAfter = seconds }
            default: throw EntryError("unknown setting; expected dir, padding_before or padding_after")
            }
        case "accounts":
            switch entry.key {
            case "default":
                guard let name = value.string, !name.isEmpty else { throw EntryError("expected an account's name in quotes") }
                defaultAccount = name
            case "refresh":
                accountRefresh = try refreshAge(value)
            default: throw EntryError("unknown setting; expected default or refresh")
            }
        case "sound":
            guard entry.key == "max_volume" else { throw EntryError("unknown setting; expected max_volume") }
            guard let percent = value.float, percent >= 0, percent <= 130 else { throw EntryError("expected a volume in % from 0 to 130, such as 80") }
            maxVolume = percent / 100
        case "sleep" where entry.key == "screensaver" || entry.key == "idle":
            let wait: Double?
            if value.boolean == false || value.float == 0 || value.string == "off" {
                wait = nil
            } else if let seconds = value.float ?? value.string.flatMap(Self.duration), seconds >= 10, seconds <= 86_400 {
                wait = seconds
            } else {
                throw EntryError("expected seconds from 10 to 86400, a duration such as \"\(entry.key == "idle" ? "1h" : "10m")\", or false (off)")
            }
            if entry.key == "idle" { idleSleep = wait } else { screensaver = wait }
        case "sleep":
            guard entry.key == "daily" else { throw EntryError("unknown setting; expected daily, screensaver or idle") }
            let parts = (value.string ?? "").split(separator: ":").map { Int($0) }
            guard parts.count == 2, let hours = parts[0], let minutes = parts[1], (0..<24).contains(hours), (0..<60).contains(minutes) else {
                throw EntryError("expected a time of day in quotes, such as \"20:00\"")
            }
            sleepDaily = hours * 60 + minutes
        default:
            throw EntryError("unknown table [\(entry.table)]; expected play, mpv, keys, remote, lirc, kiosk, recovery, video, pip, segments, up_next, library, live, guide, channels, mpris, input, cec, sleep, sound, scrub, accounts, recordings or mqtt")
        }
    }

    /// A remote's button is named as lircd and the kernel name it: one
    /// word (lircd's lines are split at spaces), never empty.
    private func buttonName(_ name: String) throws(EntryError) {
        guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
            throw EntryError("a button is named as lircd names it, one word such as KEY_OK (`irw` prints the names)")
        }
    }

    private mutating func applyMQTT(_ entry: TOMLDocument.Entry) throws(EntryError) {
        var settings = mqtt ?? MQTTSettings(host: "", port: 0, tls: false)
        let value = entry.value
        func path() throws(EntryError) -> String {
            guard let path = value.string, path.hasPrefix("/") else { throw EntryError("expected an absolute path in quotes") }
            return path
        }
        func level(_ value: TOMLDocument.Value) throws(EntryError) -> String {
            guard let name = value.string, MQTTSettings.isTopicLevel(name) else { throw EntryError("expected a name without /, + or # in quotes") }
            return name
        }
        switch entry.key {
        case "broker":
            switch MQTTSettings.broker(try string(value)) {
            case .success(let broker): (settings.host, settings.port, settings.tls) = broker
            case .failure(let error): throw EntryError(error.message)
            }
        case "username": settings.username = try string(value)
        case "password":
            throw EntryError("the password is never kept in the config (others may read it): put it in a file only tvshell's user can read (chmod 600) and name it with password_file")
        case "password_file": settings.passwordFile = try path()
        case "ca_file": settings.caFile = try path()
        case "cert_file": settings.certFile = try path()
        case "key_file": settings.keyFile = try path()
        case "device_id":
            let name = try level(value)
            guard !FleetTopics.reservedDevices.contains(name) else { throw EntryError("\"\(name)\" names the fleet's own topics; choose another device_id") }
            settings.deviceID = name
        case "topic_prefix":
            guard let prefix = value.string, MQTTSettings.isTopicPrefix(prefix) else { throw EntryError("expected topic levels without +, # or empty levels, such as \"tvshell\" or \"hotel/tv\"") }
            settings.topicPrefix = prefix
        case "groups":
            guard let list = value.array else { throw EntryError("expected a list of names, such as [\"wing-b\", \"floor-2\"]") }
            var groups: [String] = []
            for item in list { groups.append(try level(item)) }
            settings.groups = groups
        case "keepalive":
            guard let n = value.integer, (5...3600).contains(n) else { throw EntryError("expected seconds from 5 to 3600") }
            settings.keepAlive = n
        case "protocol":
            let text = value.string ?? value.float.map { String($0) }
            switch text {
            case "5", "5.0": settings.protocolVersion = 5
            case "3.1.1": settings.protocolVersion = 4
            default: throw EntryError("expected \"5\" or \"3.1.1\"")
            }
        case "home_assistant":
            guard let flag = value.boolean else { throw EntryError("expected true or false") }
            settings.homeAssistant = flag
        case "discovery_prefix":
            guard let prefix = value.string, MQTTSettings.isTopicPrefix(prefix) else { throw EntryError("expected topic levels, such as \"homeassistant\"") }
            settings.discoveryPrefix = prefix
        default:
            throw EntryError("unknown setting; expected broker, username, password_file, ca_file, cert_file, key_file, device_id, topic_prefix, groups, keepalive, protocol, home_assistant or discovery_prefix")
        }
        mqtt = settings
    }

    private mutating func applyVideo(_ key: String, _ value: TOMLDocument.Value) throws(EntryError) {
        switch key {
        case "output":
            guard let name = value.string, let output = VideoOutput(rawValue: name) else { throw EntryError("expected terminal, window, tv or none") }
            videoOutput = output
        case "cells":
            guard let name = value.string, let shape = CellShape(rawValue: name) else { throw EntryError("expected \"half\", \"quadrant\" or \"sextant\"") }
            video.cells = shape
        case "colors":
            guard let name = value.string, let mode = VideoSettings.colors(named: name) else { throw EntryError("expected \"auto\", \"direct\", \"256\" or \"16\"") }
            video.colors = mode
        case "tolerance":
            let n = try count(value)
            guard n <= 32 else { throw EntryError("expected 0 to 32") }
            video.tolerance = n
        case "decode":
            guard let name = value.string, name == "fast" || name == "full" else { throw EntryError("expected \"fast\" or \"full\"") }
            video.fastDecode = name == "fast"
        case "graphics":
            guard let name = value.string, let choice = GraphicsChoice(rawValue: name) else { throw EntryError("expected \"auto\", \"kitty\", \"sixel\" or \"cells\"") }
            video.graphics = choice
        default:
            throw EntryError("unknown setting; expected cells, colors, tolerance, decode or graphics")
        }
    }

    /// A command name, or nil for "none" (unbound).
    private func command(_ value: TOMLDocument.Value) throws(EntryError) -> RemoteCommand? {
        guard let name = value.string else { throw EntryError("expected a command name in quotes") }
        if name == "none" { return nil }
        guard let command = RemoteCommand(name: name) else {
            throw EntryError("unknown command “\(name)”; expected one of \(RemoteCommand.all.filter { if case .digit = $0 { false } else { true } }.map(\.name).joined(separator: ", ")), digit_0 … digit_9 or none")
        }
        return command
    }

    func string(_ value: TOMLDocument.Value) throws(EntryError) -> String {
        guard let s = value.string, !s.isEmpty else { throw EntryError("expected a path in quotes") }
        return s
    }

    private func count(_ value: TOMLDocument.Value) throws(EntryError) -> Int {
        guard let n = value.integer, n >= 0 else { throw EntryError("expected a whole number, 0 or more") }
        return n
    }

    /// The longest of `seconds`' values (a day): a kiosk's return, a
    /// retry's wait.
    static let longestSeconds = 86_400.0

    private func seconds(_ value: TOMLDocument.Value) throws(EntryError) -> Double {
        guard let s = value.float, s > 0, s <= Self.longestSeconds else {
            throw EntryError("expected a number of seconds above 0, at most 86400 (a day)")
        }
        return s
    }

    /// The longest refresh age (30 days): a guide's or a lineup's older
    /// than that is of no use, and a larger number is a slip.
    static let longestRefresh = 30 * 86_400.0

    /// A refresh age (`[guide] refresh`, `[accounts] refresh`, `[play]
    /// lineup_refresh`): seconds, or with a unit, from a minute to 30 days.
    func refreshAge(_ value: TOMLDocument.Value) throws(EntryError) -> Double {
        guard let age = value.float.flatMap({ $0 > 0 ? $0 : nil }) ?? value.string.flatMap(Self.duration), age >= 60, age <= Self.longestRefresh else {
            throw EntryError("expected a duration from a minute to 30 days, such as \"12h\", \"30m\" or 3600")
        }
        return age
    }

    /// "90s", "30m", "12h", "1d" or a bare number of seconds.
    static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var body = text.trimmingCharacters(in: .whitespaces).lowercased()
        var unit: Double = 1
        if let last = body.last, let factor = units[last] {
            unit = factor
            body.removeLast()
        }
        guard let number = Double(body), number > 0, number.isFinite else { return nil }
        return number * unit
    }

    private func selector(_ value: TOMLDocument.Value) throws(EntryError) -> ItemSelector {
        if let n = value.integer { return .channel(n) }
        if let s = value.string, !s.isEmpty { return .item(s) }
        throw EntryError("expected a channel number, or an item's id or URL in quotes")
    }
}

/// An item named in the config: a channel number, or an item's id or URL.
public enum ItemSelector: Equatable, Sendable, CustomStringConvertible {
    case channel(Int)
    case item(String)

    public var description: String {
        switch self {
        case .channel(let n): "channel \(n)"
        case .item(let s): "“\(s)”"
        }
    }

    /// Its index in `items`.
    public func index(in items: [MediaItem]) -> Int? {
        switch self {
        case .channel(let n): items.firstIndex { $0.number == n }
        case .item(let s): items.firstIndex { $0.id == s || $0.url == s }
        }
    }
}
