import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Pauses and scrubs to `seconds` (the head in [seconds, seconds + 25)):
/// quick presses on, then slow ones (no acceleration) back. Returns when
/// the thumbnail for the head is shown, with the time from the last key
/// press to it.
func scrubPaused(_ ipc: IPCClient, to seconds: Double) throws -> (thumbnail: [String: Any], latency: Double) {
    func target() throws -> Double { number(((try ipc.state())["scrub"] as? [String: Any])?["target"]) ?? 0 }
    _ = try ipc.request(["keypress", "SPACE"])
    try ipc.waitForState { $0["paused"] as? Bool == true }
    var pressed = Stopwatch()
    while try target() < seconds {
        _ = try ipc.request(["keypress", "RIGHT"])
        pressed = Stopwatch()
    }
    while try target() >= seconds + 25 {
        Thread.sleep(forTimeInterval: 0.4)
        _ = try ipc.request(["keypress", "LEFT"])
        pressed = Stopwatch()
    }
    let state = try ipc.waitForState(timeout: 10) { state in
        let scrub = state["scrub"] as? [String: Any]
        return (scrub?["thumbnail"] as? [String: Any])?["shown"] as? Bool == true
    }
    let latency = pressed.elapsed
    return (try #require((state["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any]), latency)
}

/// How many cells of a tmux capture (with escapes, whole lines) show
/// `colour` (within 48 a channel) in their upper or lower half; colours set
/// on one line go on into the next, as in the terminal.
private func cells(showing colour: (red: Int, green: Int, blue: Int), in screen: String) -> Int {
    let all = CellColours(Substring(screen.replacingOccurrences(of: "\n", with: "")))
    let count = all.count
    return (0..<count).filter { column in
        all.all(column..<(column + 1)) { abs($0.red - colour.red) <= 48 && abs($0.green - colour.green) <= 48 && abs($0.blue - colour.blue) <= 48 }
    }.count
}

@Suite("Scrub thumbnails, end to end", .serialized)
struct ScrubThumbnailEndToEndTests {
    @Test("scrubbing a file paused to 4:00 shows that segment's colour in a window above the head (a thumbnail player's keyframe), the picture behind unchanged")
    func fromThePlayer() throws {
        let clip = try TestMedia.colourSegments()
        let shell = try ShellUnderTest([clip], width: 100, height: 30)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, latency) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "player")
        let frame = try #require(number(thumbnail["frame_time"]))
        #expect(frame >= 240 && frame < 270, "a keyframe of the 4:00 segment: \(frame)")
        #expect(latency < 2, "shown \(latency) s after the last key (the bench measures it)")
        let green = TestMedia.segmentColour(at: 240), red = TestMedia.segmentColour(at: 0)
        let (screen, ok) = shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) >= 60 }
        #expect(ok, "20×6 cells of the 4:00 colour")
        #expect(cells(showing: green, in: screen) <= 130, "only the thumbnail's window")
        #expect(cells(showing: red, in: screen) > 500, "the paused picture behind it is the 0:0x frame")
        let text = shell.tmux.capture()
        #expect(text.contains("4:0") || text.contains("4:1") || text.contains("4:2"), "its time under it")
        _ = try shell.ipc.request(["keypress", "ESC"])
        let after = try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == false }
        #expect((after["scrub"] as? [String: Any])?["thumbnail"] is NSNull)
        #expect(shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) == 0 }.ok, "the thumbnail goes with the scrub")
    }

    @Test("in a kitty terminal the thumbnail is an image of its own (id 4) at its window, of the 4:00 colour")
    func kitty() throws {
        let clip = try TestMedia.colourSegments()
        let terminal = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.32.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty([clip], columns: 100, rows: 30, terminal: terminal)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "player")
        // The state says the 4:00 picture is shown once it is in the
        // window; its image may still be on its way to the terminal, after
        // the images of the positions the head passed: wait for it.
        let middle = (60 * 200 + 100) * 3
        let green = TestMedia.segmentColour(at: 240)
        func isGreen(_ pixels: Data) -> Bool {
            pixels.count > middle + 2 && abs(Int(pixels[middle]) - green.red) <= 40 && abs(Int(pixels[middle + 1]) - green.green) <= 40
                && abs(Int(pixels[middle + 2]) - green.blue) <= 40
        }
        var image: Data?
        let deadline = Deadline(in: 5)
        repeat {
            image = Self.lastKittyImage(id: 4, in: String(decoding: shell.pty.output, as: UTF8.self))
            if let image, isGreen(image) { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while !deadline.hasPassed
        let pixels = try #require(image, "a kitty image with id 4")
        #expect(pixels.count == 200 * 120 * 3, "20×6 cells of 10×20 px, RGB: \(pixels.count)")
        if pixels.count > middle + 2 {
            #expect(isGreen(pixels), "the middle pixel: \(pixels[middle]), \(pixels[middle + 1]), \(pixels[middle + 2])")
        }
    }

    @Test("in a sixel terminal the thumbnail is a sixel image of its window's pixels, at its window")
    func sixel() throws {
        let clip = try TestMedia.colourSegments()
        let xterm = FakeTerminal("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c")
        let shell = try ShellInPty([clip], columns: 100, rows: 30, pixels: (800, 480), terminal: xterm)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "player")
        // 20×6 cells of 8×16 px: a 160×96 image, raster attributes first.
        let deadline = Deadline(in: 5)
        var text = ""
        repeat {
            text = String(decoding: shell.pty.output, as: UTF8.self)
            if text.contains("\"1;1;160;96") { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while !deadline.hasPassed
        let image = try #require(text.range(of: "\"1;1;160;96", options: .backwards), "a 160×96 sixel image")
        let before = text[..<image.lowerBound].suffix(40)
        #expect(before.contains("\u{1B}[19;"), "placed at the window's top row (19): \(before.debugDescription)")
        let body = text[image.upperBound...].prefix { $0 != "\u{1B}" }
        let green = TestMedia.segmentColour(at: 240)
        // Sixel colours are percentages: #n;2;R;G;B.
        let percent = (green.red * 100 / 255, green.green * 100 / 255, green.blue * 100 / 255)
        let colours = body.split(separator: "#").compactMap { part -> (Int, Int, Int)? in
            let fields = part.prefix { $0 != "!" && !($0 >= "?" && $0 <= "~") }.split(separator: ";").compactMap { Int($0) }
            return fields.count == 5 && fields[1] == 2 ? (fields[2], fields[3], fields[4]) : nil
        }
        #expect(colours.contains { abs($0.0 - percent.0) <= 15 && abs($0.1 - percent.1) <= 15 && abs($0.2 - percent.2) <= 15 },
                "the 4:00 colour among the image's: \(colours.prefix(8))")
    }

    /// The pixels of the last complete kitty transmission of image `id`.
    static func lastKittyImage(id: Int, in text: String) -> Data? {
        guard let header = text.range(of: "\u{1B}_Ga=T,i=\(id),", options: .backwards) else { return nil }
        var payload = ""
        var rest = text[header.lowerBound...]
        while let start = rest.firstIndex(of: ";"), let end = rest.range(of: "\u{1B}\\") {
            let keys = rest[..<start]
            payload += rest[rest.index(after: start)..<end.lowerBound]
            if !keys.contains("m=1") { return Data(base64Encoded: payload) }
            rest = rest[end.upperBound...]
            guard rest.hasPrefix("\u{1B}_G") else { return nil }
        }
        return nil
    }

    @Test("a WebVTT sprite sheet beside the file serves the thumbnails: the sprite is fetched and decoded once, its tiles cropped from it; no thumbnail player seeks")
    func fromSprites() throws {
        let clip = try TestMedia.colourSegments()
        let thumbnails = try TestMedia.colourSegmentThumbnails()
        let server = try LocalHTTPServer(directory: thumbnails)
        defer { server.stop() }
        let folder = TVShellBinary.scratchDirectory("sprites")
        defer { try? FileManager.default.removeItem(at: folder) }
        let film = folder.appendingPathComponent("film.mkv").path
        try FileManager.default.createSymbolicLink(atPath: film, withDestinationPath: clip)
        let vtt = try String(contentsOfFile: thumbnails + "/thumbnails.vtt", encoding: .utf8).replacingOccurrences(of: "sprite.jpg", with: server.url("sprite.jpg"))
        try vtt.write(toFile: folder.appendingPathComponent("film.thumbnails.vtt").path, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([film], width: 100, height: 30)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "sidecar")
        let frame = try #require(number(thumbnail["frame_time"]))
        #expect(frame >= 240 && frame < 270 && frame.truncatingRemainder(dividingBy: 10) == 0, "a cue's start: \(frame)")
        let green = TestMedia.segmentColour(at: 240)
        #expect(shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) >= 60 }.ok, "the 4:00 tile")
        // Back into the cue before: another tile of the same sheet.
        for _ in 0..<20 where number(((try shell.ipc.state())["scrub"] as? [String: Any])?["target"]) ?? 0 >= frame {
            _ = try shell.ipc.request(["keypress", "LEFT"])
        }
        let other = try shell.ipc.waitForState(timeout: 10) { state in
            let thumbnail = (state["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any]
            return thumbnail?["shown"] as? Bool == true && number(thumbnail?["frame_time"]) != frame
        }
        let otherFrame = number(((other["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any])?["frame_time"]) ?? 0
        #expect(otherFrame < frame && otherFrame.truncatingRemainder(dividingBy: 10) == 0, "another tile: \(otherFrame)")
        #expect(server.requests.filter { $0 == "/sprite.jpg" }.count == 1, "the sheet is fetched once: \(server.requests)")
        #expect(shell.log.components(separatedBy: "sprite sheet decoded").count == 2, "decoded once, both tiles cropped from it")
        #expect(!shell.log.contains("thumbnail seek"), "no thumbnail player sought")
    }

    @Test("a sprite sheet of 6000×6000 (more pixels than a still may have) is refused by its decoder, not decoded whole in the shell: the thumbnails come from the film itself, the sheet is not loaded again for the next tile, and the shell plays on")
    func hugeSprite() throws {
        let clip = try TestMedia.colourSegments()
        let folder = TVShellBinary.scratchDirectory("huge-sprite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=green:s=6000x6000",
                                              "-frames:v", "1", folder.appendingPathComponent("sheet.png").path])
        try #require(status == 0, "ffmpeg: \(output)")
        let server = try LocalHTTPServer(directory: folder.path)
        defer { server.stop() }
        let film = try Self.filmWithSheet(clip, sheet: server.url("sheet.png"), in: folder)
        let shell = try ShellUnderTest([film], width: 100, height: 30)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let pid = try #require(shell.pid)
        func peak() throws -> Int { try #require(ProcessSample.read(pid)?.peakKiB) }
        let before = try peak()
        try Self.thumbnailsComeFromTheFilm(shell)
        let grown = try peak() - before
        #expect(grown < 96 << 10, "the shell's peak grew \(grown) kB with the thumbnail player (6000×6000 decoded is 108 MB a copy, three copies)")
        #expect(shell.log.contains("exceeds specified max pixel count"), "mpv's log says why")
        #expect(shell.log.components(separatedBy: "could not be decoded; its tiles are not asked for again").count == 2, "loaded once")
        #expect(server.requests.filter { $0 == "/sheet.png" }.count == 1)
        _ = try shell.ipc.request(["keypress", "ESC"])
        try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == false }
        _ = try shell.ipc.request(["keypress", "SPACE"])
        let frames = try shell.ipc.waitForState { $0["paused"] as? Bool == false }["frames_presented"] as? Int ?? 0
        let playing = try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > frames + 10 }
        #expect(playing["phase"] as? String == "playing")
    }

    @Test("a film whose WebVTT names a sprite sheet that is not there (404): the thumbnails come from the film itself, and the sheet is asked for once")
    func missingSprite() throws {
        let clip = try TestMedia.colourSegments()
        let folder = TVShellBinary.scratchDirectory("missing-sprite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LocalHTTPServer(directory: folder.path)
        defer { server.stop() }
        let film = try Self.filmWithSheet(clip, sheet: server.url("gone.jpg"), in: folder)
        let shell = try ShellUnderTest([film], width: 100, height: 30)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        try Self.thumbnailsComeFromTheFilm(shell)
        #expect(server.requests.filter { $0 == "/gone.jpg" }.count == 1, "asked for once: \(server.requests)")
        #expect(shell.log.components(separatedBy: "could not be read; its tiles are not asked for again").count == 2)
        #expect(shell.log.contains("the item itself is sought instead"))
    }

    /// A link to `clip` as `film.mkv` in `folder`, beside a WebVTT of 60
    /// cues of 10 s, each a 160×90 tile of the sheet at `sheet`.
    static func filmWithSheet(_ clip: String, sheet: String, in folder: URL) throws -> String {
        var vtt = "WEBVTT\n\n"
        for index in 0..<60 {
            vtt += "00:\(String(format: "%02d:%02d", index * 10 / 60, index * 10 % 60)).000 --> 00:\(String(format: "%02d:%02d", (index + 1) * 10 / 60, (index + 1) * 10 % 60)).000\n"
            vtt += sheet + "#xywh=\(index % 10 * 160),\(index / 10 * 90),160,90\n\n"
        }
        let film = folder.appendingPathComponent("film.mkv").path
        try FileManager.default.createSymbolicLink(atPath: film, withDestinationPath: clip)
        try vtt.write(toFile: folder.appendingPathComponent("film.thumbnails.vtt").path, atomically: true, encoding: .utf8)
        return film
    }

    /// Scrubs the colour segments' film paused to 4:00: its thumbnail comes
    /// from the film itself (the thumbnail player), of the 4:00 colour; then
    /// back into the cue before, whose thumbnail does too.
    static func thumbnailsComeFromTheFilm(_ shell: ShellUnderTest) throws {
        let ipc = shell.ipc
        let (first, _) = try scrubPaused(ipc, to: 240)
        #expect(first["source"] as? String == "player", "from the film itself: \(first)")
        let frame = try #require(number(first["frame_time"]))
        #expect(frame >= 240 && frame < 270, "a keyframe of the 4:00 segment: \(frame)")
        let green = TestMedia.segmentColour(at: 240)
        #expect(shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) >= 60 }.ok, "the 4:00 picture")
        while number(((try ipc.state())["scrub"] as? [String: Any])?["target"]) ?? 0 >= frame - 10 {
            _ = try ipc.request(["keypress", "LEFT"])
        }
        let other = try ipc.waitForState(timeout: 10) { state in
            let thumbnail = (state["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any]
            return thumbnail?["shown"] as? Bool == true && number(thumbnail?["time"]) ?? frame < frame - 10
        }
        let thumbnail = (other["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any]
        #expect(thumbnail?["source"] as? String == "player", "the cue before from the film too: \(String(describing: thumbnail))")
    }

    @Test("a .bif beside the file serves the thumbnails")
    func fromBIF() throws {
        let clip = try TestMedia.colourSegments()
        let thumbnails = try TestMedia.colourSegmentThumbnails()
        let folder = TVShellBinary.scratchDirectory("bif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let film = folder.appendingPathComponent("film.mkv").path
        try FileManager.default.createSymbolicLink(atPath: film, withDestinationPath: clip)
        try FileManager.default.copyItem(atPath: thumbnails + "/clip.bif", toPath: folder.appendingPathComponent("film.bif").path)
        let shell = try ShellUnderTest([film], width: 100, height: 30)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "sidecar")
        let green = TestMedia.segmentColour(at: 240)
        #expect(shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) >= 60 }.ok, "the 4:00 frame of the BIF")
    }

    @Test("HLS with an I-frame playlist: the playlist and byte ranges are fetched, no segment whole for a thumbnail, and the 4:00 keyframe shows")
    func fromIFrames() throws {
        let hls = try TestMedia.colourSegmentsHLS()
        let server = try LocalHTTPServer(directory: hls)
        defer { server.stop() }
        let shell = try ShellUnderTest([server.url("master.m3u8")], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "iframe")
        let green = TestMedia.segmentColour(at: 240)
        #expect(shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) >= 60 }.ok, "the 4:00 I-frame")
        let requests = zip(server.requests, server.requestHeaders).map { (path: $0, headers: $1) }
        let ours = requests.filter { $0.headers["user-agent"]?.hasPrefix("tvshell") == true }
        #expect(ours.contains { $0.path == "/iframe.m3u8" }, "the I-frame playlist: \(ours.map(\.path))")
        let segments = ours.filter { $0.path.hasSuffix(".ts") }
        #expect(!segments.isEmpty && segments.allSatisfy { ($0.headers["range"] ?? "").range(of: #"^bytes=\d+-\d+$"#, options: .regularExpression) != nil },
                "byte ranges only: \(segments.map { "\($0.path) \($0.headers["range"] ?? "whole")" })")
        #expect(segments.contains { $0.path == "/seg024.ts" }, "the 4:00 keyframe's segment, by range")
        let players = requests.filter { $0.headers["user-agent"]?.hasPrefix("tvshell") != true }.map(\.path).filter { $0.hasSuffix(".ts") }
        #expect(players.count == Set(players).count, "libmpv fetched each segment once (the main player's one pass; no thumbnail player): \(players)")
        #expect(!shell.log.contains("thumbnail seek"), "no thumbnail player sought")
    }

    @Test("HLS with an image stream (#EXT-X-IMAGE-STREAM-INF) beside its I-frames: the image playlist serves, each JPEG of tiles fetched and decoded once, the 4:00 tile shows; no I-frame or segment fetched for a thumbnail")
    func fromImageStream() throws {
        let hls = try TestMedia.colourSegmentsHLSImages()
        let server = try LocalHTTPServer(directory: hls)
        defer { server.stop() }
        let shell = try ShellUnderTest([server.url("master.m3u8")], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 240)
        #expect(thumbnail["source"] as? String == "images")
        let frame = try #require(number(thumbnail["frame_time"]))
        #expect(frame >= 240 && frame < 270 && frame.truncatingRemainder(dividingBy: 10) == 0, "a tile's start: \(frame)")
        let green = TestMedia.segmentColour(at: 240)
        #expect(shell.tmux.waitFor(timeout: 5, escapes: true, wholeLines: true) { cells(showing: green, in: $0) >= 60 }.ok, "the 4:00 tile")
        // Back a tile: another tile of the same image (200-300 s is tiles3.jpg).
        for _ in 0..<20 where number(((try shell.ipc.state())["scrub"] as? [String: Any])?["target"]) ?? 0 >= frame {
            _ = try shell.ipc.request(["keypress", "LEFT"])
        }
        _ = try shell.ipc.waitForState(timeout: 10) { state in
            let thumbnail = (state["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any]
            return thumbnail?["shown"] as? Bool == true && number(thumbnail?["frame_time"]) != frame
        }
        let ours = zip(server.requests, server.requestHeaders).filter { $0.1["user-agent"]?.hasPrefix("tvshell") == true }.map(\.0)
        let images = ours.filter { $0.hasSuffix(".jpg") }
        #expect(ours.contains("/images.m3u8") && images.contains("/tiles3.jpg") && images.count == Set(images).count,
                "the playlist, and each image passed once, the 4:00 one among them: \(ours)")
        #expect(!ours.contains("/iframe.m3u8") && !ours.contains { $0.hasSuffix(".ts") }, "no I-frame or segment for a thumbnail: \(ours)")
        #expect(shell.log.components(separatedBy: "sprite sheet decoded (800×180)").count - 1 == images.count,
                "each image decoded once, both 4:00 tiles cropped from the one")
        #expect(!shell.log.contains("thumbnail seek"), "no thumbnail player sought")
    }

    @Test("scrubbing back in a live buffer shows the picture kept as it played (source buffer), within a spacing of the head")
    func fromTheLiveBuffer() throws {
        let stream = try LiveHLSStream(source: "testsrc2=size=320x180:rate=25")
        defer { stream.stop() }
        let folder = TVShellBinary.scratchDirectory("live-thumbnails")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lineup = folder.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"live\" tvg-chno=\"1\",Live\n\(stream.url)\n".write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path], width: 100, height: 30, cacheHome: folder.appendingPathComponent("cache").path)
        let edge = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        let start = number(edge["position"]) ?? 0
        try shell.ipc.waitForState(timeout: 30) { (number($0["position"]) ?? 0) >= start + 12 }
        _ = try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        for _ in 0..<6 {
            _ = try shell.ipc.request(["keypress", "LEFT"])
            Thread.sleep(forTimeInterval: 0.4)
        }
        let state = try shell.ipc.waitForState { (($0["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any])?["shown"] as? Bool == true }
        let scrub = try #require(state["scrub"] as? [String: Any])
        let thumbnail = try #require(scrub["thumbnail"] as? [String: Any])
        let target = try #require(number(scrub["target"])), frame = try #require(number(thumbnail["frame_time"]))
        #expect(thumbnail["source"] as? String == "buffer")
        #expect(frame <= target + 0.01 && target - frame <= 4.5, "a picture kept at most two spacings before the head: \(frame) for \(target)")
        #expect(target < (number(state["position"]) ?? 0) - 3, "the head is back in the buffer: \(target)")
        #expect(shell.tmux.capture().contains("Live"))
    }

    @Test("holding RIGHT for 5 s across a two-hour file: one thumbnail seek at a time, each finished before the next starts")
    func holdingRight() throws {
        let clip = try TestMedia.colourSegments()
        let long = try TestMedia.longColourClip()
        _ = clip
        let shell = try ShellUnderTest([long], width: 100, height: 30)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        _ = try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let end = Deadline(in: 5)
        var presses = 0
        while !end.hasPassed {
            try shell.tmux.send("Right")
            presses += 1
            Thread.sleep(forTimeInterval: 1.0 / 30)
        }
        let state = try shell.ipc.waitForState { (($0["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any])?["shown"] as? Bool == true }
        #expect(number((state["scrub"] as? [String: Any])?["target"]) ?? 0 > 3600, "the head crossed most of the film")
        let lines = shell.log.split(separator: "\n").filter { $0.contains("thumbnail seek ") || $0.contains("thumbnail at ") }
        var open = 0, seeks = 0
        for line in lines {
            if line.contains("thumbnail seek ") {
                seeks += 1
                #expect(open == 0, "a seek started while one ran: \(line)")
                open = 1
            } else {
                open = 0
            }
        }
        #expect(seeks >= 2 && seeks < presses, "\(seeks) seeks for \(presses) presses")
    }
}
