import Catalog
import Foundation
import Logging
import MediaModel
import MPVClient
import ShellCore
import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// The player adapter: opens items in libmpv and turns its events into
/// `PlayerReport`s tagged with the load token they belong to. Thin: every
/// decision is the reducer's.
///
/// Run-loop thread only. The wakeup and render pipes are written by mpv's
/// threads (one byte each time) and read by the run loop.
final class MPVPlayer {
    let mpv: MPVHandle
    private(set) var renderer: MPVSoftwareRenderer?
    /// The video output showing the window (`current-vo`: `x11`, `gpu`,
    /// `drm` …); nil when it shows none or none yet.
    var windowOutput: String? {
        guard showsWindow, let vo = try? mpv.string("current-vo"), !vo.isEmpty, vo != "libmpv", vo != "null" else { return nil }
        return vo
    }

    /// Readable when mpv has events.
    let wakeupFD: Int32
    /// Readable when the render context has an update.
    let renderFD: Int32
    private let wakeupWriteFD: Int32
    /// The wakeup pipe's write end for threads of the shell's own (a
    /// rating lookup's answer).
    private let wakeLine: WakeLine
    /// Where the ratings of items that come without one are asked for
    /// before they decode (nil: nowhere). Set before the first load.
    var detailsSource: (any ItemDetailsSource)?
    /// The ratings of the latest load asked of `detailsSource`.
    private var ratingLookup: RatingLookup?
    /// The load held at its hook waits for `ratingLookup`'s answer before
    /// it is reported.
    private var awaitingRatings = false
    private let holdsLoads: Bool
    private let renderWriteFD: Int32
    private(set) var isShutDown = false
    let logger: Logger

    private var tokenByEntry: [Int64: Int] = [:]
    private var latestToken = 0
    /// The token of the latest load (what a failure of the whole player ends).
    var currentToken: Int { latestToken }
    private var latestEntry: Int64 = -1
    /// The latest load failed (mpv is idle since).
    private var latestFailed = false
    /// Whether this player holds nothing to show: it never loaded, was
    /// stopped since, or its latest load failed. mpv 0.35 opens no window
    /// for an idle core told to show one (`setShowsWindow`): it opens it as
    /// it starts, or as a load sets its video up.
    var holdsNothing: Bool { latestEntry == -1 || latestFailed }
    /// The entry mpv is playing now (from START_FILE).
    private var activeEntry: Int64 = -2
    /// The latest load was a playlist or a folder mpv opened into entries
    /// of its own (its end's reason `redirect`): the next entry it starts
    /// is that load's (`adoptRedirected`).
    private var redirected: (token: Int, timeshifted: Bool)?
    /// libmpv's speed before `setSpeed` first changed it, put back at the
    /// next load: libmpv keeps a speed from file to file, and a film
    /// watched at 1.25× would have the next, a live channel too, play at it
    /// while its state said 1×. Run-loop state.
    var speedBeforeChange: Double?
    /// How many playlists deep the latest load has gone (a playlist that
    /// lists another): past `deepestPlaylist` it fails, so one that lists
    /// itself does not keep mpv reading it for ever.
    private var playlistDepth = 0
    /// The loads' HTTP options, kept as mpv's own too (for adopted entries).
    private var httpOptions = LoadHTTPOptions()
    /// The entry adopted so (`adoptRedirected`): its `media-title` that is
    /// only its file name is not told, so the load keeps its own title
    /// (the station's, the playlist's) rather than the first entry's name.
    private var adoptedEntry: Int64?
    /// The first error mpv logged while loading the latest entry.
    private var lastErrorLine: String?
    /// mpv's log lines said again and again, written once in a while
    /// (each load's once at least).
    private var logRepeats = LogRepeats()
    /// The token of a load that failed before mpv logged why.
    private var failedWithoutDetail: Int?
    /// mpv logged that the latest load's picture has more pixels than its
    /// decoder may take (`stillPixels`): its end is a failure, not the end
    /// of what played.
    private var overPixelLimit = false
    /// The latest load's subtitle files kept apart (`MediaItem.subtitleFiles`),
    /// added at its hook (`addSubtitleFiles`).
    var subtitleFilesForLoad: [SubtitleFile] = []
    /// Without video (`--video none`), the latest load opened with no sound
    /// to play: its end with nothing to play says so.
    private var latestSilent = false
    /// Whether this player shows pictures (not `--video none`).
    private let showsPictures: Bool
    /// The `on_preloaded` hook mpv waits at for the current load: opened,
    /// nothing decoded yet (see `PlayerReport.preloaded`).
    private var heldHook: (id: UInt64, token: Int)?
    /// libmpv shut its core down (a script's `quit`, a fatal error): this
    /// player is dead and must be replaced.
    private(set) var died = false
    /// Whether the latest load streams from the network (HTTP, RTSP …) and
    /// was neither stopped nor ended (end of file, failure) since: it holds
    /// a connection, and ending it may keep mpv's core for a while (a live
    /// HLS reader at the live edge sleeps between playlist reloads:
    /// 120–190 ms measured on local HLS).
    private(set) var streamsFromNetwork = false
    /// The user's `[mpv] video-rotate` as given ("0" without one), and
    /// its degrees (nil for `no`: pictures are not turned at all).
    let userRotationOption: String
    let userRotation: Int?
    /// The current file's turn (`MPVPlayer+Rotation`), clockwise degrees.
    var streamRotation = 0
    /// The turn the shell's filter makes now (0: no filter).
    var rotationInFilter = 0
    /// mpv's `video-rotate` now: `no` where the shell draws the picture,
    /// the user's in a window.
    var turnOption: String
    /// Keys typed into mpv's window (TV output), by mpv's names, oldest
    /// first; the loop takes them after each drain.
    var typedKeys: [String] = []

    /// The user's audio outputs (`ao`, "" for mpv's own choice): what this
    /// player opens when it holds the audio device (`MPVPlayer+AudioDevice`).
    let audioOutput: String
    /// Whether this player's `ao` is `audioOutput` (else `null`).
    var audioDeviceSet: Bool
    /// The userdata of the request letting the audio device go, until its reply.
    var audioRelease: UInt64?
    /// Called (run-loop thread) once a `releaseAudio` is done: the device is free.
    var audioReleased: (() -> Void)?

