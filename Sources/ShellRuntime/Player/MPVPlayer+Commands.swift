import MPVClient
import MediaModel
import ShellCore

/// The transport commands in mpv's words: the only place outside
/// `MPVPlayer` itself that names mpv commands and properties. Run-loop
/// thread only.
///
/// Pause, mute, speed and volume are set without waiting for mpv's core (it may be
/// busy ending a stream for a few hundred milliseconds); mpv applies a
/// client's requests in order, so a later read sees them.
extension MPVPlayer: PlayerPort {
    func setPause(_ paused: Bool) throws {
        try mpv.setPropertyAsync("pause", paused ? "yes" : "no")
        windowRetryPaused(paused)
    }

    func seek(to position: Double, exact: Bool) throws {
        try mpv.command(["seek", String(position), exact ? "absolute+exact" : "absolute+keyframes"])
    }

    func seek(by offset: Double) throws {
        try mpv.command(["seek", String(offset), "relative"])
    }

    func frameStep(forward: Bool) throws {
        try mpv.command([forward ? "frame-step" : "frame-back-step"])
    }

    func selectTrack(_ kind: Track.Kind, id: Int?) throws {
        let property = switch kind {
        case .audio: "aid"
        case .video: "vid"
        case .subtitle: "sid"
        }
        try mpv.setProperty(property, id.map(String.init) ?? "no")
    }

    func setMuted(_ muted: Bool) throws {
        try mpv.setPropertyAsync("mute", muted ? "yes" : "no")
    }

    /// The speed of what plays now; the next load plays at the speed
    /// there was before the first change (`speedBeforeChange`), as its
    /// state (known afresh for each load) says.
    func setSpeed(_ speed: Double) throws {
        if speedBeforeChange == nil { speedBeforeChange = (try? mpv.double("speed")) ?? 1 }
        try mpv.setPropertyAsync("speed", String(speed))
    }

    /// Makes `speed` libmpv's own, for the load that comes next (a spare
    /// taking the main slot over plays at the speed its load's state says):
    /// not a change the next `load` puts back.
    func setBaseSpeed(_ speed: Double) throws {
        speedBeforeChange = nil
        try mpv.setPropertyAsync("speed", String(speed))
    }

    func setVolume(_ volume: Double) throws {
        try mpv.setPropertyAsync("volume", String(volume * 100))
    }

    /// Any property as a string, for IPC `get_mpv_property`.
    func propertyString(_ name: String) throws(MPVError) -> String {
        try mpv.string(name)
    }
}

extension MPVPlayer {
    /// The OSD's size in pixels (nil until the output is up).
    var osdSize: (width: Int, height: Int)? {
        guard let width = (try? mpv.string("osd-width")).flatMap({ Int($0) }),
              let height = (try? mpv.string("osd-height")).flatMap({ Int($0) }), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// Lays `width`×`height` BGRA pixels (premultiplied, `stride` bytes a
    /// row) at (`x`, `y`) of the OSD as bitmap overlay `id` (0…63), in place
    /// of what it showed; mpv copies them before this returns.
    func layBitmap(id: Int, x: Int, y: Int, pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) throws {
        try mpv.command(["overlay-add", String(id), String(x), String(y), "&\(UInt(bitPattern: pixels))", "0", "bgra",
                         String(width), String(height), String(stride)])
    }

    /// Takes bitmap overlay `id` off the OSD.
    func removeBitmap(id: Int) throws {
        try mpv.command(["overlay-remove", String(id)])
    }

    /// Puts `events` (ASS) on the OSD as overlay `id`, at `width`×`height`;
    /// empty events take it away.
    /// Where mpv draws subtitles: their bottom at `percent` of the output's
    /// height (100: mpv's own place). Run-loop thread.
    func setSubtitlePosition(_ percent: Int) throws {
        try mpv.setPropertyAsync("sub-pos", String(percent))
    }

    func showOverlay(_ events: String, width: Int, height: Int, id: Int = 1) throws {
        try mpv.command(["osd-overlay", String(id), events.isEmpty ? "none" : "ass-events", events, String(width), String(height)])
    }
}
