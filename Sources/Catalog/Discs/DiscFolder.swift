import Foundation
import MediaModel

/// A disc's contents kept as a folder, as rips keep them: the film's folder
/// holds a DVD's `VIDEO_TS` (with its `VIDEO_TS.IFO`) or a Blu-ray's `BDMV`
/// (with its `index.bdmv`). Such a folder is one film, played through the
/// disc's navigation; the `.VOB` and `.m2ts` pieces inside are not films
/// of their own (a Blu-ray's `STREAM` folder holds its menus' and
/// trailers' clips). Reads the disk (a few `stat`s); any thread but the
/// run loop.
public enum DiscFolder {
    /// A disc's own folder and the file in it that makes it one, as discs
    /// (and copies made on other systems) spell them.
    public struct Marker: Sendable {
        public let folder: String
        public let file: String
        public let format: DiscFormat
    }

    public static let markers: [Marker] = [
        Marker(folder: "VIDEO_TS", file: "VIDEO_TS.IFO", format: .dvd),
        Marker(folder: "video_ts", file: "video_ts.ifo", format: .dvd),
        Marker(folder: "BDMV", file: "index.bdmv", format: .bluray),
        Marker(folder: "BDMV", file: "INDEX.BDMV", format: .bluray),
        Marker(folder: "bdmv", file: "index.bdmv", format: .bluray),
    ]

    /// The disc at `path`: the folder itself when it holds a disc's own
    /// folder (`VIDEO_TS`, `BDMV`), or the folder above when `path` is
    /// that own folder (a viewer who chose "…/Film/VIDEO_TS"); nil for
    /// any other folder.
    public static func disc(at path: String) -> (root: String, format: DiscFormat)? {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if let format = format(of: folder) { return (folder, format) }
        let name = (folder as NSString).lastPathComponent
        for marker in markers where marker.folder == name && isRegularFile(folder + "/" + marker.file) {
            return ((folder as NSString).deletingLastPathComponent, marker.format)
        }
        return nil
    }

    /// The disc `folder` holds (its `VIDEO_TS` or `BDMV` with the file
    /// that makes it one), nil for none.
    public static func format(of folder: String) -> DiscFormat? {
        markers.first { isRegularFile(folder + "/" + $0.folder + "/" + $0.file) }?.format
    }

    /// The title of the disc whose folder is `root`: its name as a person
    /// reads it ("The.Matrix.1999.PAL.DVDR" → "The Matrix (1999)").
    public static func title(ofFolder root: String) -> String {
        ReadableTitle.of(fileName: (root as NSString).lastPathComponent, hasExtension: false)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