    /// The TV's window chain: mpv's own output, full screen (GPU, else
    /// plain X11, else DRM/KMS on a console).
    static let tvWindowOutput = "gpu,x11,drm"
    /// The longest duration taken from a file (seconds, as `Segment.latest`):
    /// a longer one is nonsense and reported as no duration.
    static let longestDuration = Segment.latest
    /// The furthest time taken from a stream (seconds either way, some
    /// 3000 years): a file's timestamps may jump anywhere (a fragment's
    /// start of 2^62 ticks), and a time beyond this is reported as no time.
    static let furthestTime = 1e11

    /// The most pixels a still (a sprite sheet, a trick-play image, a
    /// keyframe, a proposal's image, an item that is a picture:
    /// `StillPicture`) may have: 4096 × 4096, 64 MiB decoded.
    /// Its pixels are decoded in this process, and a broken or hostile
    /// image is small on the wire (a 790 kB PNG of 16000 × 16000 held
    /// 3.9 GB).
    static let stillPixels = 4096 * 4096

    /// Why a load with no sound fails without video (`--video none`); the
    /// shell's own words (no player's text after a colon).
    static let silentReason = "it has no sound, and this shell plays no pictures (--video none)"
    /// Why a picture over `stillPixels` did not play.
    static let overPixelLimitReason = "the picture is larger than 4096 × 4096 pixels, the most the shell decodes"

    /// A still's per-file options: its decoder refuses more than
    /// `stillPixels`, and libavformat's stream probing, which decodes the
    /// picture whole with no such limit, runs only for a file that shows
    /// no stream.
    static let stillOptions = ["vd-lavc-o": "max_pixels=\(stillPixels)", "demuxer-lavf-probe-info": "nostreams"]

    /// The title of mpv's window (the TV's, `--video window`'s). mpv's own
    /// is the media's title, else its file name, which for a URL keeps the
    /// query (a token) or is its account: any X client reads a window's
    /// title, a desktop shows it.
    static let windowTitle = ("title", "tvshell")

    /// `seconds` when it is a time a stream can have, else nil.
    static func sensibleTime(_ seconds: Double?) -> Double? {
        seconds.flatMap { $0.isFinite && abs($0) <= furthestTime ? $0 : nil }
    }
    /// The outputs this player's window tries when it takes the TV's
    /// window over: the user's `vo`, else `tvWindowOutput`.
    let windowChain: String

    /// Whether this player draws the TV's full-screen window (the main
    /// one); any other renders off screen (`vo=libmpv`) for the presenter
    /// to lay its frames on the main output.
    private(set) var showsWindow = false
    /// A load whose window could not open, to load again (`WindowRetry`).
    private var windowRetry = WindowRetry()
    /// mpv logged that the window could not open since the latest load.
    private var windowTrouble = false
    /// When this player last took the window over (monotonic seconds).
    private var handedOverAt = -Double.infinity

