import Catalog
import Foundation
import MediaModel

/// The media files a path given to `play` stands for: a directory's (and
/// its folders'), sorted by path as a person sorts them ("Episode 2"
/// before "Episode 10"), or a file itself. Pure but for reading the file
/// system; any thread.
public enum MediaFolder {
    /// Extensions of the files a directory plays.
    public static var extensions: Set<String> { MediaFiles.extensions }

    /// Why a path holds nothing to play.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// Nothing is there (a drive not plugged in or mounted yet).
        case notThere(String)
        /// A directory that cannot be read.
        case unreadable(String)
        /// A directory with no media files in it.
        case noMedia(String)
        /// A directory with more than this many files and folders under it
        /// (`MediaFolder.mostEntries`): "/", a whole disk.
        case tooLarge(String, Int)
        /// A walk given up because what it was for was asked for no more
        /// (`files(in:…cancelled:)`: a later `play` over the socket).
        case givenUp(String)
        /// A path whose disk or share stayed quiet this many seconds
        /// (`look(at:within:)`: a network share whose server is down).
        case notAnswering(String, seconds: Int)

        public var description: String {
            switch self {
            case .notThere(let path): "\(path): not there (a drive not plugged in or not mounted yet?)"
            case .unreadable(let path): "\(path): cannot be read (permissions?)"
            case .noMedia(let path): "\(path): no media files in this directory (\(MediaFolder.extensions.sorted().joined(separator: ", ")))"
            case .tooLarge(let path, let most):
                "\(path): more than \(most) files and folders under it; give the folder that holds the media"
            case .givenUp(let path): "\(path): its walk was given up (what it was for is no longer asked for)"
            case .notAnswering(let path, let seconds): "\(path): " + DiskAnswer.quiet(seconds: Double(seconds))
            }
        }
    }

    /// The most files and folders a directory's walk looks at: a library of
    /// tens of thousands of films with their sidecars is well under it; "/"
    /// on a box with a NAS mounted is not (a walk of millions took minutes
    /// and held every path).
    public static let mostEntries = 1_000_000

    /// Folders a walk never goes into: the kernel's and the devices'
    /// (walking "/" went through every process's files).
    static let systemFolders: Set<String> = ["/proc", "/sys", "/dev", "/run"]

    /// How many entries a walk looks at between two askings of its
    /// `cancelled`: a few milliseconds of walking.
    static let cancelStride = 1024

    /// What a path given at a start is (`look(at:within:)`).
    public enum Look: Equatable, Sendable {
        /// A directory: its media files, or why it has none.
        case directory(Result<[String], Problem>)
        /// Anything else that is there, or a URL.
        case other
        /// A path with nothing there.
        case missing
    }

    /// What `location` is and holds (`files(in:)` for a directory), read
    /// as `DiskAnswer` reads: `.notAnswering` once its disk or share stayed
    /// quiet for `seconds` (a walk that goes on answering is waited for).
    public static func look(at location: String, within seconds: Double, mostEntries: Int = mostEntries) -> Result<Look, Problem> {
        if location.contains("://") { return .success(.other) }
        let look = DiskAnswer.read(within: seconds) { answered -> Look in
            if isDirectory(location) {
                return .directory(files(in: location, mostEntries: mostEntries) {
                    answered()
                    return false
                })
            }
            return FileManager.default.fileExists(atPath: location) ? .other : .missing
        }
        return look.map { .success($0) } ?? .failure(.notAnswering(location, seconds: Int(seconds.rounded())))
    }

    /// Whether `location` is a directory on this machine.
    public static func isDirectory(_ location: String) -> Bool {
        var directory: ObjCBool = false
        return !location.contains("://") && FileManager.default.fileExists(atPath: location, isDirectory: &directory) && directory.boolValue
    }

    /// Whether `path` is a regular file (links followed): one that reading
    /// cannot hold (a named pipe waits for a writer).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The media files in the directory `location`, as absolute paths (a
    /// name that is not UTF-8 as a `file://` URL: `ByteNamedPath`; a
    /// hidden file or folder left out, and not gone into; nor the system's
    /// `systemFolders`); `.tooLarge` past `mostEntries` files and folders;
    /// `.givenUp` as soon as `cancelled` says so (asked every
    /// `cancelStride` entries, from the walking thread). Folders behind
    /// links are walked, each once; only regular files are kept, a
    /// release's sample left out (`FolderWalk`). A disc's folder is one
    /// film, listed as its folder (`DiscFolder`: the one holding
    /// `VIDEO_TS` or `BDMV`, `location` itself when it is one or that own
    /// folder), a disc's image when it is a film disc's (`DiscImage`).
    public static func files(in location: String, mostEntries: Int = mostEntries,
                             cancelled: () -> Bool = { false }) -> Result<[String], Problem> {
        guard isDirectory(location) else {
            return .failure(FileManager.default.fileExists(atPath: location) ? .noMedia(location) : .notThere(location))
        }
        let base = URL(fileURLWithPath: location).standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: base) else { return .failure(.unreadable(location)) }
        if let disc = DiscFolder.disc(at: base) { return .success([disc.root]) }
        var walk = FolderWalk(mostEntries: mostEntries, cancelStride: cancelStride, skipped: systemFolders) { extensions.contains($0) }
        switch walk.files(under: base, cancelled: cancelled) {
        case .failure(.tooLarge): return .failure(.tooLarge(location, mostEntries))
        case .failure(.givenUp): return .failure(.givenUp(location))
        case .success(let files):
            guard !files.isEmpty else { return .failure(.noMedia(location)) }
            return .success(files.sorted { $0.relative.localizedStandardCompare($1.relative) == .orderedAscending }
                .map { ByteNamedPath.location(bytes: $0.path) })
        }
    }

    /// The items `locations` stand for (`items(files:)`): each directory as
    /// its media files, anything else as it is (a path not there too, to
    /// fail on its error screen, unless `missingAwaited`); or, when nothing
    /// is there to play, why (the first reason).
    public static func items(_ locations: [String], missingAwaited: Bool = false, mostEntries: Int = mostEntries) -> Result<[MediaItem], Problem> {
        var found: [String] = []
        var problem: Problem?
        for location in locations {
            let directory = isDirectory(location)
            if !directory && !(missingAwaited && !location.contains("://") && !FileManager.default.fileExists(atPath: location)) {
                found.append(location)
                continue
            }
            switch files(in: location, mostEntries: mostEntries) {
            case .success(let files): found += files
            case .failure(let why): problem = problem ?? why
            }
        }
        if found.isEmpty, let problem { return .failure(problem) }
        return .success(items(files: found))
    }

    /// The items for files or URLs: each titled by its name
    /// (`fromLocation`), a local file's sidecars found beside it — its
    /// artwork, its `.nfo` (`SidecarInfo`: title, plot, rating), and the
    /// subtitles kept in a `Subs` folder beside it (`SidecarSubtitles`).
    /// A disc's folder or image is its disc (`discFolderItem`, `imageFormat`).
    public static func items(files: [String]) -> [MediaItem] {
        let alone = aloneness(files.filter { !$0.contains("://") })
        var subtitles = SidecarSubtitles.Finder()
        return files.map { location in
            if let disc = discFolderItem(location) { return disc }
            var item = MediaItem.fromLocation(location)
            item.disc = imageFormat(location)
            // The player's title of a disc is its navigation's ("dvd://"), not the film's.
            if item.disc != nil { item.titleFromLocation = false }
            item.artwork = SidecarArtwork.path(for: location)
            item.subtitleFiles = subtitles.files(for: location, alone: alone(location))
            if let info = SidecarInfo.read(for: location, alone: alone(location)) { item = info.applied(to: item) }
            return item
        }
    }

    /// The item for the disc whose folder is `location` (`DiscFolder`):
    /// titled by the folder's name, its sidecars as Kodi keeps a disc's
    /// (`DiscSidecars`); nil when `location` is no disc's folder.
    static func discFolderItem(_ location: String) -> MediaItem? {
        // A media file's name is no folder's: no look at the disk for it.
        guard !location.contains("://"), !MediaFiles.extensions.contains(FolderWalk.fileExtension(of: location)), isDirectory(location),
              let disc = DiscFolder.disc(at: location) else { return nil }
        var item = MediaItem(title: DiscFolder.title(ofFolder: disc.root), url: disc.root)
        item.disc = disc.format
        item.artwork = DiscSidecars.artwork(for: disc.root)
        if let info = DiscSidecars.info(for: disc.root) { item = info.applied(to: item) }
        return item
    }

    /// The disc a local `.iso` holds (`DiscImage`); nil for anything else.
    static func imageFormat(_ location: String) -> DiscFormat? {
        guard !location.contains("://"), FolderWalk.fileExtension(of: location) == FolderWalk.imageExtension,
              isRegularFile(location) else { return nil }
        return DiscImage.format(ofImageAt: location)
    }

    /// For `SidecarInfo.read`'s `alone`, from how many of `files` each
    /// folder holds: false where it holds more than one of them (a folder of
    /// many is not listed for its movie.nfo), nil (listed to find out) else.
    private static func aloneness(_ files: [String]) -> (String) -> Bool? {
        var inFolder: [Substring: Int] = [:]
        for file in files { inFolder[folder(of: file), default: 0] += 1 }
        return { file in inFolder[folder(of: file)] == 1 ? nil : false }
    }

    /// A lineup's items, those that are files on this machine (an M3U
    /// listing films on a disk) with their sidecars read as a folder's
    /// files are: the `.nfo`'s rating (where the lineup gives none) and
    /// plot, the artwork and the `Subs` folder's subtitles; the lineup's
    /// names kept; an entry naming a disc's folder (or its `VIDEO_TS` or
    /// `BDMV`) is the disc, played from its folder. The same array when
    /// none is a local file (a provider's 350 000 URLs are not copied).
    /// Reads the disk: any thread but the run loop.
    public static func lineupSidecars(_ items: [MediaItem]) -> [MediaItem] {
        guard items.contains(where: { $0.url.hasPrefix("/") }) else { return items }
        let alone = aloneness(items.lazy.map(\.url).filter { $0.hasPrefix("/") })
        var subtitles = SidecarSubtitles.Finder()
        return items.map { item in
            guard item.url.hasPrefix("/") else { return item }
            if let disc = discFolderItem(item.url) {
                var read = item
                read.url = disc.url
                read.disc = disc.disc
                read.titleFromLocation = false
                if read.artwork == nil { read.artwork = disc.artwork }
                if read.summary == nil { read.summary = disc.summary }
                if read.contentRating == nil { (read.rating, read.contentRating) = (disc.rating, disc.contentRating) }
                return read
            }
            var read = item
            read.disc = imageFormat(item.url)
            if read.disc != nil { read.titleFromLocation = false }
            if read.artwork == nil { read.artwork = SidecarArtwork.path(for: item.url) }
            read.subtitleFiles = subtitles.files(for: item.url, alone: alone(item.url))
            if let info = SidecarInfo.read(for: item.url, alone: alone(item.url)) {
                read = info.applied(to: read)
                read.title = item.title
                read.titleFromLocation = item.titleFromLocation && read.disc == nil
            }
            return read
        }
    }

    private static func folder(of file: String) -> Substring {
        file.lastIndex(of: "/").map { file[..<$0] } ?? ""
    }
}
