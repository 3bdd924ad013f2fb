import Foundation
import MPVClient

/// A picture stored turned (a phone's portrait film: its container says
/// "turn me 90°") drawn by the shell. libmpv 0.35's software render API
/// (the terminal's picture, the TV's windows and thumbnails) says it can
/// turn pictures (`VO_CAP_ROTATE90`) but cannot: it cropped the frame to
/// the turned size and mpv aborted (`mp_image_crop` assertion), taking the
/// shell down. Where the shell draws the picture, mpv's own turning is off
/// (`video-rotate=no`) and a filter of the shell's (`@tvs-rotate`) turns
/// the frames; in a window, mpv turns them as ever.
///
/// Run-loop thread only, like the rest of `MPVPlayer`.
extension MPVPlayer {
    /// The label of the shell's turning filter in mpv's `vf`.
    static let rotationLabel = "@tvs-rotate"

    /// libavfilter's chain turning a picture `degrees` clockwise (mpv's
    /// sense of `rotate`), nil for none.
    static func rotationFilter(_ degrees: Int) -> String? {
        switch (degrees % 360 + 360) % 360 {
        case 0: nil
        case 90: "transpose=clock"
        case 180: "hflip,vflip"
        case 270: "transpose=cclock"
        case let other:
            "rotate=\(Double(other) * Double.pi / 180):ow=rotw(\(Double(other) * Double.pi / 180)):oh=roth(\(Double(other) * Double.pi / 180))"
        }
    }

    /// The turn a file's video track asks for (`demux-rotation`, clockwise
    /// degrees), from mpv's `track-list` at the load's hook: the track
    /// selected, else the one `vid` names, else the first picture that is
    /// not cover art (tracks are selected after the hook).
    static func streamRotation(in tracks: MPVNode, vid: String?) -> Int {
        let videos = tracks.array.filter { $0["type"]?.string == "video" }
        let chosen = videos.first { $0["selected"]?.flag == true }
            ?? vid.flatMap(Int64.init).flatMap { id in videos.first { $0["id"]?.int == id } }
            ?? videos.first { $0["albumart"]?.flag != true }
        return Int(chosen?["demux-rotation"]?.int ?? 0)
    }

    /// Whether the shell draws this player's picture (libmpv's software
    /// render API) rather than mpv's window or nothing.
    var drawsPicture: Bool { renderer != nil && !showsWindow }

    /// The turn the shell's filter must make now: the file's and the
    /// user's (`[mpv] video-rotate`; none for `no`) where the shell draws
    /// the picture, none in a window (mpv turns it there).
    var rotationWanted: Int {
        guard drawsPicture, let user = userRotation else { return 0 }
        return ((streamRotation + user) % 360 + 360) % 360
    }

    /// At a load's hook: reads the file's turn, then `fitRotation()`.
    func fitRotationAtLoad() {
        streamRotation = (try? mpv.node("track-list")).map { Self.streamRotation(in: $0, vid: try? mpv.string("vid")) } ?? 0
        fitRotation()
    }

    /// Puts the filter and `video-rotate` right: mpv turns nothing where
    /// the shell draws the picture (a turn a frame asks for itself, not
    /// its container, is not made there), the shell's filter turns it by
    /// `rotationWanted`. Called at each load's hook (nothing decoded yet)
    /// and before the video output changes (mpv sets its video chain up
    /// again from them).
    func fitRotation() {
        let option = drawsPicture ? "no" : userRotationOption
        let wanted = rotationWanted
        do {
            if option != turnOption {
                try mpv.setProperty("video-rotate", option)
                turnOption = option
            }
            guard wanted != rotationInFilter else { return }
            if rotationInFilter != 0 { try mpv.command(["vf", "remove", Self.rotationLabel]) }
            rotationInFilter = 0
            if let filter = Self.rotationFilter(wanted) {
                try mpv.command(["vf", "add", "\(Self.rotationLabel):lavfi=[\(filter)]"])
                rotationInFilter = wanted
            }
            logger.info(wanted == 0 ? "the picture's turn: none by the shell" : "the picture turned \(wanted)° by the shell's filter")
        } catch {
            logger.error("turning the picture: \(error)")
        }
    }
}