    /// `showsWindow`: on the TV output, whether this player opens the
    /// full-screen window or renders off screen (every TV player has a
    /// render context, so a picture in picture or a warm neighbour can
    /// take the window over by `setShowsWindow`).
    /// `windowOutput`: the video outputs the window tries, in order (nil:
    /// the user's `vo`, else `tvWindowOutput`). A `vo` among `options` (the
    /// user's `[mpv]`) names the outputs of a window only, mpv's own or
    /// the TV's: on the terminal and off screen the shell draws the
    /// picture (`libmpv`), and without video there is none (`null`).
    /// `holdsLoads`: each load waits at mpv's `on_preloaded` hook until
    /// continued (`PlayerReport.preloaded`); a thumbnail player's do not.
    /// `holdsAudio`: whether it opens the user's audio output (`ao`), or
    /// renders its sound to nothing until it takes the device (`takeAudio`).
    /// `windowKeys`: the key map's names (the config's `[keys]`), bound in
    /// the TV's window beside `windowKeys` where mpv has them.
    init(video: VideoOutput, options: [(String, String)], logger: Logger, showsWindow: Bool = true,
         windowOutput: String? = nil, holdsLoads: Bool = true, holdsAudio: Bool = true, windowKeys: [String] = []) throws {
        self.logger = logger
        audioOutput = options.last { $0.0 == "ao" }?.1 ?? ""
        userRotationOption = options.last { $0.0 == "video-rotate" }?.1 ?? "0"
        userRotation = userRotationOption == "no" ? nil : Int(userRotationOption) ?? 0
        audioDeviceSet = holdsAudio || audioOutput == "null"
        if let failure = MPVLibrary.loadFailure() { throw RuntimeError.libmpvUnavailable(failure) }
        var wake: [Int32] = [0, 0], render: [Int32] = [0, 0]
        guard tvs_pipe_nonblocking(&wake) == 0, tvs_pipe_nonblocking(&render) == 0 else {
            throw RuntimeError.system("pipe2", errno)
        }
        wakeupFD = wake[0]; wakeupWriteFD = wake[1]
        wakeLine = WakeLine(wake[1])
        self.holdsLoads = holdsLoads
        showsPictures = video != .none
        renderFD = render[0]; renderWriteFD = render[1]
        mpv = try MPVHandle()
        let userOutput = options.last { $0.0 == "vo" }?.1
        windowChain = userOutput ?? Self.tvWindowOutput
        let output = switch video {
        case .terminal: "libmpv"
        case .none: "null"
        case .window: userOutput ?? "gpu,x11,null"
        case .tv: showsWindow ? windowOutput ?? windowChain : "libmpv"
        }
        let userInputConf = video == .tv ? options.last { $0.0 == "input-conf" }?.1 : nil
        // Where the shell draws the picture, mpv turns none (`MPVPlayer+Rotation`).
        turnOption = video == .terminal || (video == .tv && !showsWindow) ? "no" : userRotationOption
        let options = options.filter { $0.0 != "vo" && $0.0 != "video-rotate" && (audioDeviceSet || $0.0 != "ao") && (video != .tv || $0.0 != "input-conf") }
            + (audioDeviceSet ? [] : [("ao", "null")]) + [("video-rotate", turnOption)]
        let base: [(String, String)] = [
            ("vo", output),
            ("idle", "yes"), ("keep-open", "yes"), ("terminal", "no"),
            ("input-default-bindings", "no"), ("input-vo-keyboard", "no"), ("osc", "no"),
            ("osd-level", "0"), ("video-timing-offset", "0"), ("hr-seek", "yes"),
            // A song's embedded album cover is its picture (a file with a
            // film in it plays the film: mpv picks cover art last).
            ("force-window", "no"), ("audio-display", "embedded-first"), ("network-timeout", "10"), ("ytdl", "no"),
            // mpv's own stats page and console (built-in Lua scripts, their
            // keys off with input-default-bindings): a Lua state and thread
            // each, some 4 MiB a player, for nothing the shell shows.
            ("load-stats-overlay", "no"), ("load-osd-console", "no"),
        ]
        if video == .none { try mpv.setOption("vid", "no") }
        // The TV's picture fills the screen from the start (the home screen
        // and the guide are drawn on it before anything plays); keys typed
        // into mpv's window come back as client messages. The GPU output
        // uses OpenGL (GLES on a Raspberry Pi): where no Vulkan driver is
        // installed, mpv 0.35's failed Vulkan probe closes descriptor 0,
        // the console the keys come from.
        let tv: [(String, String)] = video == .tv
            ? [("fullscreen", "yes"), ("force-window", showsWindow ? "immediate" : "no"), ("input-vo-keyboard", "yes"), ("cursor-autohide", "always"),
               ("gpu-api", "opengl"), Self.windowTitle]
            : []
        // mpv's own window on a desktop: the same OpenGL, for the same
        // reason. Where the display's OpenGL is software (a VM, a remote X)
        // the failed probes closed descriptor 0 (the terminal): the shell
        // read EOF and quit, or mpv's X connection took descriptor 0 and the
        // shell's reads of the terminal took its replies (mpv hung).
        let window: [(String, String)] = video == .window ? [("gpu-api", "opengl"), Self.windowTitle] : []
        // mpv's window has no bindings of its own (input-default-bindings
        // is off): the keys the shell knows, after the user's input.conf,
        // bound before the window opens.
        let bindings: [(String, String)] = video == .tv ? [("input-conf", Self.windowBindings(user: userInputConf, extra: windowKeys))] : []
        for (key, value) in base + tv + window + options + bindings {
            do { try mpv.setOption(key, value) } catch {
                throw RuntimeError.mpvOption(key: key, value: value, reason: error.message)
            }
        }
        try mpv.initialize()
        try mpv.requestLogMessages("warn")
        try mpv.observeAll()
        // Every load stops at the hook: the picture's turn is set there
        // (`fitRotation`); a player that does not hold loads goes on at once.
        try mpv.addHook("on_preloaded")
        mpv.setWakeupPipe(wakeupWriteFD)
        if video == .terminal || video == .tv {
            renderer = try MPVSoftwareRenderer(mpv: mpv, updateFD: renderWriteFD)
        }
        if Self.deinterlacesByItself(video: video, options: options) { addDeinterlacer() }
        self.showsWindow = video == .tv && showsWindow
    }

    /// TV output: takes the full-screen window (mpv's own output) or gives
    /// it up for off-screen rendering, while playing (mpv sets its video
    /// output up again; the render context stays). A player giving the
    /// window up must do so before another takes it: DRM has one master.
    /// mpv's new video output is set up while the loop goes on (the
    /// render context's waits on the loop, which serves it).
    /// `output`: the video outputs to try for the window, in order (nil:
    /// `windowChain`).
    func setShowsWindow(_ shows: Bool, output: String? = nil) {
        guard shows != showsWindow else { return }
        showsWindow = shows
        fitRotation()
        if shows { handedOverAt = MonotonicClock.now().seconds }
        do {
            try mpv.setPropertyAsync("force-window", shows ? "immediate" : "no")
            if !shows {
                // The window (and a DRM device) is let go before this
                // returns; the render context's output is set up after.
                try mpv.setProperty("vo", "null")
            }
            try mpv.setPropertyAsync("vo", shows ? output ?? windowChain : "libmpv")
        } catch {
            logger.error("vo: \(error)")
        }
        MemoryPolicy.trimSoon()
    }

    /// Sets options at run time (they apply from the next load).
    func setOptions(_ options: [(String, String)]) {
        for (key, value) in options {
            do { try mpv.setProperty(key, value) } catch { logger.error("\(key)=\(value): \(error)") }
        }
    }

    /// Opens `item` for `token`, replacing what plays, unpaused.
    func load(_ item: MediaItem, token: Int, start: Double?) throws {
        try load(item, token: token, start: start, extra: [:])
    }

    /// Shows the still image at `url` until stopped.
    func loadStill(_ url: String, token: Int) throws {
        try load(MediaItem(title: url, url: url), token: token, start: nil, extra: ["image-display-duration": "inf"])
    }

    /// Opens `item` paused: demuxed and buffering, its first frame decoded.
    func loadPaused(_ item: MediaItem, token: Int) throws {
        try load(item, token: token, start: nil, extra: [:], paused: true)
    }

    /// Opens `item` for `token` with per-file options `extra` (a thumbnail's crop, a still's duration).
    func load(_ item: MediaItem, token: Int, start: Double?, extra: [String: String], paused: Bool = false) throws {
        windowRetry.loaded(WindowRetry.Load(item: item, token: token, start: start, extra: extra, paused: paused))
        if let speed = speedBeforeChange {
            speedBeforeChange = nil
            do { try mpv.setProperty("speed", String(speed)) } catch { logger.warning("the speed before the next load: \(error)") }
        }
        try open(item, token: token, start: start, extra: extra, paused: paused)
    }

