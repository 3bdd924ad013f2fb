import Foundation
@testable import ShellRuntime
import Testing

@Suite("A still picture known before it opens")
struct StillPictureTests {
    @Test("by its name's extension, any case, its query and fragment aside; not by a folder's dot or a stream's name")
    func named() {
        for url in ["http://x/poster.png", "/films/cover.JPG", "https://cdn/a/b.webp?size=large", "file:///tmp/p.jpeg#frag", "picture.tiff"] {
            #expect(StillPicture.named(url), "\(url)")
        }
        for url in ["http://x/live.m3u8", "http://x/png", "http://x/v1.png/stream", "/films/film.mkv", "http://x/a.ts?f=.png", "http://x/pngs."] {
            #expect(!StillPicture.named(url), "\(url)")
        }
    }

    @Test("by its first bytes: PNG, JPEG, GIF, BMP, WebP, TIFF, QOI, JPEG XL; not a TS packet, Matroska, MP4 or an HLS playlist")
    func signatures() {
        let pictures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], [0xFF, 0xD8, 0xFF, 0xE0], Array("GIF89a".utf8), Array("BM6".utf8),
            Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8), [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], Array("qoif".utf8),
            [0xFF, 0x0A], [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A],
        ]
        for bytes in pictures { #expect(StillPicture.signature(bytes), "\(bytes)") }
        let others: [[UInt8]] = [
            [0x47, 0x40, 0x00, 0x10], [0x1A, 0x45, 0xDF, 0xA3], [0x00, 0x00, 0x00, 0x20] + Array("ftypisom".utf8), Array("#EXTM3U\n".utf8),
            Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVE".utf8), [], [0x89],
        ]
        for bytes in others { #expect(!StillPicture.signature(bytes), "\(bytes)") }
    }

    @Test("a local file is read for its first bytes (a path or a file URL); a FIFO is not read nor waited on; a URL's is never fetched")
    func localFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("still-picture-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("cover").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: picture))
        let film = folder.appendingPathComponent("film").path
        try Data([0x1A, 0x45, 0xDF, 0xA3, 0, 0, 0, 0]).write(to: URL(fileURLWithPath: film))
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(StillPicture.isStill(picture))
        #expect(StillPicture.isStill("file://" + picture))
        #expect(!StillPicture.isStill(film))
        #expect(!StillPicture.isStill(fifo), "no writer: a blocking read would wait for ever")
        #expect(!StillPicture.isStill(folder.path))
        #expect(!StillPicture.isStill(folder.appendingPathComponent("missing").path))
        #expect(!StillPicture.isStill("http://127.0.0.1:9/cover"))
    }
}
