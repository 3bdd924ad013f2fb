import MPVClient
import MediaModel
import ShellCore

/// The transport commands in mpv's words: the only place outside
/// `MPVPlayer` itself that names mpv commands and properties. Run-loop
/// thread only.
extension MPVPlayer: PlayerPort {
    func setPause(_ paused: Bool) throws {
        try mpv.setFlag("pause", paused)
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
        try mpv.setFlag("mute", muted)
    }

    func setSpeed(_ speed: Double) throws {
        try mpv.setProperty("speed", String(speed))
    }

    func setVolume(_ volume: Double) throws {
        try mpv.setProperty("volume", String(volume * 100))
    }

    /// Any property as a string, for IPC `get_mpv_property`.
    func propertyString(_ name: String) throws(MPVError) -> String {
        try mpv.string(name)
    }
}