    /// Loads `item` in mpv for `token` (a new load, or one tried again).
    private func open(_ item: MediaItem, token: Int, start: Double?, extra: [String: String], paused: Bool) throws {
        windowTrouble = false
        latestFailed = false
        redirected = nil
        playlistDepth = 0
        streamsFromNetwork = TimeshiftSettings.applies(to: item.url)
        latestToken = token
        lastErrorLine = nil
        logRepeats = LogRepeats()
        failedWithoutDetail = nil
        overPixelLimit = false
        latestSilent = false
        subtitleFilesForLoad = item.subtitleFiles
        var options = extra
        if let start { options["start"] = String(start) }
        var headers = item.headers
        if let agent = headers.removeValue(forKey: "User-Agent") { options["user-agent"] = agent }
        if let referrer = headers.removeValue(forKey: "Referer") { options["referrer"] = referrer }
        if !headers.isEmpty {
            options["http-header-fields"] = MPVHandle.stringList(headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        }
        options.merge(MulticastAddress.loadOptions(for: item.url)) { own, _ in own }
        options.merge(DiscLoad.options(for: item)) { own, _ in own }
        let opened = DiscLoad.url(for: item) ?? MulticastAddress.forFFmpeg(item.url)
        let still = extra["image-display-duration"] != nil
        if still || item.disc == nil && StillPicture.isStill(item.url) { options.merge(Self.stillOptions) { own, _ in own } }
        let buffered = item.isLive && !still && TimeshiftSettings.applies(to: item.url) ? timeshift : nil
        if let buffered {
            options.merge(buffered.mpvOptions()) { own, _ in own }
            if buffered.diskBytes > 0 { try? FileManager.default.createDirectory(atPath: buffered.directory, withIntermediateDirectories: true) }
        }
        lastBuffer = nil
        lastFetched = nil
        ratingLookup = nil
        if holdsLoads, let source = detailsSource, source.applies(to: item) {
            ratingLookup = RatingLookup.start(item, token: token, source: source, wake: wakeLine)
        }
        let sync = heldHook != nil
        for change in httpOptions.changes(for: options, read: ownHTTPOption) {
            if sync { try mpv.setProperty(change.name, change.value) } else { try mpv.setPropertyAsync(change.name, change.value) }
        }
        if sync {
            // The load held at its hook must be replaced before it is let
            // go (so nothing of it decodes); mpv's core waits there, free.
            try mpv.setFlag("pause", paused)
            let entry = try mpv.loadFile(opened, options: options)
            began(entry: entry, token: token, timeshifted: buffered != nil)
            releaseHeldHook()
        } else {
            // Without waiting for the core, which may be ending a live
            // stream for a few hundred milliseconds: the entry comes with
            // the reply; until then no event is this load's.
            requests += 1
            pendingLoad = PendingLoad(userdata: requests, token: token, url: item.url, timeshifted: buffered != nil)
            latestEntry = Self.entryPending
            try mpv.setPropertyAsync("pause", paused ? "yes" : "no")
            try mpv.loadFileAsync(opened, options: options, userdata: requests)
        }
    }

    /// mpv opened the latest load into entries of its own (a playlist such
    /// as a radio station's `.pls`, a folder) and starts the first as
    /// `entry`: it is that load's, held at its hook and rated as any (else
    /// it would play unseen, its ratings never read), and the rest of mpv's
    /// entries are dropped, so none plays after it unasked. Nothing is
    /// adopted while a later load is on its way.
    private func adoptRedirected(_ entry: Int64) {
        guard let redirect = redirected, redirect.token == latestToken, pendingLoad == nil else { return }
        redirected = nil
        adoptedEntry = entry
        began(entry: entry, token: redirect.token, timeshifted: redirect.timeshifted)
        do { try mpv.command(["playlist-clear"]) } catch { logger.error("the entries after a playlist's first: \(error)") }
    }

    /// The playlist entry of the load for `token` is known.
    private func began(entry: Int64, token: Int, timeshifted: Bool) {
        latestEntry = entry
        if timeshifted { timeshiftEntries.insert(entry) }
        tokenByEntry[entry] = token
    }

    /// A `loadfile` sent without waiting, until its reply.
    private struct PendingLoad {
        let userdata: UInt64
        let token: Int
        let url: String
        let timeshifted: Bool
    }
    private var pendingLoad: PendingLoad?
    /// The userdata of the latest asynchronous request.
    var requests: UInt64 = 0
    /// `latestEntry` while a load's reply is awaited: no entry has it.
    private static let entryPending: Int64 = -3

    /// The reply to an asynchronous `loadfile`: its entry becomes the
    /// load's, or its failure is the load's (unless it was replaced or
    /// stopped since).
    private func replied(userdata: UInt64, error: MPVError?, entry: Int64?) -> (PlayerReport, Int)? {
        if userdata == audioRelease {
            if let error { logger.error("letting the audio device go: \(error)") }
            audioDeviceLetGo()
            return nil
        }
        guard let pending = pendingLoad, pending.userdata == userdata else { return nil }
        pendingLoad = nil
        guard pending.token == latestToken else { return nil }
        if let error { return (.failed(reason: "\(MPVError(code: error.code, call: "loadfile \(pending.url)"))"), pending.token) }
        began(entry: entry ?? -1, token: pending.token, timeshifted: pending.timeshifted)
        return nil
    }

    /// Stops playback (the idle state). A load held at its hook is stopped
    /// before it decodes anything (synchronously then: the core waits at
    /// the hook); otherwise without waiting for the core.
    func stop() throws {
        streamsFromNetwork = false
        latestToken += 1
        latestEntry = -1
        pendingLoad = nil
        if heldHook != nil {
            try mpv.command(["stop"])
            releaseHeldHook()
        } else {
            try mpv.commandAsync(["stop"])
        }
    }

    /// Lets the load with `token`, held after opening, go on to decode and play.
    func continueLoad(token: Int) {
        guard let held = heldHook, held.token == token else { return }
        releaseHeldHook()
    }

    /// mpv waits at a hook until it is continued, even once the load was
    /// stopped or replaced: continue it (after the stop, so nothing decodes).
    private func releaseHeldHook() {
        guard let held = heldHook else { return }
        heldHook = nil
        awaitingRatings = false
        do { try mpv.continueHook(held.id) } catch { logger.error("\(error)") }
    }

    /// Drains mpv's events and translates those of the current load. mpv's
    /// log lines travel apart from its events, so within a batch they are
    /// taken first (an END_FILE then finds the reason already logged), and a
    /// reason logged after the failure comes as `.failureDetail`.
    func drain() -> [(PlayerReport, Int)] {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(wakeupFD, &sink, sink.count) > 0 {}
        var reports: [(PlayerReport, Int)] = []
        let events = mpv.drainEvents()
        let logs = events.filter { if case .logMessage = $0 { true } else { false } }
        let others = events.filter { if case .logMessage = $0 { false } else { true } }
        for event in logs + others {
            if let report = translate(event) { reports.append(report) }
            if let more = alsoFetched { reports.append(more); alsoFetched = nil }
        }
        if awaitingRatings, let held = heldHook, ratingLookup?.token == held.token, ratingLookup?.found != nil {
            awaitingRatings = false
            reports.append((.preloaded(ratings: heldRatings(held.token), file: heldFile), held.token))
        }
        return reports
    }

    /// Whether the load held at its hook is a file from the network
    /// (`heldIsFile`), set there.
    private var heldFile = false

    /// Timeshifted entries whose stream is a file from the network: their
    /// buffer's file on disk holds the file at most, so it is never started
    /// again (that would play the film from its start).
    private var fileEntries: Set<Int64> = []

    /// A file from the network loaded with the live buffer's options (a film
    /// in a lineup) is held in memory as mpv holds any other: 150 MiB ahead
    /// and 50 MiB behind (mpv's defaults), not the buffer's room, for a film
    /// that can seek on its server anyway (on disk these limits count only
    /// the packets' index; the file there holds the film at most).
    /// Per-file: the next load has its own.
    private func limitFileBuffer() {
        for (name, value) in [("demuxer-max-bytes", "150MiB"), ("demuxer-max-back-bytes", "50MiB")] {
            do { try mpv.setProperty(name, value) } catch { logger.warning("a file's buffer: \(error)") }
        }
    }

    /// Whether the held load's stream is a file rather than a live stream:
    /// it says how long it is (an HLS playlist with its end does too), or
    /// how many bytes it has (a server's length for what it sends; an HLS
    /// or DASH manifest's own size says nothing). A live stream says
    /// neither; one whose server claims a length is taken for a file.
    private func heldIsFile() -> Bool {
        if let length = (try? mpv.double("duration")).flatMap(Self.sensibleTime), length > 0 { return true }
        guard let size = try? mpv.double("file-size"), size > 0 else { return false }
        let format = (try? mpv.string("file-format")) ?? ""
        return !["hls", "dash"].contains(format)
    }

    /// The held load's ratings: its file's, and those its source gave.
    private func heldRatings(_ token: Int) -> [ContentRating] {
        var ratings = fileRatings()
        if let lookup = ratingLookup, lookup.token == token {
            for rating in lookup.found ?? [] where !ratings.contains(rating) { ratings.append(rating) }
        }
        return ratings
    }

    private func translate(_ event: MPVEvent) -> (PlayerReport, Int)? {
        switch event {
        case .startFile(let entry):
            activeEntry = entry
            if tokenByEntry[entry] == nil { adoptRedirected(entry) }
            guard let token = tokenByEntry[entry] else { return nil }
            if entry == latestEntry { observeLoadAfresh() }
            return (.started, token)
        case .endFile(let entry, let reason, let error):
            defer {
                tokenByEntry[entry] = nil
                timeshiftEntries.remove(entry)
                filledEntries[entry] = nil
                fileEntries.remove(entry)
            }
            guard let token = tokenByEntry[entry] else { return nil }
            switch reason {
            case .redirect where token == latestToken && entry == latestEntry:
                playlistDepth += 1
                guard playlistDepth <= Self.deepestPlaylist else {
                    latestFailed = true
                    do { try mpv.command(["stop"]) } catch { logger.error("stopping a playlist too deep: \(error)") }
                    return (.failed(reason: Self.tooDeepReason), token)
                }
                redirected = (token, timeshiftEntries.contains(entry))
                return nil
            case .error where showsWindow && token == latestToken && windowFailed(error)
                && windowRetry.failed(token: token, now: MonotonicClock.now().seconds):
                logger.warning("mpv's window could not open (\(lastErrorLine ?? "no reason given")): trying again")
                return nil
            case .error:
                if token == latestToken {
                    streamsFromNetwork = false
                    latestFailed = true
                }
                var why = error?.message ?? "playback failed"
                if token == latestToken, latestSilent, error?.isNothingToPlay == true {
                    return (.failed(reason: Self.silentReason), token)
                } else if let line = lastErrorLine {
                    why += ": " + line
                } else if token == latestToken {
                    failedWithoutDetail = token
                }
                return (.failed(reason: why), token)
            case .eof where token == latestToken && overPixelLimit:
                streamsFromNetwork = false
                latestFailed = true
                return (.failed(reason: Self.overPixelLimitReason), token)
            case .eof:
                if token == latestToken { streamsFromNetwork = false }
                return (.ended, token)
            default:
                return nil
            }
        case .playbackRestart:
            return current(.playing)
        case .videoReconfig:
            if showsWindow && activeEntry == latestEntry { windowRetry.opened() }
            return current(.videoConfigured)
        case .propertyChange(let property, let value):
            switch property {
            case .timePos:
                let position = Self.sensibleTime(value.double)
                if activeEntry == latestEntry, let position { windowRetry.position = position }
                return current(.position(position))
            case .duration:
                return current(.duration(Self.length(value.double)))
            case .pause: return value.flag.flatMap { current(.paused($0)) }
            case .eofReached:
                guard value.flag == true else { return nil }
                return current(overPixelLimit ? .failed(reason: Self.overPixelLimitReason) : .ended)
            case .seekable: return current(.seekable(value.flag ?? false))
            case .mediaTitle:
                let title = value.string
                let onlyItsName = activeEntry == adoptedEntry && title != nil && title == (try? mpv.string("filename"))
                return current(.mediaTitle(onlyItsName ? nil : title))
            case .subText: return current(.subtitleText(value.string.flatMap { $0.isEmpty ? nil : $0 }))
            case .icyTitle: return current(.streamTitle(value.string.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }))
            case .pausedForCache: return current(.buffering(value.flag ?? false))
            case .trackList:
                guard case .node(let node) = value else { return current(.tracks([])) }
                return current(.tracks(Self.tracks(node)))
            case .chapterList:
                guard case .node(let node) = value else { return current(.chapters([])) }
                return current(.chapters(Self.chapters(node)))
            case .speed:
                return value.double.flatMap { current(.speed($0)) }
            case .demuxerCacheState:
                guard case .node(let node) = value else { return nil }
                if let full = bufferFull(node) { return full }
                if timeshiftEntries.contains(activeEntry), let range = node["seekable-ranges"]?.array.last,
                   let start = Self.sensibleTime(range["start"]?.double), let end = Self.sensibleTime(range["end"]?.double),
                   lastBuffer.map({ abs($0.start - start) >= 0.05 || abs($0.end - end) >= 0.05 }) ?? true {
                    lastBuffer = (start, end)
                    alsoFetched = fetched(node)
                    return current(.liveBuffer(start: start, end: end))
                }
                return fetched(node)
            case .videoWidth, .videoHeight, .chapter: return nil
            }
        case .shutdown:
            died = true
            audioDeviceLetGo()
            return nil
        case .commandReply(let userdata, let error, let entry):
            return replied(userdata: userdata, error: error, entry: entry)
        case .clientMessage(let arguments):
            if arguments.count == 2, arguments[0] == "tvshell-key" { typedKeys.append(arguments[1]) }
            return nil
        case .hook(let name, let id):
            guard name == "on_preloaded", activeEntry == latestEntry, let token = tokenByEntry[activeEntry], token == latestToken else {
                // Not the latest load's: a load or stop sent without waiting
                // must reach the core before this file is let go (so nothing
                // of it decodes). A no-op sent with waiting runs after them,
                // quickly: the core waits at the hook.
                do { try mpv.command(["ignore"]) } catch { logger.error("\(error)") }
                do { try mpv.continueHook(id) } catch { logger.error("\(error)") }
                return nil
            }
            releaseHeldHook()
            guard holdsLoads else {
                fitRotationAtLoad()
                do { try mpv.continueHook(id) } catch { logger.error("\(error)") }
                return nil
            }
            heldHook = (id, token)
            if !showsPictures, let list = try? mpv.node("track-list") {
                latestSilent = !Self.tracks(list).contains { $0.kind == .audio }
            }
            heldFile = streamsFromNetwork && heldIsFile()
            if heldFile, timeshiftEntries.contains(activeEntry) {
                fileEntries.insert(activeEntry)
                limitFileBuffer()
            }
            let chosen = selectVariant()
            fitRotationAtLoad()
            addSubtitleFiles()
            if lightDecoding { chooseDecodeThreads(chosen: chosen) }
            if let lookup = ratingLookup, lookup.token == token, lookup.found == nil {
                // Reported once the source answers (`drain`); nothing decodes meanwhile.
                awaitingRatings = true
                return nil
            }
            return (.preloaded(ratings: heldRatings(token), file: heldFile), token)
        case .logMessage(let level, let prefix, let text):
            let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
            // A key the window does not take (F5 on a wireless keyboard) is no fault of anyone's.
            let stray = prefix == "input" && line.hasPrefix("No key binding found for key")
            if let held = logRepeats.admit("mpv[\(prefix)] \(line)", at: MonotonicClock.now().seconds) {
                logger.log(level: stray ? .debug : level == "warn" ? .warning : .error, "\(LogRepeats.written("mpv[\(prefix)] \(line)", held: held))")
            }
            if level != "warn", Self.isWindowTrouble(line) { windowTrouble = true }
            if line.contains("exceeds specified max pixel count") { overPixelLimit = true }
            if Self.cannotSeek(line, from: prefix) { return current(.cannotSeek(position: try? mpv.double("time-pos"))) }
            // A decoder's complaint (a broadcast joined between key frames) does not end a load.
            guard level == "error" || level == "fatal", lastErrorLine == nil, !Self.isDecoderLine(prefix) else { return nil }
            lastErrorLine = line
            if let token = failedWithoutDetail {
                failedWithoutDetail = nil
                return (.failureDetail(line), token)
            }
            return nil
        case .idle:
            // A playlist that lists nothing ("Empty playlist!"): mpv is idle with no entry of it to adopt.
            guard let redirect = redirected, redirect.token == latestToken, pendingLoad == nil else { return nil }
            redirected = nil
            latestFailed = true
            return (.failed(reason: Self.emptyPlaylistReason), redirect.token)
        default:
            return nil
        }
    }

