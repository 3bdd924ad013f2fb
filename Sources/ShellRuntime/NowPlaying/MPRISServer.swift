import CMPRIS
import Foundation
import Logging
import MediaModel
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// Now Playing on D-Bus (MPRIS 2, `org.mpris.MediaPlayer2.tvshell`): a port
/// of the store. After each action it publishes `NowPlayingInfo.of(state)`
/// (with `PropertiesChanged` for what changed, and `Seeked` when the position
/// jumps); method calls become `Action.nowPlaying`, refused at the bus when
/// the info says they cannot be done (the passcode prompt is up, kiosk).
///
/// Run-loop thread only: the loop polls `fd` and calls `process()`.
final class MPRISServer: StateObserver {
    private let bus: OpaquePointer
    private let logger: Logger
    private var published: NowPlayingInfo?
    /// Where the position was last published, and when (to tell a seek from playing on).
    private var lastPosition: (seconds: Double, at: Double)?
    /// Where the desktop's requests go (the store).
    weak var actions: (any ActionSink)?
    /// Where `OpenUri`'s URI goes, to be made an item (a local file's
    /// sidecars read) and sent as `.open`; without it, `.openURI`.
    var open: ((String) -> Void)?
    /// The state's info as the bus last saw it (for refusing at the bus).
    private var current = NowPlayingInfo()

    /// The bus name taken.
    let name: String

    /// Connects and publishes; throws with errno's reason when there is no bus.
    init(systemBus: Bool, logger: Logger) throws {
        self.logger = logger
        var error: Int32 = 0
        let box = Unmanaged<MPRISServerBox>.passRetained(MPRISServerBox())
        guard let bus = tvs_mpris_open(systemBus ? 1 : 0, "tvshell", { context, member, number, text in
            guard let context, let member else { return -EINVAL }
            let box = Unmanaged<MPRISServerBox>.fromOpaque(context).takeUnretainedValue()
            return box.server?.call(String(cString: member), number: number, text: text.map { String(cString: $0) }) ?? -ENOSYS
        }, box.toOpaque(), &error) else {
            box.release()
            throw RuntimeError.system("MPRIS on the \(systemBus ? "system" : "session") bus", -error)
        }
        self.bus = bus
        self.box = box
        name = String(cString: tvs_mpris_name(bus))
        box.takeUnretainedValue().server = self
    }

    private let box: Unmanaged<MPRISServerBox>

    deinit {
        tvs_mpris_close(bus)
        box.release()
    }

    var fd: Int32 { tvs_mpris_fd(bus) }
    var events: Int16 { tvs_mpris_events(bus) }
    var timeoutMs: Int32 { tvs_mpris_timeout_ms(bus) }

    /// Handles what the bus has; false when the bus went away.
    func process() -> Bool {
        let r = tvs_mpris_process(bus)
        if r < 0 { logger.error("MPRIS: the bus went away: \(String(cString: strerror(-r)))") }
        return r >= 0
    }

