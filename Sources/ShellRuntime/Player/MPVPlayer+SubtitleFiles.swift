import MediaModel
import MPVClient

/// Subtitle files kept apart from a local film (a downloaded release's
/// `Subs/2_English.srt`: `SidecarSubtitles`), which mpv does not look for,
/// added to the film's subtitles at its load's `on_preloaded` hook: before
/// mpv chooses the tracks, so the viewer's language (`slang`, the choice
/// kept) may choose one of them, each under its name ("English SDH") and
/// language.
///
/// Run-loop thread only, like the rest of `MPVPlayer`.
extension MPVPlayer {
    /// Adds the latest load's `subtitleFilesForLoad` (once: they are
    /// forgotten as they are added). One that cannot be read is left out,
    /// said in the log; the film plays on.
    func addSubtitleFiles() {
        let files = subtitleFilesForLoad
        subtitleFilesForLoad = []
        for file in files {
            do {
                try mpv.command(["sub-add", file.path, "auto", file.title] + (file.language.map { [$0] } ?? []))
            } catch {
                logger.warning("the subtitles \(file.path) cannot be added: \(error)")
            }
        }
    }
}
