import Catalog
import Foundation
import MediaModel
import ShellCore

/// Where an item's scrub thumbnails come from, found once per item
/// (`ThumbnailIndex.find`), best first: a sidecar it offers, the HLS
/// stream's image playlist, its I-frame playlist, else a thumbnail player
/// seeking in the item.
enum ThumbnailIndex: Sendable {
    /// WebVTT sprites: each cue a tile of an image.
    case sprites([ThumbnailCue])
    /// A `.bif` file (a path or URL) and its index.
    case bif(String, BIFIndex)
    /// An HLS image playlist's tiles (as sprites: each cue a tile of an image).
    case images([ThumbnailCue])
    /// An I-frame playlist's frames.
    case iframes([IFramePlaylist.Frame])
    /// None: a thumbnail player of its own seeks in the item.
    case player

    var source: ThumbnailSource {
        switch self {
        case .sprites, .bif: .sidecar
        case .images: .images
        case .iframes: .iframe
        case .player: .player
        }
    }

    /// What shows `time` from a sidecar or I-frames: its index (the cache's
    /// key) and its own time; nil for the player (its keyframe is known
    /// only once it has sought) or an empty index.
    func frame(at time: Double) -> (index: Int, time: Double)? {
        switch self {
        case .sprites(let cues), .images(let cues):
            return ThumbnailCue.index(at: time, in: cues).map { ($0, cues[$0].start) }
        case .bif(_, let index):
            return index.index(at: time).map { ($0, index.frames[$0].time) }
        case .iframes(let frames):
            return IFramePlaylist.index(at: time, in: frames).map { ($0, frames[$0].time) }
        case .player:
            return nil
        }
    }

    /// Finds `item`'s source. Blocking (it reads sidecars and fetches
    /// playlists); off the run loop. A sidecar or playlist that cannot be
    /// read is passed over (with why, for the log) for the next source.
    static func find(_ item: MediaItem, log: (String) -> Void) -> ThumbnailIndex {
        var offered: [String] = item.thumbnails.map { [$0] } ?? []
        let local = item.url.hasPrefix("file://") ? String(item.url.dropFirst(7)) : item.url
        if !item.url.contains("://") || item.url.hasPrefix("file://") {
            let base = URL(fileURLWithPath: local).deletingPathExtension().path
            offered += [base + ".bif", base + ".thumbnails.vtt"].filter { FileManager.default.isReadableFile(atPath: $0) }
        }
        for sidecar in offered {
            do {
                if let index = try readSidecar(sidecar, headers: item.headers) { return index }
                log("thumbnails: \(URLRedaction.redact(sidecar)) has no thumbnails")
            } catch {
                log("thumbnails: \(URLRedaction.redact(sidecar)): \(error)")
            }
        }
        if item.url.hasPrefix("http://") || item.url.hasPrefix("https://") {
            do {
                if let index = try fromMaster(of: item, log: log) { return index }
            } catch {
                log("thumbnails: the master playlist of \(URLRedaction.redact(item.url)): \(error)")
            }
        }
        return .player
    }

    /// A `.bif` or WebVTT sidecar's thumbnails (nil: none in it).
    static func readSidecar(_ location: String, headers: [String: String]) throws -> ThumbnailIndex? {
        let path = location.split(separator: "?").first.map(String.init) ?? location
        if path.lowercased().hasSuffix(".bif") {
            let first = try InputLoader.load(location, offset: 0, length: 64, headers: headers)
            guard let count = BIFIndex.frameCount([UInt8](first)) else { throw BIFIndex.Problem.notBIF }
            guard count <= 1_000_000 else { throw BIFIndex.Problem.badIndex("\(count) frames") }
            let header = try InputLoader.load(location, offset: 0, length: BIFIndex.indexSize(frames: count), headers: headers)
            let bytes = [UInt8](header)
            // The last index entry gives where the last frame ends: as much of the file as the index needs.
            let last = BIFIndex.indexSize(frames: count) - 4
            guard bytes.count > last + 3 else { throw BIFIndex.Problem.truncated }
            let end = Int(bytes[last]) | Int(bytes[last + 1]) << 8 | Int(bytes[last + 2]) << 16 | Int(bytes[last + 3]) << 24
            let index = try BIFIndex(header: bytes, size: end)
            return index.frames.isEmpty ? nil : .bif(location, index)
        }
        let text = InputLoader.text(try InputLoader.load(location))
        let cues = WebVTTThumbnails.parse(text, base: location)
        return cues.isEmpty ? nil : .sprites(cues)
    }

    /// The tiles of the smallest image stream the item's master playlist
    /// lists, else the frames of its smallest I-frame stream (nil: not a
    /// master playlist with either, or none that can be read).
    static func fromMaster(of item: MediaItem, log: (String) -> Void) throws -> ThumbnailIndex? {
        let master = InputLoader.text(try InputLoader.load(item.url, offset: nil, length: 0, headers: item.headers))
        guard master.hasPrefix("#EXTM3U") || master.hasPrefix("\u{FEFF}#EXTM3U") else { return nil }
        if let stream = ImagePlaylist.streams(inMaster: master, base: item.url).first {
            do {
                let cues = ImagePlaylist.cues(InputLoader.text(try InputLoader.load(stream.uri, offset: nil, length: 0, headers: item.headers)), base: stream.uri)
                if !cues.isEmpty { return .images(cues) }
                log("thumbnails: the image playlist \(URLRedaction.redact(stream.uri)) has no images")
            } catch {
                log("thumbnails: the image playlist \(URLRedaction.redact(stream.uri)): \(error)")
            }
        }
        guard let stream = IFramePlaylist.streams(inMaster: master, base: item.url).first else { return nil }
        let playlist = InputLoader.text(try InputLoader.load(stream.uri, offset: nil, length: 0, headers: item.headers))
        let frames = IFramePlaylist.frames(playlist, base: stream.uri)
        return frames.isEmpty ? nil : .iframes(frames)
    }
}