    /// Publishes the state's Now Playing info (`now`: the monotonic time);
    /// cheap when only the position moved (it is read, not signalled).
    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        publish(state, now: MonotonicClock.now())
    }

    func publish(_ state: ShellState, now instant: Instant) {
        let now = instant.seconds
        let info = NowPlayingInfo.of(state)
        current = info
        var shown = info
        shown.position = 0
        let before = published
        if before != shown {
            tvs_mpris_set_status(bus, info.status.rawValue)
            tvs_mpris_set_metadata(bus, info.trackID, info.title, info.album, info.artist, info.artURL.map(URLRedaction.redact), Self.microseconds(info.length ?? 0))
            tvs_mpris_set_numbers(bus, info.rate, info.volume)
            tvs_mpris_set_flags(bus, flag(info.canGoNext), flag(info.canGoPrevious), flag(info.canPlay), flag(info.canPause), flag(info.canSeek),
                                flag(info.canControl), flag(info.canQuit))
        }
        tvs_mpris_set_position(bus, Self.microseconds(info.position))
        if before != shown { emitChanges(from: before, to: info) }
        if let last = lastPosition, let before, before.trackID == info.trackID, info.status != .stopped {
            let expected = last.seconds + (before.status == .playing ? (now - last.at) * info.rate : 0)
            if abs(info.position - expected) > 1.5 { tvs_mpris_emit_seeked(bus, Self.microseconds(info.position)) }
        }
        lastPosition = (info.position, now)
        published = shown
    }

    private func emitChanges(from old: NowPlayingInfo?, to new: NowPlayingInfo) {
        var names: [String] = []
        if old?.status != new.status { names.append("PlaybackStatus") }
        if old?.trackID != new.trackID || old?.title != new.title || old?.album != new.album || old?.artist != new.artist
            || old?.artURL != new.artURL || old?.length != new.length { names.append("Metadata") }
        if old?.rate != new.rate { names.append("Rate") }
        if old?.volume != new.volume { names.append("Volume") }
        if old?.canGoNext != new.canGoNext { names.append("CanGoNext") }
        if old?.canGoPrevious != new.canGoPrevious { names.append("CanGoPrevious") }
        if old?.canPlay != new.canPlay { names.append("CanPlay") }
        if old?.canPause != new.canPause { names.append("CanPause") }
        if old?.canSeek != new.canSeek { names.append("CanSeek") }
        if old?.canControl != new.canControl { names.append("CanControl") }
        if !names.isEmpty { emit(names, player: true) }
        if old?.canQuit != new.canQuit { emit(["CanQuit"], player: false) }
    }

    private func emit(_ names: [String], player: Bool) {
        var pointers = names.map { strdup($0) } + [nil]
        defer { for p in pointers { free(p) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                _ = tvs_mpris_emit_changed(bus, player ? 1 : 0, $0)
            }
        }
    }

    private func flag(_ value: Bool) -> Int32 { value ? 1 : 0 }

    /// `seconds` as MPRIS's microseconds, whatever it is (a time beyond
    /// ±10¹² s, or not a number, as the nearest that is one).
    static func microseconds(_ seconds: Double) -> Int64 {
        Int64(min(max(seconds.isNaN ? 0 : seconds, -1e12), 1e12) * 1e6)
    }

    /// A method call from the bus: refused (a negative errno) when the info
    /// says it cannot be done, else sent to the store as an action.
    private func call(_ member: String, number: Int64, text: String?) -> Int32 {
        guard (current.canControl && !current.refusesAll) || member == "Raise" else { return -EACCES }
        let request: NowPlayingRequest
        switch member {
        case "Raise": return 0
        case "Quit":
            guard current.canQuit else { return -EPERM }
            request = .quit
        case "PlayPause": request = .playPause
        case "Play": request = .play
        case "Pause": request = .pause
        case "Stop": request = .stop
        case "Next":
            guard current.canGoNext else { return -EPERM }
            request = .next
        case "Previous":
            guard current.canGoPrevious else { return -EPERM }
            request = .previous
        case "Seek":
            guard current.canSeek else { return -EPERM }
            request = .seek(by: Double(number) / 1e6)
        case "SetPosition":
            guard current.canSeek, text == current.trackID else { return -EPERM }
            request = .setPosition(Double(number) / 1e6)
        case "OpenUri":
            guard current.canQuit, let text, !text.isEmpty else { return -EPERM }
            if let open {
                logger.info("MPRIS: \(member)")
                open(text)
                return 0
            }
            request = .openURI(text)
        case "SetVolume":
            request = .setVolume(Double(number) / 1e6)
        case "SetRate":
            guard current.canPause || number <= 0 else { return -EPERM }
            request = .setRate(Double(number) / 1e6)
        default:
            return -ENOSYS
        }
        logger.info("MPRIS: \(member)")
        actions?.send(.nowPlaying(request, at: MonotonicClock.now()))
        return 0
    }
}

/// Holds the server weakly for the C callback's context.
private final class MPRISServerBox {
    weak var server: MPRISServer?
}
