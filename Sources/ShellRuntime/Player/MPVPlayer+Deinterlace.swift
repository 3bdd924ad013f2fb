import Foundation

/// Interlaced broadcasts on the TV. A live channel from a DVB source (576i,
/// 1080i) sends its frames as two fields a 50th of a second apart; shown as
/// they are, every moving edge is combed, plain to see on a television.
/// mpv deinterlaces only when told (`deinterlace=yes`, which then treats
/// every frame, progressive ones too, and doubles their rate). On the TV
/// output each player runs libavfilter's bwdif on the frames that say they
/// are interlaced, a frame per field as a set-top box shows them, and
/// passes progressive frames on as they are (`deint=interlaced`). Left to
/// the user where they chose: their own `[mpv] deinterlace`, or hardware
/// decoding (`hwdec`, whose frames a software filter cannot take; mpv's
/// `deinterlace=yes` picks the hardware's deinterlacer there).
///
/// Run-loop thread only, like the rest of `MPVPlayer`.
extension MPVPlayer {
    /// The label of the shell's deinterlacer in mpv's `vf`.
    static let deinterlaceLabel = "@tvs-deint"

    /// The deinterlacer: a frame per field, interlaced frames only.
    static let deinterlaceFilter = "bwdif=mode=send_field:parity=auto:deint=interlaced"

    /// Whether a player of `video` with the user's `options` deinterlaces
    /// by itself: on the TV, unless the user set `deinterlace` or decodes
    /// in hardware.
    static func deinterlacesByItself(video: VideoOutput, options: [(String, String)]) -> Bool {
        guard video == .tv, !options.contains(where: { $0.0 == "deinterlace" }) else { return false }
        let hwdec = options.last { $0.0 == "hwdec" }?.1 ?? "no"
        return hwdec == "no" || hwdec.isEmpty
    }

    /// Puts the deinterlacer in mpv's filters, before any turn
    /// (`MPVPlayer+Rotation` adds after it). Once, after `initialize`.
    func addDeinterlacer() {
        do {
            try mpv.command(["vf", "pre", "\(Self.deinterlaceLabel):lavfi=[\(Self.deinterlaceFilter)]"])
        } catch {
            logger.error("the deinterlacer: \(error)")
        }
    }
}
