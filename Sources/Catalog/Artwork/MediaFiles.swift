/// The files a folder given to play holds that are media, by extension.
public enum MediaFiles {
    /// Extensions of media files (lowercase); a disc's image (`iso`) is
    /// one when it is a film disc's (`DiscImage`).
    public static let extensions: Set<String> = [
        "mkv", "mp4", "m4v", "mov", "avi", "webm", "ts", "m2ts", "mpg", "mpeg", "ogv", "wmv", "flv", "3gp",
        "mp3", "m4a", "aac", "flac", "ogg", "opus", "wav", "mka", "iso",
    ]
}
