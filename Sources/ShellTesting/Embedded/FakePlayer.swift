import MediaModel
import ShellCore
import ShellRuntime

/// A player that only records what it is asked: the embedded driver's.
/// Tests send its reports themselves (`EmbeddedShell.report`). It keeps
/// what a real player would have decoded, so tests can say nothing of a
/// restricted item was: a load is `opened` until `continueLoad` (or until
/// the test reports `playing` for it), and only then `decoding`.
///
/// Run-loop thread only.
public final class FakePlayer: PlayerPort {
    public enum Call: Equatable, Sendable {
        case load(String, token: Int)
        case stop
        case setPause(Bool)
        case seek(Double, exact: Bool)
        case seekBy(Double)
        case frameStep(forward: Bool)
        case selectTrack(Track.Kind, Int?)
        case setSpeed(Double)
        case setVolume(Double)
        case continueLoad(token: Int)
        case setMuted(Bool)
        case loadStill(String, token: Int)
        case loadPaused(String, token: Int)
    }

    public private(set) var calls: [Call] = []
    /// The last load: its item and token (nil after `stop`).
    public private(set) var loaded: (item: MediaItem, token: Int)?
    /// The last load was let go past its hold (`continueLoad`).
    public private(set) var continued = false

    public init() {}

    public func load(_ item: MediaItem, token: Int, start: Double?) throws {
        calls.append(.load(item.url, token: token))
        loadedFrom = start
        loaded = (item, token)
        continued = false
    }

    public func loadStill(_ url: String, token: Int) throws {
        calls.append(.loadStill(url, token: token))
        loaded = (MediaItem(title: url, url: url), token)
        continued = false
    }

    public func loadPaused(_ item: MediaItem, token: Int) throws {
        calls.append(.loadPaused(item.url, token: token))
        loaded = (item, token)
        continued = false
    }

    public func stop() throws {
        calls.append(.stop)
        loaded = nil
        continued = false
    }

    public func setPause(_ paused: Bool) throws { calls.append(.setPause(paused)) }
    public func seek(to position: Double, exact: Bool) throws { calls.append(.seek(position, exact: exact)) }
    public func seek(by offset: Double) throws { calls.append(.seekBy(offset)) }
    public func frameStep(forward: Bool) throws { calls.append(.frameStep(forward: forward)) }
    public func selectTrack(_ kind: Track.Kind, id: Int?) throws { calls.append(.selectTrack(kind, id)) }
    public func setSpeed(_ speed: Double) throws { calls.append(.setSpeed(speed)) }
    public func setVolume(_ volume: Double) throws { calls.append(.setVolume(volume)) }
    public func setMuted(_ muted: Bool) throws {
        calls.append(.setMuted(muted))
        self.muted = muted
    }

    /// Where the last load started (nil: the beginning).
    public private(set) var loadedFrom: Double?

    /// Its sound is off.
    public private(set) var muted = false

    public func continueLoad(token: Int) {
        calls.append(.continueLoad(token: token))
        if loaded?.token == token { continued = true }
    }

    /// The loads asked for, by URL, oldest first.
    public var loads: [String] {
        calls.compactMap { if case .load(let url, _) = $0 { url } else { nil } }
    }
}