    /// Whether a log line of libmpv 0.35 says the stream cannot seek (a
    /// server that sends only whole files): a seek it refused, which
    /// restarts nothing (so nothing else tells it), or what the `seekable`
    /// property says, in time for a load that ends at once, whose property
    /// changes may never be told (the file unloaded before they were read).
    /// A disc's navigation (libdvdnav's, libbluray's streams) says the
    /// first as it opens: of its bytes, while it seeks by time (its titles'
    /// cells), which it does.
    static func cannotSeek(_ line: String, from prefix: String = "") -> Bool {
        guard !discStreams.contains(prefix) else { return false }
        return line.hasPrefix("Cannot seek backward in linear streams") || line.hasPrefix("Cannot seek in this stream")
    }

    /// libmpv 0.35's streams of a disc's navigation, as its log names them.
    static let discStreams: Set<String> = ["dvdnav", "ifo_dvdnav", "bd", "bdnav", "bdmv/bluray"]

    /// mpv's own value of an HTTP option, as a per-file option gives it
    /// (the header fields as one list, their commas escaped).
    private func ownHTTPOption(_ name: String) -> String {
        guard name == "http-header-fields" else { return (try? mpv.string(name)) ?? "" }
        guard case .array(let fields)? = try? mpv.node(name) else { return "" }
        return MPVHandle.stringList(fields.compactMap(\.string))
    }

