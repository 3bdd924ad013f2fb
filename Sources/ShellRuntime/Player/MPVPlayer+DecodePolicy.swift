import TerminalUI

/// The libmpv options that follow from the video settings and the picture:
/// tvshell's decode and scaling policy, in mpv's words.
extension MPVPlayer {
    /// libmpv options that follow from `VideoSettings` and the picture
    /// (before the user's own `--mpv-option`s, which win): scaling neither
    /// dithers (noise that would rewrite still cells every frame) nor uses a
    /// wide kernel, and scales a picture of cells on one thread (the same
    /// pixels for about 0.4 ms less CPU a frame than handing slices to
    /// workers); with cells the picture is at most a few hundred pixels
    /// wide, so decoding skips what cannot show there (deblocking, exact
    /// rounding), and its thread count is chosen per load
    /// (`DecodeThreads`). Images (kitty, sixel) are sharp enough to show it:
    /// they decode in full, on libavcodec's threads.
    static func decodeOptions(video: VideoOutput, settings: VideoSettings, picture: PictureProtocol) -> [(String, String)] {
        guard video == .terminal else { return [] }
        let fast = settings.fastDecode && picture == .cells
        return [("zimg-scaler", "bilinear"), ("zimg-dither", "no"), ("zimg-threads", picture == .cells ? "1" : "auto"), ("sws-scaler", "bilinear"),
                ("vd-lavc-skiploopfilter", fast ? "all" : "default"), ("vd-lavc-fast", fast ? "yes" : "no"),
                ("vd-lavc-threads", "0"),
                // A picture of cells cannot show subtitles readably: the
                // views draw them as text (`ViewContext.subtitlesAsText`)
                // from `sub-text`, which mpv fills with them hidden.
                ("sub-visibility", picture == .cells ? "no" : "yes")]
    }

    /// Whether `picture` decodes lightly with the thread count left to the
    /// player at each load (not when the user set it).
    static func lightDecoding(video: VideoOutput, settings: VideoSettings, picture: PictureProtocol, userOptions: [String]) -> Bool {
        video == .terminal && settings.fastDecode && picture == .cells && !userOptions.contains("vd-lavc-threads")
    }
}
