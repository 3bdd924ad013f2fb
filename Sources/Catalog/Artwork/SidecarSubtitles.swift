import Foundation
import MediaModel

/// Subtitles a downloaded release keeps in a folder of their own beside
/// the film, where the player does not look (it loads `Film.srt` and
/// `Film.en.srt` beside the film itself): `Subs/2_English.srt` for a film
/// alone in its folder, `Subs/Show.S01E02/2_English.srt` for an episode,
/// `Subs/Film.fr.srt` for any. The folder may be `Subs`, `Subtitles` or
/// `Sub`, in any case. Reads the disk; call it while making items, not on
/// the run loop.
public enum SidecarSubtitles {
    /// Extensions of subtitle files libmpv reads.
    static let extensions: Set<String> = ["srt", "ass", "ssa", "vtt", "sub", "sup", "smi"]
    /// The folders subtitles are kept in, as releases spell them (looked
    /// for by name: a folder of thousands of episodes is not listed for
    /// each of them).
    static let folders = ["Subs", "subs", "SUBS", "Subtitles", "subtitles", "Sub", "sub"]
    /// The most files one film is offered (a folder of hundreds is not all read).
    static let most = 30

    /// The subtitle files kept apart for the local `film` (none for a URL).
    /// `alone`: whether the film is the only one in its folder (nil: the
    /// folder is listed to find out); a folder's `Subs` files that do not
    /// name the film are its only when it is.
    public static func files(for film: String, alone: Bool? = nil) -> [SubtitleFile] {
        var finder = Finder()
        return finder.files(for: film, alone: alone)
    }

    /// `files(for:alone:)` for many films (a folder's, a playlist's): each
    /// folder looked at once for its `Subs` folders, and each of those
    /// listed once (a NAS's season of 20 episodes is not asked 20 times).
    /// One batch's; any thread but the run loop.
    public struct Finder {
        private var subsFolders: [String: [String]] = [:]
        private var listed: [String: [String]] = [:]

        public init() {}

        /// As `SidecarSubtitles.files(for:alone:)`.
        public mutating func files(for film: String, alone: Bool? = nil) -> [SubtitleFile] {
            guard !film.contains("://"), let slash = film.lastIndex(of: "/") else { return [] }
            // Most folders have no Subs folder: that is known for all their films after one look.
            let folder = slash == film.startIndex ? "/" : String(film[..<slash])
            let kept = subsFolders[folder] ?? SidecarSubtitles.subsFolders(in: folder)
            subsFolders[folder] = kept
            guard !kept.isEmpty else { return [] }
            let base = URL(fileURLWithPath: film).deletingPathExtension().lastPathComponent
            let isAlone = alone ?? ((try? FileManager.default.contentsOfDirectory(atPath: folder))?
                .filter { MediaFiles.extensions.contains(($0 as NSString).pathExtension.lowercased()) }.count == 1)
            var found: [String] = []
            for subs in kept {
                found += SidecarSubtitles.subtitles(in: subs + "/" + base)
                let shared = listed[subs] ?? SidecarSubtitles.subtitles(in: subs)
                listed[subs] = shared
                found += shared.filter { isAlone || ($0 as NSString).lastPathComponent.lowercased().hasPrefix(base.lowercased()) }
            }
            return found.prefix(most).map { path in
                let named = SidecarSubtitles.name(of: (path as NSString).lastPathComponent, film: base)
                return SubtitleFile(path: path, title: named.title, language: named.language)
            }
        }
    }

    /// The `Subs` folders in `folder` (`folders`), each once however its
    /// name is spelt on a file system that ignores case (a FAT stick, a
    /// Windows share).
    static func subsFolders(in folder: String) -> [String] {
        var seen = Set<[UInt64]>()
        return folders.map { (folder == "/" ? "" : folder) + "/" + $0 }.filter { path in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), attributes[.type] as? FileAttributeType == .typeDirectory,
                  let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value, let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
            else { return false }
            return seen.insert([device, inode]).inserted
        }
    }

    /// The subtitle files directly in `folder`, sorted as a person sorts
    /// them ("2_English" before "10_French").
    static func subtitles(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { !$0.hasPrefix(".") && extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { folder + "/" + $0 }
    }

    /// A subtitle file's title and language from its `fileName`: the film's
    /// name and a release's number ("2_") left out, the rest its title
    /// ("English SDH"; "Portuguese (Brazil)" for "Brazilian"); its language
    /// the first word that is a language's English name or code
    /// ("English", "en", "eng"). Pure; any thread.
    static func name(of fileName: String, film: String) -> (title: String, language: String?) {
        var rest = Substring((fileName as NSString).deletingPathExtension)
        if rest.lowercased().hasPrefix(film.lowercased()) { rest = rest.dropFirst(film.count) }
        rest = rest.drop { $0 == "." || $0 == "_" || $0 == " " || $0 == "-" }
        if let underscore = rest.firstIndex(of: "_"), !rest[..<underscore].isEmpty, rest[..<underscore].allSatisfy(\.isNumber) {
            rest = rest[rest.index(after: underscore)...]
        }
        let words = rest.split { $0 == "." || $0 == "_" || $0 == " " || $0 == "-" }.map(String.init)
        let spoken = words.firstIndex { SubtitleLanguageWords.code(for: $0) != nil }
        let language = spoken.flatMap { SubtitleLanguageWords.code(for: words[$0]) }
        let named = language.flatMap { SubtitleLanguageWords.englishName(of: $0) }
        let title = words.enumerated().map { index, word -> String in
            index == spoken ? SubtitleLanguageWords.englishName(ofRegional: word) ?? named ?? word : word
        }.joined(separator: " ")
        return (title.isEmpty ? "Subtitles" : title, language)
    }
}
