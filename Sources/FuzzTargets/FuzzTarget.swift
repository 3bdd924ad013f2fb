import Catalog
import ConfigFormat
import Foundation
import MediaModel
import Parental
import ShellRuntime
import ShellCore
import TerminalUI

/// Every decoder of outside input, as a function of one blob of bytes: what
/// `tvshell-fuzz` hands libFuzzer and what the fuzz regression tests run on
/// each saved input. Each target takes the bytes the way tvshell reads such
/// input (files as UTF-8 text where tvshell reads text). Any thread; each
/// call is independent.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case m3u
    case xmltv
    /// The TOML reader and the files read with it: config, themes, the
    /// restrictions file, the lockout file.
    case toml
    /// Lines from lircd's socket.
    case lircd
    case lircrc
    /// Key input: control sequences after ESC and the characters typed.
    case keys
    /// The terminal's answers to the start-up probe.
    case probe
    /// Request lines on the automation socket.
    case ipc
    /// The segments sidecar (`.segments.toml`: intro, recap, credits, ads).
    case segments
    /// A command's payload on an MQTT command topic.
    case mqtt
    /// What an input device (or a pipe standing in for one) gives: `struct
    /// input_event` records, split anywhere.
    case input
    /// HDMI-CEC frames from the TV (each a length byte, then the frame).
    case cec
    /// Scrub-thumbnail tracks: a WebVTT sprite track, an HLS master and
    /// I-frame playlist (as text), a `.bif` index (as bytes).
    case thumbnails
    /// The JSON answers of an Xtream Codes server (`player_api.php`): the
    /// account, each list, a series' episodes, a film's information, and
    /// the items made from them.
    case xtream
    /// A media centre's `.nfo` beside a local file (`SidecarInfo`).
    case nfo
    /// A player's playlist: XSPF (`XSPFParser`) and PLS (`PLSParser`), as
    /// a lineup read from a file or URL finds them, relative entries made
    /// absolute.
    case playlist
    /// A disc's image (`DiscImage`): its bytes from the volume
    /// descriptors (sector 16) on, read as a file's are.
    case disc

    /// Decodes `bytes` as this target's input; the result is dropped.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .m3u:
            let text = InputLoader.text(Data(bytes))
            _ = M3UParser.isHLSPlaylist(text)
            _ = M3UParser.parse(text)
        case .xmltv:
            _ = XMLTVParser.parse(Data(bytes))
        case .toml:
            guard let text = Self.text(bytes) else { return }
            _ = try? TOMLDocument.parse(text)
            _ = ShellConfigFile.parse(text, path: "config.toml")
            _ = try? ThemeFile.parse(text)
            _ = try? RestrictionsSettings.parse(text, path: "restrictions.toml")
            _ = LockoutState.parse(text, now: 0)
        case .lircd:
            for line in bytes.split(separator: 10) {
                _ = LircEvent(line: String(decoding: line, as: UTF8.self))
            }
        case .lircrc:
            guard let text = Self.text(bytes) else { return }
            _ = LircrcFile.parse(text, path: "lircrc")
        case .keys:
            var reader: ControlSequenceReader?
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                if reader == nil {
                    if scalar.value == 0x1B { reader = ControlSequenceReader() } else { _ = KeyDecoder.character(scalar.value) }
                    continue
                }
                if reader?.feed(scalar.value) != .more {
                    _ = reader?.key
                    reader = nil
                }
            }
            for pair in stride(from: 0, to: bytes.count - 1, by: 2) {
                _ = KeyDecoder.functionKey(Int32(bytes[pair]) << 8 | Int32(bytes[pair + 1]))
            }
        case .probe:
            // The answers are read alike whatever the terminal; of the
            // environment only TMUX counts: the first byte's low bit sets it.
            let inTmux = bytes.first.map { $0 & 1 == 1 } ?? false
            _ = TerminalCapabilities(answers: Array(bytes), environment: inTmux ? ["TMUX": "/tmp/tmux-1000/default,1,0"] : [:])
        case .ipc:
            var reader = IPCLineReader(limit: 4096)
            reader.append(bytes)
            while let line = reader.next() {
                if case .request(let request) = line { _ = IPCRequestLine.check(request) }
            }
        case .segments:
            guard let text = Self.text(bytes) else { return }
            _ = try? SegmentsSidecar.parse(text, path: "film.segments.toml")
        case .mqtt:
            _ = FleetCommandPayload.check(Array(bytes))
        case .thumbnails:
            let raw = Array(bytes)
            _ = try? BIFIndex(header: raw, size: raw.count)
            let text = InputLoader.text(Data(bytes))
            for cue in WebVTTThumbnails.parse(text, base: "http://tv.example/a/thumbs.vtt") { _ = cue.tile }
            _ = IFramePlaylist.streams(inMaster: text, base: "http://tv.example/a/master.m3u8")
            let frames = IFramePlaylist.frames(text, base: "/media/a/iframe.m3u8")
            _ = IFramePlaylist.index(at: 60, in: frames)
            _ = ImagePlaylist.streams(inMaster: text, base: "http://tv.example/a/master.m3u8")
            let tiles = ImagePlaylist.cues(text, base: "http://tv.example/a/images.m3u8", limit: 10_000)
            _ = ThumbnailCue.index(at: 60, in: tiles)
        case .xtream:
            // The first byte picks the answer the rest is read as (one JSON
            // parse an input, so the fuzzer goes as fast as one decoder).
            guard let selector = bytes.first else { return }
            let data = Data(bytes.dropFirst())
            let server = XtreamServer(server: "http://tv.example", user: "u", password: "p")!
            switch selector % 6 {
            case 0: _ = try? XtreamDecoder.accountInfo(data)
            case 1: _ = try? XtreamDecoder.categories(data, action: "get_live_categories")
            case 2: _ = (try? XtreamCatalog(answers: [XtreamRequest.liveStreams.key: data]))?.lineup(server: server).playableChannels()
            case 3: _ = (try? XtreamCatalog(answers: [XtreamRequest.films.key: data]))?.onDemand(server: server, account: "fuzz")
            case 4:
                var catalog = XtreamCatalog()
                catalog.series = [XtreamSeries(seriesID: 1, name: "Show")]
                catalog.episodes[1] = (try? XtreamDecoder.episodes(data))?.values
                _ = catalog.onDemand(server: server, account: "fuzz")
            default:
                _ = try? XtreamDecoder.filmInfo(data)
                _ = try? XtreamDecoder.series(data)
            }
        case .playlist:
            let data = Data(bytes)
            _ = XSPFParser.parse(data).resolvingLocations(against: "/media/list.xspf").playableChannels()
            _ = PLSParser.parse(InputLoader.text(data)).resolvingLocations(against: "http://nas.local/list.pls").playableChannels()
        case .disc:
            let image = [UInt8](bytes)
            let origin = 16 * 2048
            _ = DiscImage.format { offset, count in
                let start = max(0, offset - origin)
                guard start <= image.count else { return nil }
                return Array(image[start..<min(image.count, start + count)])
            }
        case .nfo:
            let info = SidecarInfo.parse(Data(bytes))
            _ = info?.shownTitle
            _ = info?.applied(to: MediaItem(title: "film", url: "/media/film.mkv"))
        case .cec:
            var device = CECDevice(physicalAddress: 0x1000)
            _ = device.start()
            _ = device.pollAnswered(acknowledged: (bytes.first ?? 0) & 1 == 1)
            var rest = Array(bytes.dropFirst())
            while let length = rest.first {
                let frame = Array(rest.dropFirst().prefix(Int(length % 18)))
                rest = Array(rest.dropFirst(1 + frame.count))
                if let message = CECMessage(bytes: frame) {
                    for press in device.received(message).presses { _ = RemoteMap.standard.command(button: press.button, repeatCount: press.repeatCount) }
                }
            }
            _ = device.standby()
        case .input:
            // The first byte says where reads split the rest.
            var decoder = InputEventDecoder()
            let split = Int(bytes.first ?? 0)
            let rest = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
            let cut = min(split, rest.count)
            for press in decoder.feed(UnsafeRawBufferPointer(rebasing: rest[..<cut])) + decoder.feed(UnsafeRawBufferPointer(rebasing: rest[cut...])) {
                _ = RemoteMap.standard.command(button: press.button, repeatCount: press.repeatCount)
            }
        }
    }

    /// The bytes as tvshell reads a text file: UTF-8, else not at all.
    private static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        String(data: Data(bytes), encoding: .utf8)
    }
}
