/// A subtitle file kept apart from its film, which the player does not
/// find by itself (a downloaded release's `Subs/2_English.srt`): offered
/// among the film's subtitles under `title`, in `language` when its name
/// says which.
public struct SubtitleFile: Hashable, Sendable {
    /// Its path on this machine.
    public var path: String
    /// What the subtitles menu calls it ("English", "English SDH").
    public var title: String
    /// Its language's ISO 639-1 code ("en"), when its name gives one.
    public var language: String?

    public init(path: String, title: String, language: String? = nil) {
        self.path = path
        self.title = title
        self.language = language
    }
}