    /// Why a playlist that lists nothing failed.
    static let emptyPlaylistReason = "nothing to play: the playlist lists nothing"
    /// Playlists listing playlists followed at most (a station's `.pls`
    /// naming an `.m3u` is two).
    static let deepestPlaylist = 5
    /// Why a playlist nested deeper failed.
    static let tooDeepReason = "nothing to play: playlists nested more than \(deepestPlaylist) deep (one that lists itself?)"

    /// The back buffer given to live network loads (nil: none). Set by the
    /// shell on the loop's thread before loads.
    var timeshift: TimeshiftSettings?
    /// Entries loaded with a back buffer: their buffer is reported.
    private var timeshiftEntries: Set<Int64> = []
    /// Timeshifted entries whose buffer's file passed its room on disk, with
    /// the size last reported.
    private var filledEntries: [Int64: Double] = [:]

    /// `.bufferFull` for a timeshifted live load whose file on disk has
    /// passed `[live] timeshift_disk`, and again at each quarter more (until
    /// the core can start the load again): mpv's cache file only grows while
    /// the stream plays (its size limits count the packets' index, not the
    /// file).
    private func bufferFull(_ node: MPVNode) -> (PlayerReport, Int)? {
        guard let room = timeshift?.diskBytes, room > 0, timeshiftEntries.contains(activeEntry), !fileEntries.contains(activeEntry),
              let bytes = node["file-cache-bytes"]?.double, bytes > max(Double(room), (filledEntries[activeEntry] ?? 0) * 1.25) else { return nil }
        filledEntries[activeEntry] = bytes
        logger.info("the rewind buffer's file has \(Int(bytes)) bytes on disk, past its room (\(room))")
        return current(.bufferFull(bytes: Int(bytes)))
    }
    /// The buffer last reported, so an unchanged one is not reported again.
    private var lastBuffer: (start: Double, end: Double)?
    /// The last `PlayerReport.fetched` of this load.
    private var lastFetched: (bytes: Int, rate: Double)?
    /// Has the next cache-state event report what the demuxer holds even if
    /// it barely moved: after a swap the slot's state starts empty (a player
    /// left after a zap is a new `WarmPlayer`). On the loop's thread.
    func reportFetchedAgain() {
        lastFetched = nil
    }

