import ArgumentParser
import Foundation
import Logging
import MPVClient
import Catalog
import GuideStore
import Library
import MediaModel
import Parental
import ShellCore
import ShellRuntime
import TerminalUI

extension VideoOutput: ExpressibleByArgument {}
extension CellShape: ExpressibleByArgument {}
extension GraphicsChoice: ExpressibleByArgument {}

/// `tvshell [PATH_OR_URL…]`: plays those, or the built-in demo lineup.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play files, URLs or a lineup (the default command).",
        discussion: "With no argument, plays the built-in demo lineup (no network, no media files)."
    )

    @Argument(help: "Files or URLs to play, in order.")
    var items: [String] = []

    @Option(help: "An M3U lineup of channels (path or http(s) URL).")
    var lineup: String?

    @Option(help: "An account added with `tvshell account add`: its live channels, films and series, its guide and archive. Default: [accounts] default when nothing else is given.")
    var account: String?

    @Option(name: .customLong("guide"), help: "An XMLTV guide (path or http(s) URL, plain or .gz; repeatable). Default: the lineup's x-tvg-url / url-tvg.")
    var guides: [String] = []

    @Option(help: "A theme: a name (default, light, high-contrast, console16, or one in ~/.config/tvshell/Themes) or a .toml path.")
    var theme: String?

    @Option(help: "Where the picture goes: terminal (the default), window, tv (mpv's own output full screen, the screens on it) or none.")
    var video: VideoOutput?

    @Option(name: .customLong("video-cells"), help: "Terminal video cells: half (any font), quadrant or sextant (needs a font with Unicode 13 sextants).")
    var videoCells: CellShape?

    @Option(name: .customLong("video-colors"), help: "Terminal video colours: auto, direct, 256 or 16 (256 and 16 are dithered).")
    var videoColors: String?

    @Option(name: .customLong("video-tolerance"), help: "Per-channel colour difference (0–32) drawn as the same colour; 0 is lossless.")
    var videoTolerance: Int?

    @Option(name: .customLong("video-decode"), help: "fast (skip deblocking and exact rounding, invisible in cells) or full.")
    var videoDecode: String?

    @Option(help: "Picture protocol: auto (kitty or sixel when the terminal answers for them), kitty, sixel or cells.")
    var graphics: GraphicsChoice?

    @Option(name: .customLong("ipc-socket"), help: "Listen for JSON automation requests on this Unix socket.")
    var ipcSocket: String?

    @Flag(help: "Listen for JSON automation requests on ipc.sock in a directory only you can enter: $XDG_RUNTIME_DIR/tvshell, else /tmp/tvshell-UID (made 0700).")
    var ipc = false

    @Option(name: .customLong("log-file"), help: "Append logs to this file (never to the screen; opened again when logrotate moves it). Without it, logs go to the journal under systemd, to stderr without a screen.")
    var logFile: String?

    @Option(name: .customLong("log-level"), help: "The least a log line must be: trace, debug, info, notice, warning, error or critical.")
    var logLevel: LogLevelChoice = .info

    @Option(name: .customLong("mpv-option"), help: "KEY=VALUE passed to libmpv before it starts (repeatable).")
    var mpvOptions: [String] = []

    @Flag(help: "Start on the home screen instead of playing the first item.")
    var home = false

    @Option(help: "A config file (TOML: keys, remote, lirc, kiosk, recovery); default $XDG_CONFIG_HOME/tvshell/config.toml.")
    var config: String?

    @Flag(help: "Kiosk mode: q, SIGINT, SIGQUIT, SIGTSTP and the IPC quit do nothing (q asks for the admin passcode); streams heal themselves.")
    var kiosk = false

    @Option(name: .customLong("lirc-socket"), help: "lircd's socket (default: $LIRC_SOCKET_PATH, else /run/lirc/lircd).")
    var lircSocket: String?

    func validate() throws {
        // Nothing given exists (`tvshell cec status`), or the first word is a
        // subcommand put after options: a usage error, not media that never
        // plays. A missing file among others shows its error screen in turn.
        // A path on a share that does not answer is not missing: its start says so (`mediaItems`).
        let missing = items.filter { !$0.contains("://") && DiskAnswer.exists($0, within: 2) == false }
        let others = TVShellCommand.subcommandNames.filter { $0 != "play" }
        // A box awaits paths not there yet (a USB stick's folder mounted
        // after it starts): `MediaWait`.
        let awaitable = !missing.isEmpty && missing.allSatisfy { $0.contains("/") } && isBox(ShellConfigFile.loadLayers(path: config))
        if let item = items.first, missing.contains(item), missing.count == items.count && !awaitable || others.contains(item) {
            if others.contains(item) {
                throw ValidationError("\(item) is a subcommand: put it first (tvshell \(item) …), its options after it")
            }
            // `--ipc /path/x.sock`: the flag takes no path, so the path was
            // taken for media (a film's name mistyped after it is not).
            let arguments = CommandLine.arguments
            if ipc, item.lowercased().contains("sock"), let flag = arguments.firstIndex(of: "--ipc"), flag + 1 < arguments.endIndex,
               arguments[flag + 1] == item {
                throw ValidationError("--ipc takes no path (it listens on ipc.sock in $XDG_RUNTIME_DIR/tvshell); for a socket of your own: --ipc-socket \(item)")
            }
            throw ValidationError("no such file or subcommand: \(item); subcommands: \(others.joined(separator: ", ")) (tvshell help)")
        }
        for option in mpvOptions where !option.contains("=") || option.hasPrefix("=") {
            throw ValidationError("--mpv-option \(option): expected KEY=VALUE")
        }
        if let ipcSocket, ipcSocket.isEmpty { throw ValidationError("--ipc-socket: expected a path") }
        if ipc && ipcSocket != nil { throw ValidationError("--ipc and --ipc-socket: give one (--ipc is --ipc-socket in a private directory)") }
        if let videoColors, VideoSettings.colors(named: videoColors) == nil {
            throw ValidationError("--video-colors \(videoColors): expected auto, direct, 256 or 16")
        }
        if let videoTolerance, !(0...32).contains(videoTolerance) { throw ValidationError("--video-tolerance: expected 0 to 32") }
        if let videoDecode, videoDecode != "fast" && videoDecode != "full" { throw ValidationError("--video-decode: expected fast or full") }
    }

    func run() throws {
        let file = ShellConfigFile.loadLayers(path: config)
        var play = self
        play.lineup = lineup ?? file.lineup
        if account == nil, lineup == nil, items.isEmpty, file.lineup == nil { play.account = file.defaultAccount }
        if guides.isEmpty { play.guides = file.guides }
        play.theme = theme ?? file.theme
        play.video = video ?? file.videoOutput ?? .terminal
        play.mpvOptions = file.mpvOptions.map { "\($0.key)=\($0.value)" } + mpvOptions
        try play.start(file: file)
    }

    /// Runs with the config's `[play]` and `[mpv]` filled in where the
    /// command line said nothing.
    private func start(file: ShellConfigFile) throws {
        var play = self
        var fallback: String?
        if video == .window || video == .tv, let missing = Self.windowlessReason(ProcessInfo.processInfo.environment) {
            // The TV output falls back to the terminal's picture when there
            // is a terminal; a window asked for is not there, and says so.
            guard video == .tv, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                printError("--video \(video?.rawValue ?? "window"): \(missing); use --video terminal or none")
                throw ExitCode(69)
            }
            printError("--video tv: \(missing); the picture is drawn in the terminal instead")
            play.video = .terminal
            fallback = "The TV output could not start (\(missing)); the picture is in the terminal"
        }
        try play.proceed(file: file, notice: fallback)
    }

    /// `notice`: why the picture is not where it was asked for, for the screen.
    private func proceed(file: ShellConfigFile, notice fallback: String?) throws {
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        try bootstrapLogging(interactive: interactive)
        let logger = Logger(label: "tvshell")
        let unicode = ProcessEnvironment.prepare()

        // While the lineup is parsed, another thread reads the stored guide
        // and then loads libmpv (no thread can start while libmpv loads,
        // and the read starts one).
        let lineups = (lineup.map { [$0] } ?? []) + items.filter(Self.isLineup)
        let store = GuideStore(path: file.guideStorePath ?? GuideStore.defaultPath())
        var stored: StartWindowRead?
        if lineups.isEmpty && account == nil {
            MPVLibrary.preload()
        } else {
            stored = StartWindowRead(store: store, now: Date().timeIntervalSince1970) { _ = MPVLibrary.loadFailure() }
        }
        // Made in a function of its own, from inputs held by nothing here:
        // what the shell is made from (the inputs, the configuration, their
        // items) goes at its return, not at the run's end — a lineup
        // refreshed would otherwise leave the start's items held beside the
        // new ones for the whole run.
        let shell = try makeShell(inputs: loadInputs(lineups: lineups, store: store, stored: stored, file: file, logger: logger),
                                  file: file, fallback: fallback, logger: logger, unicode: unicode)
        do {
            let status = try shell.run()
            if status != 0 { throw ExitCode(status) }
        } catch let error as RuntimeError {
            printError("\(error)")
            logger.error("\(error)")
            throw ExitCode(1)
        }
    }

    /// The shell for `inputs`, set up as the command line and `file` say,
    /// its lineup and account kept fresh; not run.
    private func makeShell(inputs: Inputs, file: ShellConfigFile, fallback: String?, logger: Logger, unicode: Bool) throws -> Shell {
        // A big lineup's parse leaves free pages in the arenas of the threads that made its items.
        MemoryPolicy.trimSoon()
        let lineup = inputs.items
        // The config's [mpv] options come first (`run`): those libmpv
        // refuses are left out, each said as a problem of the config, so a
        // typo there does not keep the shell (a TV box) from starting; a
        // refused --mpv-option still ends the start. libmpv is loaded by now.
        let refusedMPV = ConfigCheck.mpvOptionProblems(file)
        let options = mpvOptions.enumerated().filter { !($0.offset < file.mpvOptions.count && refusedMPV.refused.contains($0.offset)) }
            .map { _, option -> ShellConfiguration.MPVOption in
                let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return .init(key: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
            }
        var chosenTheme = Theme.dark
        var notices: [String] = fallback.map { [$0] } ?? []
        for lineup in inputs.fromURLs {
            guard let copy = lineup.fromCopy else { continue }
            notices.append("The lineup could not be read (\(copy.reason)): the channels kept \(LineupCopy.age(of: copy.kept)) are shown; it is tried again")
        }
        if DemoLineup.leftOutFilm(lineup) {
            notices.append("The demo film could not be made in \(DemoLineup.defaultCacheDirectory().path) (the log says why); the demo channels play")
        }
        if let theme {
            do {
                chosenTheme = try ThemeLoader.load(theme)
            } catch {
                printError("\(error); using the default theme")
                logger.error("\(error); using the default theme")
                notices.append("The \(error); using the default theme")
            }
        }
        let parental = ParentalStore.open(paths: .standard())
        if let problem = parental.problem {
            printError("restrictions: \(problem)")
            logger.error("restrictions: \(problem)")
            notices.append("Restrictions: \(problem)")
        }
        var setup = StartupSettings(file: file, configPath: config, kiosk: kiosk, lircSocket: lircSocket, items: lineup)
        setup.problems += refusedMPV.problems
        for problem in setup.problems {
            printError("\(problem); using the default")
            logger.error("\(problem); using the default")
        }
        if let first = setup.problems.first {
            notices.append("\(first)\(setup.problems.count > 1 ? " (and \(setup.problems.count - 1) more in the log)" : "")")
        }
        // The provider's note to its subscribers, when the lists were just
        // fetched (with stored lists the refresher signs in and tells it).
        if let account = inputs.account, !account.stored, let notice = account.contents.info?.notice(account: account.account.name) {
            notices.append(notice)
        }
        var settings = ShellSettings()
        // libmpv's volume and mute as the options set them are where the
        // shell's start (it sets them again on every load).
        if let volume = options.last(where: { $0.key == "volume" }).flatMap({ Double($0.value) }) { settings.volume = min(max(volume / 100, 0), 1.3) }
        if let mute = options.last(where: { $0.key == "mute" }) { settings.muted = ["yes", "true", "1"].contains(mute.value) }
        // Else the viewer's volume and mute when the shell last ran.
        if setup.file.remember ?? true {
            let kept = SoundFile.read(SoundFile.path(library: setup.file.libraryPath ?? LibraryStore.defaultPath()))
            if let sound = kept.sound {
                if !options.contains(where: { $0.key == "volume" }) { settings.volume = sound.volume }
                if !options.contains(where: { $0.key == "mute" }) {
                    settings.muted = sound.muted
                    if sound.muted { notices.append("The sound is off, as it was left: * (a remote's MUTE) turns it on") }
                }
            }
            if let problem = kept.problem { logger.warning("\(problem); the volume starts as mpv's") }
        }
        if let loudest = setup.file.maxVolume {
            settings.maxVolume = loudest
            settings.volume = min(settings.volume, loudest)
        }
        settings.retries = setup.retries
        if let backoff = setup.file.backoff { settings.retryBackoff = backoff }
        if let stall = setup.file.stall { settings.stallTimeout = stall }
        settings.idleReturnDelay = setup.file.idleReturn
        if let automatic = setup.file.pipAutomatic { settings.pictureAutomatic = automatic }
        if let corner = setup.file.pipCorner { settings.pictureCorner = corner }
        if let delay = setup.file.previewDelay { settings.previewDelay = delay > 0 ? delay : nil }
        settings.segmentChoices = setup.file.segmentChoices
        if let linear = setup.file.linearBreaks { settings.linearBreaks = linear }
        if let enabled = setup.file.upNextEnabled { settings.upNextEnabled = enabled }
        if let countdown = setup.file.upNextCountdown { settings.upNextCountdown = countdown }
        if let count = setup.file.stillWatching { settings.stillWatchingAfter = count }
        settings.warmNeighbours = setup.file.warmNeighbours ?? 2
        if let delay = setup.file.warmDelay { settings.warmDelay = delay }
        settings.flipFavouritesOnly = setup.file.flipFavourites
        if let instant = setup.file.instantDigits { settings.instantDigits = instant }
        settings.remindersTune = setup.file.remindersTune
        settings.maxConnections = setup.file.maxConnections
        settings.warmBudget = WarmBudget(players: setup.file.warmBudgetPlayers ?? WarmBudget().players,
                                         bytesPerMinute: setup.file.warmBudgetBytesPerMinute)
        if let allowed = inputs.account?.contents.info?.maxConnections, allowed > 0 {
            settings.maxConnections = min(settings.maxConnections ?? allowed, allowed)
        }
        settings.sleepDaily = setup.file.sleepDaily
        settings.screensaverDelay = setup.file.screensaver
        settings.idleSleepDelay = setup.file.idleSleep
        if let thumbnails = setup.file.scrubThumbnails { settings.scrubThumbnails = thumbnails }
        var videoSettings = setup.file.video
        if let videoCells { videoSettings.cells = videoCells }
        if let videoColors, let mode = VideoSettings.colors(named: videoColors) { videoSettings.colors = mode }
        if let videoTolerance { videoSettings.tolerance = videoTolerance }
        if let videoDecode { videoSettings.fastDecode = videoDecode == "fast" }
        if let graphics { videoSettings.graphics = graphics }
        let socketPath = ipc ? try IPCSocketDirectory.socketPath() : ipcSocket
        let configuration = ShellConfiguration(
            items: lineup, video: video ?? .terminal, videoSettings: videoSettings, ipcSocketPath: socketPath, mpvOptions: options, kiosk: setup.kiosk, theme: chosenTheme,
            keyMap: setup.file.keyMap, settings: settings, startOnHome: home && !setup.kiosk,
            strayOutputPath: logFile, guide: inputs.guide, restrictions: parental.state, restrictionsBackend: parental.store,
            startupNotices: notices, remoteMap: setup.remoteMap, lircSocketPath: setup.lircSocket,
            startIndex: setup.startIndex, fallbackIndex: setup.fallbackIndex)
        var configured = configuration
        if let bus = setup.file.nowPlaying { configured.nowPlaying = bus }
        configured.mqtt = setup.file.mqtt
        if let devices = setup.file.inputDevices { configured.inputDevices = devices }
        configured.grabInput = setup.file.grabInput
        configured.cec = setup.file.cec
        if let remember = setup.file.remember { configured.remembers = remember }
        if configured.remembers {
            let kept = TrackChoiceFile.read(TrackChoiceFile.path(library: setup.file.libraryPath ?? LibraryStore.defaultPath()))
            configured.trackChoice = kept.choice
            if let problem = kept.problem { logger.warning("\(problem); subtitles and audio start as the player chooses them") }
        }
        configured.libraryPath = setup.file.libraryPath
        configured.guideStorePath = setup.file.guideStorePath
        configured.lineupRefresh = setup.file.lineupRefresh ?? configured.lineupRefresh
        if configured.remembers {
            var recordings = RecordingsSettings(directory: setup.file.recordingsDirectory ?? RecordingsSettings.defaultDirectory(),
                                                recorder: ["/proc/self/exe", "recorder"])
            if let before = setup.file.paddingBefore { recordings.paddingBefore = before }
            if let after = setup.file.paddingAfter { recordings.paddingAfter = after }
            configured.recordings = recordings
        }
        if var plan = inputs.guidePlan {
            if let age = setup.file.guideRefresh { plan.maximumAge = age }
            configured.guidePlan = plan
        }
        if setup.file.timeshift == false {
            configured.timeshift = nil
        } else {
            var timeshift = TimeshiftSettings()
            if let memory = setup.file.timeshiftMemory { timeshift.memoryBytes = memory }
            if let disk = setup.file.timeshiftDisk { timeshift.diskBytes = disk }
            configured.timeshift = timeshift
        }
        // The films' details come from the account's server once the shell runs.
        let details = DetailsInbox()
        let detailsLibrary = configured.remembers ? setup.file.libraryPath ?? LibraryStore.defaultPath() : nil
        let filmDetails: @Sendable (AccountsFile.Account) -> XtreamFilmDetails = { account in
            XtreamFilmDetails(server: account.server, account: account.name, logger: logger, libraryPath: detailsLibrary,
                              told: { id, found in details.send(id, found) })
        }
        let awaitedDetails = inputs.missingAccount == nil ? nil : DeferredItemDetails()
        if let account = inputs.account?.account ?? inputs.awaitedAccount?.account {
            configured.itemDetails = filmDetails(account)
        } else if let awaitedDetails {
            configured.itemDetails = awaitedDetails
        }
        let shell = Shell(configuration: configured, logger: logger, unicode: unicode)
        details.runLoop = shell.runLoop
        for lineup in inputs.fromURLs {
            shell.keepLineupFresh(from: lineup.location, shown: lineup.items, fromCopy: lineup.fromCopy != nil, bytes: lineup.bytes)
        }
        if let media = inputs.awaitedMedia {
            // Arrives as a lineup awaited since the start would: the kiosk's
            // start item plays (unless the start asked for the home screen).
            let arrive = shell.lineupArrival(location: nil, guides: [], guideMaximumAge: nil, start: setup.file.kioskStart, fallback: setup.file.fallback)
            let unread = shell.mediaUnread()
            unread(media.reason)
            let wait = MediaWait(locations: media.locations, logger: logger, unread: unread) { items in arrive(items, [], [], nil) }
            shell.keepFresh(wait)
            wait.start(reason: media.reason)
        }
        for lineup in inputs.awaited {
            shell.awaitLineup(from: GuideCommand.absolute(lineup.location), reason: lineup.reason, guides: guides.map(GuideCommand.absolute),
                              guideMaximumAge: setup.file.guideRefresh, start: setup.file.kioskStart, fallback: setup.file.fallback)
        }
        if let name = inputs.account?.account.name ?? inputs.awaitedAccount?.account.name ?? inputs.missingAccount?.name {
            let runLoop = shell.runLoop
            let apply = shell.lineupRefreshApplier()
            let waiting = shell.isRefreshWaiting()
            // An account the shell starts without: its first lists open as
            // a start would have, with the provider's note to its
            // subscribers, as a start that fetched them says it.
            let awaited = inputs.account == nil
            let arrived: (@Sendable (AccountContents) -> Void)?
            if awaited {
                let arrive = shell.lineupArrival(location: nil, guides: guides.map(GuideCommand.absolute), guideMaximumAge: setup.file.guideRefresh,
                                                 start: setup.file.kioskStart, fallback: setup.file.fallback)
                arrived = { contents in
                    arrive(contents.items, contents.targets, [contents.guideSource], contents.info?.maxConnections)
                    if let notice = contents.info?.notice(account: name) { runLoop.perform { $0.showNotice(notice) } }
                }
            } else {
                arrived = nil
            }
            let unread = awaited ? shell.lineupUnread() : nil
            let libraryPath = setup.file.libraryPath ?? LibraryStore.defaultPath(), maximumAge = setup.file.accountRefresh ?? 12 * 3600
            let refresher: @Sendable (AccountsFile.Account) -> AccountRefresher = { account in
                AccountRefresher(account: account, libraryPath: libraryPath, maximumAge: maximumAge, logger: logger,
                                 tell: { message in runLoop.perform { $0.showNotice(message) } },
                                 apply: { ids, contents in apply(ids, contents.items, contents.targets) },
                                 waiting: waiting, arrived: arrived, unread: unread)
            }
            if let played = inputs.account {
                let keeper = refresher(played.account)
                shell.keepFresh(keeper)
                keeper.start(shown: played.contents.items, fetched: played.contents.fetched, checked: !played.stored)
            } else if let unread, let account = inputs.awaitedAccount {
                unread(account.reason)
                let keeper = refresher(account.account)
                shell.keepFresh(keeper)
                keeper.startAwaiting()
            } else if let unread, let missing = inputs.missingAccount {
                // Not in accounts.toml yet: looked for there until it is;
                // its lists are then awaited at once, its films' details
                // asked of its server.
                unread(missing.reason)
                let wait = AccountWait(name: name, logger: logger, unread: unread) { account in
                    awaitedDetails?.set(filmDetails(account))
                    let keeper = refresher(account)
                    keeper.startAwaiting(atOnce: true)
                    return keeper
                }
                shell.keepFresh(wait)
                wait.start(reason: missing.reason)
            }
        }
        return shell
    }

    /// What `play` starts from: the items, the guide it shows at once, and
    /// where that guide is kept and refreshed from (nil: no stored guide).
    private struct Inputs {
        var items: [MediaItem]
        var guide: ProgrammeGuide
        var guidePlan: GuidePlan?
        /// The account played (`--account`), its lists, and whether they
        /// were the stored ones.
        var account: (account: AccountsFile.Account, contents: AccountContents, stored: Bool)?
        /// The lineups read from URLs, refreshed while the shell runs.
        var fromURLs: [URLLineup] = []
        /// The lineup URLs a box starts without (`LineupUnread`), with why.
        var awaited: [(location: String, reason: String)] = []
        /// The account a box starts without (`AccountUnread`), with why.
        var awaitedAccount: (account: AccountsFile.Account, reason: String)?
        /// The account a box starts without that `accounts.toml` does not
        /// hold or that cannot be read (`AccountMissing`), with why.
        var missingAccount: (name: String, reason: String)?
        /// The media paths a box starts without, all it was given, none
        /// holding media yet (`MediaWait`), with why.
        var awaitedMedia: (locations: [String], reason: String)?
    }

    /// A box's account whose server could not be read at its start, with
    /// nothing stored, or that lists nothing: the box starts without it
    /// (`AccountRefresher.startAwaiting`).
    private struct AccountUnread: Error {
        var account: AccountsFile.Account
        var reason: String
    }

    /// A box's account that `accounts.toml` does not hold, or an
    /// `accounts.toml` that cannot be read: the box starts without it
    /// (`AccountWait`).
    private struct AccountMissing: Error {
        var reason: String
    }

    /// A box's lineup URL that could not be read at its start, with no
    /// copy kept: the box starts without it (`Shell.awaitLineup`).
    private struct LineupUnread: Error {
        var reason: String
    }

    /// A lineup read from a URL: the items shown from it, and, when its
    /// server could not be read, why and when the copy shown was kept
    /// (`LineupCopy`).
    private struct URLLineup {
        var location: String
        var items: [MediaItem]
        var fromCopy: (reason: String, kept: Date)?
        /// `LineupRefresher.digest` of the bytes its items came from.
        var bytes: Int?
    }

    /// The items to play: `lineups` (`--lineup` and any `.m3u` argument) as
    /// channels, other arguments as they are, the demo lineup when there is nothing;
    /// and the guide: the stored one (`stored`, read from `store` on its own
    /// thread), refreshed in the background from `--guide`, else the
    /// lineups' `x-tvg-url`. Unreadable input exits
    /// 66 with the file and reason; a lineup's broken lines are logged and
    /// skipped.
    private func loadInputs(lineups: [String], store: GuideStore, stored: StartWindowRead?, file: ShellConfigFile, logger: Logger) throws -> Inputs {
        var result: [MediaItem] = []
        var guideURLs: [String] = []
        var targets: [GuideTarget] = []
        var played: (account: AccountsFile.Account, contents: AccountContents, stored: Bool)?
        var fromURLs: [URLLineup] = []
        var awaited: [(location: String, reason: String)] = []
        let box = isBox(file)
        var awaitedAccount: (account: AccountsFile.Account, reason: String)?
        var missingAccount: (name: String, reason: String)?
        if let account {
            do {
                let loaded = try loadAccount(account, file: file, box: box, logger: logger)
                guard !loaded.contents.items.isEmpty else {
                    printError("account \(account): it has no channels, films or series")
                    // A box awaits them (an account run out, a provider's
                    // failure sent as empty lists) rather than sign in again
                    // at each restart.
                    if box { throw AccountUnread(account: loaded.account, reason: "account \(account): it has no channels, films or series") }
                    throw ExitCode(65)
                }
                result = loaded.contents.items
                targets = loaded.contents.targets
                guideURLs = [loaded.contents.guideSource]
                played = loaded
            } catch let unread as AccountUnread {
                awaitedAccount = (unread.account, unread.reason)
            } catch let missing as AccountMissing {
                missingAccount = (account, missing.reason)
            }
        }
        do {
            var media = items.filter { !Self.isLineup($0) }
            for location in lineups {
                let read: (lineup: Lineup, fromCopy: (reason: String, kept: Date)?, bytes: Int?)?
                do {
                    read = try Self.parseLineup(location, box: box, logger: logger)
                } catch let unread as LineupUnread {
                    logger.warning("lineup \(URLRedaction.redact(location)) cannot be read (\(unread.reason)), with no copy kept; the box starts without it and reads it again")
                    awaited.append((location, unread.reason))
                    continue
                }
                guard let (parsed, fromCopy, bytes) = read else {
                    media.append(location)
                    continue
                }
                var channels = parsed.playableChannels()
                channels.items = MediaFolder.lineupSidecars(channels.items)
                if LineupCopy.keeps(location) {
                    fromURLs.append(URLLineup(location: location, items: channels.items, fromCopy: fromCopy, bytes: bytes))
                }
                if result.isEmpty && played == nil {
                    (result, targets) = channels
                } else {
                    result += channels.items
                    targets += channels.targets
                }
                guideURLs += parsed.guideURLs
            }
            let (files, awaitedMedia) = try Self.mediaItems(media, box: box, alone: result.isEmpty && lineups.isEmpty && account == nil, logger: logger)
            // Appending even nothing copies items shared with a URL lineup's (70 MB for a provider's 350 000).
            if !files.isEmpty { result += files }
            if let awaitedMedia { return Inputs(items: [], guide: .empty, awaitedMedia: awaitedMedia) }
            if result.isEmpty && played == nil && awaited.isEmpty && awaitedAccount == nil && missingAccount == nil {
                result = DemoLineup.items(cacheDirectory: DemoLineup.defaultCacheDirectory(), logger: logger) { message in
                    FileHandle.standardError.write(Data((message + "\n").utf8))
                }
                if guides.isEmpty { return Inputs(items: result, guide: DemoLineup.guide(for: result, around: Date().timeIntervalSince1970)) }
                targets = result.map { GuideTarget(id: $0.guideID, names: [$0.title]) }
            }
            let sources = guides.isEmpty ? guideURLs : guides.map(GuideCommand.absolute)
            guard !sources.isEmpty, !targets.isEmpty else {
                if !guides.isEmpty { logger.info("--guide is for lineups: these items have no channels") }
                return Inputs(items: result, guide: .empty, account: played, fromURLs: fromURLs, awaited: awaited, awaitedAccount: awaitedAccount,
                          missingAccount: missingAccount)
            }
            var shown = ProgrammeGuide.empty
            switch stored?.result() {
            case .success(let window): shown = window
            case .failure(let error): logger.warning("the stored guide \(store.path) cannot be read (\(error)); it is refreshed")
            case nil: break
            }
            return Inputs(items: result, guide: shown, guidePlan: GuidePlan(store: store, targets: targets, sources: sources, lineupLocation: lineups.first.map(GuideCommand.absolute)),
                          account: played, fromURLs: fromURLs, awaited: awaited, awaitedAccount: awaitedAccount,
                          missingAccount: missingAccount)
        } catch let failure as InputLoader.Failure {
            printError("\(failure)")
            throw ExitCode(66)
        }
    }

    /// The lineup at `location` parsed, its problems logged, a copy kept of
    /// one from a URL (`LineupCopy`), with the digest of its bytes for its
    /// refresher; nil for an HLS playlist (played as media). A lineup with
    /// no channels (a URL's answer from an account run out, a provider's
    /// failure sent as an empty list) is taken as one that cannot be read:
    /// a URL's copy kept, else on a `box` `LineupUnread`. Its bytes are
    /// gone once this returns, before its items are made.
    private static func parseLineup(_ location: String, box: Bool, logger: Logger) throws
        -> (lineup: Lineup, fromCopy: (reason: String, kept: Date)?, bytes: Int?)? {
        let (data, fromCopy) = try readLineup(location, box: box, logger: logger)
        guard let parsed = InputLoader.parseLineup(data, from: location) else { return nil }
        for problem in parsed.problems { logger.warning("\(location): \(problem)") }
        if parsed.channels.isEmpty {
            let fromURL = LineupCopy.keeps(location)
            if fromURL, fromCopy == nil, let kept = LineupCopy().read(location), let copy = InputLoader.parseLineup(kept.data, from: location), !copy.channels.isEmpty {
                logger.warning("lineup \(URLRedaction.redact(location)): its answer has no channels; the copy kept \(LineupCopy.age(of: kept.kept)) is shown")
                return (copy, ("its answer has no channels", kept.kept), LineupRefresher.digest(kept.data))
            }
            if box, fromCopy == nil { throw LineupUnread(reason: fromURL ? "its answer has no channels" : "it has no channels") }
            printError("\(location): no channels in this lineup")
            throw ExitCode(65)
        }
        if LineupCopy.keeps(location), fromCopy == nil {
            do {
                try LineupCopy().keep(data, for: location)
            } catch {
                logger.warning("lineup \(URLRedaction.redact(location)): its copy for a start without the server cannot be kept: \(error)")
            }
        }
        return (parsed, fromCopy, LineupCopy.keeps(location) ? LineupRefresher.digest(data) : nil)
    }

    /// Seconds a start waits for all of a lineup URL's answer when a copy of
    /// it is kept: a server that trickles (a provider's overloaded portal)
    /// would otherwise hold the box's screen blank for up to 10 minutes,
    /// where the kept channels can play; its refresher reads it again soon.
    static let lineupWaitWithCopy = 20.0

    /// Seconds a start waits for a lineup URL's first byte (and between two)
    /// when a copy of it is kept: a server that takes the connection and
    /// says nothing (a hung portal) would hold the box's screen blank for
    /// the 20 s a lineup is otherwise given to answer; its refresher tries
    /// it again soon, with the whole time.
    static let lineupSilenceWithCopy = 5.0

    /// A lineup's bytes: read from its file or URL; a URL that cannot be
    /// read (the network not up yet at boot, the server down), silent for
    /// `lineupSilenceWithCopy`, or not all of it within
    /// `lineupWaitWithCopy`, gives the copy kept when it last
    /// could, with why (`LineupCopy`). No copy: the failure; on a `box`
    /// (a kiosk, the TV output), whose screen nobody reads a failure on,
    /// `LineupUnread` after the same wait (the shell starts without it,
    /// `Shell.awaitLineup`): a URL not answering at boot, or a file on a
    /// share not mounted yet.
    private static func readLineup(_ location: String, box: Bool, logger: Logger) throws -> (data: Data, fromCopy: (reason: String, kept: Date)?) {
        do {
            let copied = LineupCopy.keeps(location) && FileManager.default.fileExists(atPath: LineupCopy().path(for: location))
            let waiting = WaitingLine("reading the lineup from \(location) …")
            defer { waiting.finish() }
            let read = { @Sendable in try InputLoader.lineup(location, timeout: copied ? lineupSilenceWithCopy : 20, whole: copied || box ? lineupWaitWithCopy : 600) }
            if location.hasPrefix("http://") || location.hasPrefix("https://") { return (try read(), nil) }
            // A file on a share that does not answer: said, not waited on for ever.
            guard let answer = DiskAnswer.read(within: DiskAnswer.startWithin, { _ in Result { try read() } }) else {
                throw InputLoader.Failure(location: location, reason: DiskAnswer.quiet(seconds: DiskAnswer.startWithin))
            }
            return (try answer.get(), nil)
        } catch let failure as InputLoader.Failure {
            guard LineupCopy.keeps(location), let kept = LineupCopy().read(location) else {
                if box { throw LineupUnread(reason: URLRedaction.redactingURLs(in: failure.reason)) }
                throw failure
            }
            let reason = URLRedaction.redactingURLs(in: failure.reason)
            logger.warning("lineup \(URLRedaction.redact(location)) cannot be read (\(reason)); the copy kept \(LineupCopy.age(of: kept.kept)) is shown")
            return (kept.data, (reason, kept.kept))
        }
    }

    /// The account's lists: the stored ones at once, else read from its
    /// server now. No such account, or a server that cannot be read with
    /// nothing stored, exits with the reason (the password never in it);
    /// on a `box`, throws `AccountMissing` or `AccountUnread` instead.
    private func loadAccount(_ name: String, file: ShellConfigFile, box: Bool, logger: Logger) throws -> (account: AccountsFile.Account, contents: AccountContents, stored: Bool) {
        // A box shows why and looks again (an account its installer adds
        // after its first boot), not a restart loop.
        func missing(_ reason: String, status: Int32) throws -> Never {
            printError(reason)
            guard box else { throw ExitCode(status) }
            logger.warning("\(reason); the box starts without it and looks again")
            throw AccountMissing(reason: reason)
        }
        let accounts: AccountsFile
        do {
            accounts = try AccountsFile.load()
        } catch {
            try missing(error.message, status: 78)
        }
        guard let account = accounts.account(name) else { try missing(AccountWait.notThere(name, in: accounts.path), status: 66) }
        let library = LibraryStore.open(path: file.libraryPath ?? LibraryStore.defaultPath()).store
        let now = Date().timeIntervalSince1970
        let loaded: Result<(contents: AccountContents, stored: Bool), XtreamFailure> = Result { () throws(XtreamFailure) in
            try AccountContents.load(account, library: library, now: now)
        }
        switch loaded {
        case .success(let loaded):
            logger.info("account \(name): \(loaded.contents.summary(now: now))\(loaded.stored ? " (stored)" : "")")
            for problem in loaded.contents.problems.prefix(20) { logger.warning("account \(name): \(problem)") }
            return (account, loaded.contents, loaded.stored)
        case .failure(let failure):
            printError("account \(name): \(failure)")
            logger.error("account \(name): \(failure)")
            if box { throw AccountUnread(account: account, reason: "account \(name): \(failure)") }
            throw ExitCode(AccountCommand.exitCode(failure))
        }
    }

    /// Whether this start is a box's (a kiosk, the TV output): one whose
    /// screen nobody reads a failure on, so what it needs and has not got
    /// is awaited, not a reason to exit.
    private func isBox(_ file: ShellConfigFile) -> Bool {
        kiosk || file.kiosk || (video ?? file.videoOutput) == .tv
    }

    /// Why `--video window` has nowhere to open its window: no X or Wayland
    /// display named, and no DRM device for mpv to draw on a console with.
    /// Nil when there is one.
    static func windowlessReason(_ environment: [String: String]) -> String? {
        if !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { return nil }
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri"))?.filter { $0.hasPrefix("card") } ?? []
        return cards.isEmpty ? "no display (DISPLAY and WAYLAND_DISPLAY are unset, and there is no /dev/dri card for the console)" : nil
    }

    /// The items the media arguments stand for (`MediaFolder`): a
    /// directory as the media files in it (and in its folders), anything
    /// else as it is (a path not there shows its error screen in turn). A
    /// directory with none, or a path whose disk or share does not answer
    /// (`DiskAnswer.startWithin`), exits 66 with the reason; on a `box` it
    /// is left out (said in the log), and when the paths were all the start
    /// had (`alone`) and none is there, answers or holds media, they are
    /// awaited (`MediaWait`): no items, and the locations with why.
    private static func mediaItems(_ media: [String], box: Bool, alone: Bool, logger: Logger) throws
        -> (items: [MediaItem], awaited: (locations: [String], reason: String)?) {
        // Each directory read once (a share's may hold thousands of files).
        var files: [String] = []
        var empty: [String: MediaFolder.Problem] = [:]
        var missing: Set<String> = []
        for location in media {
            switch MediaFolder.look(at: location, within: DiskAnswer.startWithin) {
            case .success(.directory(.success(let found))): files += found
            case .success(.directory(.failure(let problem))), .failure(let problem): empty[location] = problem
            case .success(.missing):
                missing.insert(location)
                files.append(location)
            case .success(.other): files.append(location)
            }
        }
        if let problem = media.lazy.compactMap({ empty[$0] }).first, !box {
            printError("\(problem)")
            throw ExitCode(66)
        }
        if box, alone, !media.isEmpty, files.count == missing.count,
           let problem = media.lazy.compactMap({ empty[$0] ?? (missing.contains($0) ? .notThere($0) : nil) }).first {
            printError("\(problem)")
            logger.warning("\(problem); the box starts without it and looks again")
            return ([], (media, problem.description))
        }
        for location in media { if let problem = empty[location] { logger.warning("\(problem); left out") } }
        return (MediaFolder.items(files: files), nil)
    }

    private static func isLineup(_ location: String) -> Bool {
        let path = (location.split(separator: "?").first.map(String.init) ?? location).lowercased()
        if path.hasSuffix(".xspf") { return true }
        if path.hasSuffix(".pls") { return !location.contains("://") && listsFiles(location) }
        return path.hasSuffix(".m3u") || path.hasSuffix(".m3u8") && !location.contains("://")
    }

    /// Whether the PLS playlist at `path` lists a file (a player's playlist
    /// of songs or films: opened as a lineup, every entry played); a
    /// station's, which lists only its streams, plays as one item. Only a
    /// regular file is read (a named pipe would hold the start until
    /// something writes to it).
    private static func listsFiles(_ path: String) -> Bool {
        guard MediaFolder.isRegularFile(path), let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: 1 << 20) else { return false }
        try? handle.close()
        let text = InputLoader.text(data)
        return PLSParser.isPLS(text) && PLSParser.parse(text).channels.contains(where: \.onDemand)
    }

    /// Logs go to `--log-file`; without one, to the journal when the
    /// service manager connected standard error to it, to stderr when there
    /// is no screen, and nowhere when the TUI owns the terminal.
    private func bootstrapLogging(interactive: Bool) throws {
        let level = logLevel.level
        if let logFile {
            do {
                let factory = try FileLogHandler.file(path: logFile, level: level)
                LoggingSystem.bootstrap(factory)
            } catch {
                printError("--log-file \(logFile): cannot open for writing")
                throw ExitCode(73)
            }
        } else if FileLogHandler.standardErrorIsJournal() {
            LoggingSystem.bootstrap(FileLogHandler.standardError(level: level, journal: true))
        } else if !interactive {
            LoggingSystem.bootstrap(FileLogHandler.standardError(level: level))
        } else {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        }
    }
}
