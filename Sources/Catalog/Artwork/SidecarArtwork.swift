import Foundation

/// A still beside a local file, as media centres keep them: `NAME-thumb.jpg`
/// (Kodi), `NAME.jpg` (Jellyfin, Plex), in jpg, jpeg, png or webp. Reads the
/// directory; call it while loading inputs, not on the run loop.
public enum SidecarArtwork {
    static let extensions = ["jpg", "jpeg", "png", "webp"]

    /// The still for the local `file`, if one is there (nil for URLs).
    public static func path(for file: String) -> String? {
        guard !file.contains("://") else { return nil }
        let base = URL(fileURLWithPath: file).deletingPathExtension().path
        for name in [base + "-thumb", base] {
            for ext in extensions where FileManager.default.isReadableFile(atPath: name + "." + ext) {
                return name + "." + ext
            }
        }
        return nil
    }
}