    /// mpv tells an observed property only when its value differs from the
    /// one it told last, and the values between two files may never be
    /// told: a file as long as the one before (the episodes of a series),
    /// or with the same tracks, chapters or title, would then get no report
    /// of them, and its load (known afresh) would have no length, no tracks.
    /// So they are observed afresh as the latest load's file starts: mpv
    /// tells them now (none yet) and again once the file has them. Not
    /// read at once: a read waits on mpv's core, which may wait on a
    /// frame this thread takes.
    private func observeLoadAfresh() {
        do { try mpv.observeAgain([.duration, .seekable, .trackList, .chapterList, .mediaTitle, .icyTitle]) } catch { logger.error("\(error)") }
    }

    /// A length mpv reports, if it is one: a file may claim any length
    /// (1e297 s); beyond some 30 years it is no length at all.
    static func length(_ value: Double?) -> Double? {
        value.flatMap { $0.isFinite && $0 >= 0 && $0 <= longestDuration ? $0 : nil }
    }

    /// `chapter-list` as chapters.
    static func chapters(_ node: MPVNode) -> [Chapter] {
        node.array.compactMap { chapter in
            sensibleTime(chapter["time"]?.double ?? 0).map { Chapter(title: chapter["title"]?.string ?? "Chapter", start: $0) }
        }
    }

    /// A `fetched` report from the same cache-state event as a buffer
    /// report (a timeshifted load's buffer moves with nearly every event),
    /// appended right after it by `drain`.
    private var alsoFetched: (PlayerReport, Int)?

    /// What the demuxer holds and takes in, when either changed by a quarter
    /// (or from nothing) since the last report: a few reports a load, not
    /// one a packet.
    private func fetched(_ node: MPVNode) -> (PlayerReport, Int)? {
        let bytes = Int(node["total-bytes"]?.double ?? 0), rate = node["raw-input-rate"]?.double ?? 0
        if let last = lastFetched {
            func moved(_ a: Double, _ b: Double) -> Bool { abs(a - b) > max(a, b) * 0.25 }
            guard moved(Double(last.bytes), Double(bytes)) || moved(last.rate, rate) else { return nil }
        } else if bytes == 0 && rate == 0 {
            return nil
        }
        lastFetched = (bytes, rate)
        return current(.fetched(bytes: bytes, rate: rate))
    }

    /// The picture's size in pixels, for choosing among a stream's variants;
    /// nil when the picture goes to a window (mpv's own choice stands).
    var pictureSize: (width: Int, height: Int)?

    /// Whether the picture is drawn in cells with light decoding, so the
    /// decoder's thread count follows the video's size (`DecodeThreads`) at
    /// each load; false when the user set `vd-lavc-threads`. Set by the shell
    /// on the loop's thread.
    var lightDecoding = false

    /// Selects the smallest of an adaptive stream's video variants that covers
    /// `pictureSize` (at the preloaded hook, before anything is fetched for
    /// playback, and again after a resize). Returns the variant that plays,
    /// nil when the stream has no variants to choose from.
    @discardableResult
    func selectVariant() -> VideoVariant? {
        guard let size = pictureSize, let list = try? mpv.node("track-list") else { return nil }
        let variants = VideoVariant.variants(in: list, fileFormat: (try? mpv.string("file-format")) ?? "")
        guard let best = VideoVariant.choose(variants, for: size) else { return nil }
        let current = list.array.first { $0["type"]?.string == "video" && $0["selected"]?.flag == true }?["id"]?.int
        guard current.map(Int.init) != best.id else { return best }
        do {
            try mpv.setProperty("vid", String(best.id))
            logger.info("variant \(best.width)x\(best.height) of \(variants.count) for a \(size.width)x\(size.height) picture")
        } catch {
            logger.error("\(error)")
        }
        return best
    }

