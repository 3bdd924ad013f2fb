import Foundation

/// What media centres keep with a disc's folder (`DiscFolder`), as Kodi
/// reads it: the `.nfo` beside the folder (`Film (1999).nfo`), in it
/// (`movie.nfo`) or in the disc's own folder (`VIDEO_TS/VIDEO_TS.nfo`,
/// `BDMV/index.nfo`); the poster beside it (`Film (1999).jpg`) or in it
/// (`poster.jpg`, `folder.jpg`, `cover.jpg`). A disc's image (`.iso`) is a
/// file: its sidecars are a file's (`SidecarInfo`, `SidecarArtwork`).
/// Reads the disk; any thread but the run loop.
public enum DiscSidecars {
    /// The `.nfo` of the disc whose folder is `root`: title, plot and
    /// rating, as for a film's file.
    public static func info(for root: String) -> SidecarInfo? {
        let candidates = [root + ".nfo", root + "/movie.nfo", root + "/VIDEO_TS/VIDEO_TS.nfo", root + "/BDMV/index.nfo"]
        return candidates.lazy.filter { FileManager.default.isReadableFile(atPath: $0) }.compactMap(SidecarInfo.read(at:)).first
    }

    /// The poster of the disc whose folder is `root`.
    public static func artwork(for root: String) -> String? {
        let names = [root + "-thumb", root] + ["poster", "folder", "cover"].map { root + "/" + $0 }
        for name in names {
            for ext in SidecarArtwork.extensions where FileManager.default.isReadableFile(atPath: name + "." + ext) {
                return name + "." + ext
            }
        }
        return nil
    }
}