    /// Sets `vd-lavc-threads` for the load held at the preloaded hook, before
    /// its decoder starts.
    private func chooseDecodeThreads(chosen: VideoVariant?) {
        guard let list = try? mpv.node("track-list") else { return }
        let threads = DecodeThreads.option(trackList: list, chosen: chosen)
        do { try mpv.setProperty("vd-lavc-threads", threads) } catch { logger.error("vd-lavc-threads=\(threads): \(error)") }
    }

    /// The ratings in the opened file's metadata tags.
    private func fileRatings() -> [ContentRating] {
        guard case .map(let map) = (try? mpv.node("metadata")) ?? .none else { return [] }
        let tags = map.compactMapValues(\.string)
        return RatingsTable.standard.ratings(inMetadata: tags)
    }

    /// `track-list` as tracks.
    static func tracks(_ node: MPVNode) -> [Track] {
        node.array.compactMap { t in
            guard let id = t["id"]?.int, let type = t["type"]?.string else { return nil }
            let kind: Track.Kind
            switch type {
            case "audio": kind = .audio
            case "video": kind = .video
            case "sub": kind = .subtitle
            default: return nil
            }
            let language = t["lang"]?.string
            // libmpv 0.35 titles a track with no title by its flag ("visual
            // impaired", "hearing impaired"); later ones give the flag.
            let flagTitle = t["title"]?.string
            let described = t["visual-impaired"]?.flag == true || flagTitle == "visual impaired"
            let hearing = t["hearing-impaired"]?.flag == true || flagTitle == "hearing impaired"
            let titled = flagTitle == "visual impaired" || flagTitle == "hearing impaired" ? nil : title(t, language: language)
            return Track(id: Int(id), kind: kind, title: titled, language: language, languageName: LanguageNames.name(language),
                         selected: t["selected"]?.flag ?? false, forced: t["forced"]?.flag ?? false,
                         hearingImpaired: hearing, audioDescription: kind == .audio && described, channels: t["demux-channel-count"]?.int.map { Int($0) },
                         pictures: kind == .subtitle && pictureSubtitleCodecs.contains(t["codec"]?.string ?? ""),
                         albumArt: kind == .video && t["albumart"]?.flag == true)
        }
    }

    /// libavcodec's subtitle codecs whose lines are pictures, not text.
    static let pictureSubtitleCodecs: Set<String> = ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "dvb_teletext", "xsub"]

    /// A track's title for a viewer. mpv titles a sidecar file's track (a
    /// film's `.en.srt`) with the file's name: that is no title, the track is
    /// named by its language, or "External" where the name gives none.
    private static func title(_ track: MPVNode, language: String?) -> String? {
        let title = track["title"]?.string
        guard track["external"]?.flag == true, let file = track["external-filename"]?.string,
              title == nil || title == file || title == (file as NSString).lastPathComponent else { return title }
        let named = language.map { !$0.isEmpty && !Track.namesNoLanguage($0) } ?? false
        return named ? nil : "External"
    }

    /// A report for the latest load, if mpv is playing its entry.
    private func current(_ report: PlayerReport) -> (PlayerReport, Int)? {
        guard activeEntry == latestEntry else { return nil }
        return (report, latestToken)
    }

    /// Frees the render context, then the core; idempotent (the pipes are
    /// closed once: a second close could hit a descriptor reused since).
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        releaseHeldHook()
        renderer?.free()
        renderer = nil
        mpv.destroy()
        wakeLine.close()
        for fd in [wakeupFD, renderFD, renderWriteFD] { close(fd) }
    }
}

/// Loading again what could not open mpv's window (`WindowRetry`).
extension MPVPlayer {
    /// Whether a load ended with `error` because mpv's window could not
    /// open: the video output failed, or (its video then given up, when
    /// nothing else was left to play) mpv said so before ending it.
    /// mpv's log lines come apart from its events, so the trouble may be
    /// logged after the end: nothing to play just after taking the window
    /// over, or while a load is tried again, counts too.
    func windowFailed(_ error: MPVError?) -> Bool {
        if error?.isVideoOutputFailure == true || windowTrouble { return true }
        if error?.isNothingToPlay == true, windowRetry.retrying || MonotonicClock.now().seconds - handedOverAt < 5 { return true }
        return false
    }

    /// Whether mpv's log `prefix` is a decoder's (FFmpeg's video or audio
    /// decoder), whose errors are about frames, not about the load.
    static func isDecoderLine(_ prefix: String) -> Bool {
        prefix == "ffmpeg/video" || prefix == "ffmpeg/audio"
    }

    /// Whether a log line says the window could not open.
    static func isWindowTrouble(_ line: String) -> Bool {
        line.contains("video_out") || line.contains("VO window") || line.contains("X11 display")
    }

    /// The latest load was paused or let play (a warm channel swapped in
    /// plays): loaded again for the window, it comes back as it is now,
    /// not as it was loaded.
    func windowRetryPaused(_ paused: Bool) { windowRetry.load?.paused = paused }

    /// Milliseconds until a load waits to be tried again; nil when none.
    func windowRetryTimeout(now: Double) -> Int32? { windowRetry.timeout(now: now) }

    /// Loads again, once due, what could not open the window; a load that
    /// cannot even be asked for fails as any other.
    func retryWindowIfDue(now: Double) -> [(PlayerReport, Int)] {
        guard let load = windowRetry.take(now: now) else { return [] }
        logger.info("loading \(URLRedaction.redact(load.item.url)) again for mpv's window")
        do {
            try open(load.item, token: load.token, start: load.start, extra: load.extra, paused: load.paused)
            return []
        } catch {
            return [(.failed(reason: "video output initialization failed: \(error)"), load.token)]
        }
    }
}
