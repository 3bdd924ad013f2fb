import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func channelNumber(_ state: [String: Any]) -> Int? { (state["channel"] as? [String: Any])?["number"] as? Int }

/// What a user types first: a mistyped subcommand, options before the
/// subcommand, a directory of films (on a box, one not there yet).
@Suite("Command-line inputs, end to end")
struct CommandLineInputsEndToEndTests {
    static func tvshell(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Spawn.run(["sh", "-c", "exec \"$0\" \"$@\" 2>&1 </dev/null", TVShellBinary.path] + arguments,
                      environment: ["HOME": "/tmp", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    @Test("an argument that is neither a file nor a subcommand is an error naming the subcommands (exit 64), not media that never plays")
    func unknownWord() throws {
        let run = try Self.tvshell(["frobnicate", "status"])
        #expect(run.status == 64, "\(run.output)")
        #expect(run.output.contains("no such file or subcommand: frobnicate") && run.output.contains("lineup, guide, restrictions"), "\(run.output)")
    }

    @Test("--ipc given a path (it takes none) says to use --ipc-socket for it, not that the path is no file")
    func ipcWithPath() throws {
        let run = try Self.tvshell(["--ipc", "/tmp/tvshell-test-nowhere/ipc.sock"])
        #expect(run.status == 64, "\(run.output)")
        #expect(run.output.contains("--ipc takes no path") && run.output.contains("--ipc-socket /tmp/tvshell-test-nowhere/ipc.sock"), "\(run.output)")
        let film = try Self.tvshell(["--ipc", "/tmp/tvshell-test-nowhere/film.mkv"])
        #expect(film.output.contains("no such file or subcommand: /tmp/tvshell-test-nowhere/film.mkv"), "a missing film is said as such: \(film.output)")
    }

    @Test("options before the subcommand are the subcommand's")
    func optionsFirst() throws {
        let dir = TVShellBinary.scratchDirectory("options-first")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("l.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"a.tv\" tvg-chno=\"1\",Alpha\nhttp://example.invalid/a\n".write(toFile: lineup, atomically: true, encoding: .utf8)
        let run = try Self.tvshell(["--json", "lineup", "inspect", lineup])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("{") && run.output.contains("Alpha"), "\(run.output)")
    }

    @Test("a directory plays the media files in it, in the order a person sorts them; one with none says so")
    func directory() throws {
        let dir = TVShellBinary.scratchDirectory("films")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TestMedia.clip(seconds: 30)
        for name in ["Episode 10.mkv", "Episode 2.mkv"] {
            try FileManager.default.copyItem(atPath: clip, toPath: dir.appendingPathComponent(name).path)
        }
        try "notes".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([dir.path])
        let state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(state["items"] as? Int == 2)
        #expect((state["url"] as? String ?? "").hasSuffix("/Episode 2.mkv"), "\(state["url"] ?? "")")

        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try Self.tvshell([empty.path])
        #expect(run.status == 66 && run.output.contains("no media files in this directory"), "\(run.output)")
    }

    @Test("a film whose name is not UTF-8 (Latin-1 from an old share or stick) plays from its folder and from the command line, titled as it reads")
    func latin1Names() throws {
        let dir = TVShellBinary.scratchDirectory("latin1")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.turnedClip()))
        // "Café.mp4" in Latin-1 (a film with no title of its own): a name a Swift string cannot spell, made by its bytes.
        let path = (Array(dir.path.utf8) + Array("/Caf".utf8) + [0xE9] + Array(".mp4".utf8)).map { CChar(bitPattern: $0) } + [0]
        let fd = path.withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        try #require(fd >= 0)
        _ = clip.withUnsafeBytes { write(fd, $0.baseAddress, clip.count) }
        close(fd)
        let folder = try ShellUnderTest([dir.path])
        let state = try folder.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(state["title"] as? String == "Café", "\(state["title"] ?? "")")
        #expect(state["url"] as? String == "file://\(dir.path)/Caf%E9.mp4", "\(state["url"] ?? "")")
        // The shell puts the name's bytes after tvshell's arguments.
        let typed = try ShellUnderTest([], environment: ["TVS_RAW": dir.path + "/Caf\\351.mp4"], wrapper: #"sh -c 'exec "$@" "$(printf "$TVS_RAW")"' sh "#)
        let played = try typed.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(played["title"] as? String == "Café" && played["items"] as? Int == 1, "\(played["title"] ?? "") of \(played["items"] ?? "")")
    }

    @Test("a library's folder that is a link (to a NAS's share) is walked, and a named pipe beside it is not listed (opening one waits for ever); one named .pls given to play does not hold the start")
    func linkedFolder() throws {
        let dir = TVShellBinary.scratchDirectory("linked")
        defer { try? FileManager.default.removeItem(at: dir) }
        let share = dir.appendingPathComponent("nas/Films")
        let library = dir.appendingPathComponent("Videos")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: share.appendingPathComponent("Night.Drive.2011.720p.mp4").path)
        try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("Films").path, withDestinationPath: share.path)
        try #require(mkfifo(library.appendingPathComponent("Stuck.mp4").path, 0o644) == 0)
        let shell = try ShellUnderTest([library.path])
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(playing["title"] as? String == "Night Drive (2011)" && playing["items"] as? Int == 1, "\(playing)")

        // A named pipe given by name is not read at the start to see whether it is a playlist (its .pls name notwithstanding).
        let pipe = dir.appendingPathComponent("radio.pls").path
        try #require(mkfifo(pipe, 0o644) == 0)
        let piped = try ShellUnderTest([pipe, library.path])
        let started = try piped.ipc.waitForState { $0["screen"] as? String == "player" }
        #expect(started["items"] as? Int == 2, "\(started)")
    }

    @Test("a player's playlist of files (relative entries, spaces, a Windows backslash) plays its films as films: not live, scrubbed, Up Next to the next; from a server too, and a server's listing its films by URL with their lengths; as XSPF and PLS, on the command line and over the socket (an M3U too)")
    func playerPlaylist() throws {
        let dir = TVShellBinary.scratchDirectory("playlist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let season = dir.appendingPathComponent("Season 1")
        try FileManager.default.createDirectory(at: season, withIntermediateDirectories: true)
        for episode in ["Episode 1.mp4", "Episode 2.mp4"] {
            try FileManager.default.copyItem(atPath: try TestMedia.clip(seconds: 60), toPath: season.appendingPathComponent(episode).path)
        }
        let playlist = "#EXTM3U\n#EXTINF:60,Pilot\nSeason 1/Episode 1.mp4\n#EXTINF:60,Second\nSeason 1\\Episode 2.mp4\n"
        try playlist.write(to: dir.appendingPathComponent("season.m3u"), atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([dir.appendingPathComponent("season.m3u").path])
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && number($0["duration"]) != nil }
        #expect(playing["title"] as? String == "Pilot" && playing["live"] as? Bool == false && playing["channel"] is NSNull, "\(playing)")
        #expect(playing["url"] as? String == season.path + "/Episode 1.mp4" && playing["items"] as? Int == 2)
        #expect(try shell.ipc.request(["seek", 57, "absolute"])["error"] as? String == "success")
        let next = try shell.ipc.waitForState { ($0["up_next"] as? [String: Any])?["title"] as? String == "Second" }
        #expect(number(next["position"]).map { $0 > 50 } == true, "sought, not a live stream's edge: \(next["position"] ?? "nil")")

        let server = try LocalHTTPServer(directory: dir.path)
        defer { server.stop() }
        let fetched = try ShellUnderTest([server.url("season.m3u")])
        let remote = try fetched.ipc.waitForState { $0["phase"] as? String == "playing" && number($0["duration"]) != nil }
        #expect(remote["url"] as? String == server.url("Season%201/Episode%201.mp4") && remote["live"] as? Bool == false, "\(remote)")
        // A server's playlist listing its films by URL with their lengths (a NAS's media server): films, not channels.
        let absolute = "#EXTM3U\n#EXTINF:60,Pilot\n\(server.url("Season%201/Episode%201.mp4"))\n#EXTINF:60,Second\n\(server.url("Season%201/Episode%202.mp4"))\n"
        try absolute.write(to: dir.appendingPathComponent("served.m3u"), atomically: true, encoding: .utf8)
        let served = try ShellUnderTest([server.url("served.m3u")])
        let film = try served.ipc.waitForState { $0["phase"] as? String == "playing" && number($0["duration"]) != nil }
        #expect(film["title"] as? String == "Pilot" && film["live"] as? Bool == false && film["channel"] is NSNull && film["items"] as? Int == 2, "\(film)")

        // The same season saved by VLC (XSPF) and by Winamp (PLS): every entry, not only the first.
        let xspf = """
            <?xml version="1.0" encoding="UTF-8"?>
            <playlist xmlns="http://xspf.org/ns/0/" version="1"><trackList>
            <track><location>file://\(season.path.replacingOccurrences(of: " ", with: "%20"))/Episode%201.mp4</location><title>Pilot</title></track>
            <track><location>Season%201/Episode%202.mp4</location></track>
            </trackList></playlist>
            """
        try xspf.write(to: dir.appendingPathComponent("season.xspf"), atomically: true, encoding: .utf8)
        try "[playlist]\nFile1=Season 1/Episode 1.mp4\nTitle1=Pilot\nFile2=Season 1\\Episode 2.mp4\nNumberOfEntries=2\nVersion=2\n"
            .write(to: dir.appendingPathComponent("season.pls"), atomically: true, encoding: .utf8)
        for saved in ["season.xspf", "season.pls"] {
            let shell = try ShellUnderTest([dir.appendingPathComponent(saved).path])
            let first = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && number($0["duration"]) != nil }
            #expect(first["title"] as? String == "Pilot" && first["items"] as? Int == 2 && first["live"] as? Bool == false, "\(saved): \(first)")
            #expect(try shell.ipc.request(["seek", 57, "absolute"])["error"] as? String == "success")
            try shell.ipc.waitForState { ($0["up_next"] as? [String: Any])?["title"] as? String == "Episode 2" }
        }
        // Played over the socket, the XSPF (which libmpv cannot read) is its entries, as a folder is its files;
        // so is the M3U (libmpv would play its first entry only).
        let running = try ShellUnderTest(["av://lavfi:testsrc2=size=160x90:rate=25"])
        try running.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try running.ipc.request(["play", dir.appendingPathComponent("season.xspf").path])["error"] as? String == "success")
        let played = try running.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Pilot" }
        #expect(played["items"] as? Int == 3 && played["index"] as? Int == 1, "the playlist's two films after the lineup's: \(played)")
        let another = try ShellUnderTest(["av://lavfi:testsrc2=size=160x90:rate=25"])
        try another.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try another.ipc.request(["play", dir.appendingPathComponent("season.m3u").path])["error"] as? String == "success")
        let m3u = try another.ipc.waitForState { $0["phase"] as? String == "playing" && $0["index"] as? Int == 1 }
        #expect(m3u["title"] as? String == "Pilot" && m3u["items"] as? Int == 3 && m3u["live"] as? Bool == false, "the M3U's two films after the lineup's: \(m3u)")
        #expect(try another.ipc.request(["seek", 57, "absolute"])["error"] as? String == "success")
        try another.ipc.waitForState { ($0["up_next"] as? [String: Any])?["title"] as? String == "Second" }
    }

    @Test("a box given a folder not there yet (a USB stick not plugged in) or empty waits, saying why, and plays what is put there within seconds; a terminal's start still exits")
    func boxAwaitsFolder() throws {
        let dir = TVShellBinary.scratchDirectory("stick")
        defer { try? FileManager.default.removeItem(at: dir) }
        let stick = dir.appendingPathComponent("stick")
        let notThere = try Self.tvshell([stick.path])
        #expect(notThere.status == 64 && notThere.output.contains("no such file or subcommand: \(stick.path)"), "\(notThere.output)")

        let shell = try ShellUnderTest(["--kiosk", stick.path])
        let waiting = try shell.ipc.waitForState { ($0["lineup_wait"] as? String)?.contains("not there") == true }
        #expect(waiting["items"] as? Int == 0 && waiting["phase"] as? String == "idle" && waiting["screen"] as? String == "home", "\(waiting)")
        let said = shell.tmux.waitFor { $0.contains("Nothing to play yet") && $0.contains("\(stick.path): not there") }
        #expect(said.ok && !said.screen.contains("No channels"), "\(said.screen)")
        try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: true)
        let empty = try shell.ipc.waitForState { ($0["lineup_wait"] as? String)?.contains("no media files in this directory") == true }
        #expect(empty["items"] as? Int == 0, "\(empty)")
        #expect(shell.tmux.waitFor { $0.contains("no media files in this directory") }.ok)
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"),
                                         toPath: stick.appendingPathComponent("Night.Drive.2011.720p.mp4").path)
        let playing = try shell.ipc.waitForState(timeout: 10) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["title"] as? String == "Night Drive (2011)" && playing["lineup_wait"] is NSNull && playing["items"] as? Int == 1, "\(playing)")
    }

    @Test("a folder played over the socket (or as a file:// URI by playerctl) plays as on the command line: its files in order, each titled as a person reads it; an empty one is answered why")
    func folderPlayedWhileRunning() throws {
        let dir = TVShellBinary.scratchDirectory("played-folder")
        defer { try? FileManager.default.removeItem(at: dir) }
        let show = dir.appendingPathComponent("Bars and Tone")
        try FileManager.default.createDirectory(at: show, withIntermediateDirectories: true)
        for episode in ["Bars.and.Tone.S01E10.mp4", "Bars.and.Tone.S01E02.mp4"] {
            try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: show.appendingPathComponent(episode).path)
        }
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let bus = try DBusSession()
        let shell = try ShellUnderTest(["av://lavfi:testsrc2=size=160x90:rate=25"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let refused = try shell.ipc.request(["play", empty.path])["error"] as? String
        #expect(refused?.contains("\(empty.path): no media files in this directory") == true, "\(refused ?? "")")
        #expect(try shell.ipc.request(["play", show.path])["error"] as? String == "success")
        let first = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Bars and Tone — S01E02" }
        #expect(first["items"] as? Int == 3 && first["index"] as? Int == 1, "the folder's two files after the lineup's: \(first)")
        #expect(try bus.playerctl("open", show.appendingPathComponent("Bars.and.Tone.S01E10.mp4").absoluteString).status == 0)
        let second = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Bars and Tone — S01E10" }
        #expect(second["items"] as? Int == 3 && second["index"] as? Int == 2, "the folder's own item, not another: \(second)")
    }

    @Test("a film played over the socket whose .nfo is slow to read (a hung share) does not replace what was chosen meanwhile: a later play, or a channel the viewer flipped to")
    func slowReadPlayedLate() throws {
        let dir = TVShellBinary.scratchDirectory("slow-read")
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("Slow Film.mp4").path, other = dir.appendingPathComponent("Other Film.mp4").path
        for path in [film, other] { try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: path) }
        // A named pipe for the .nfo: its read waits until the test writes it, as a read from a hung share does.
        let nfo = dir.appendingPathComponent("Slow Film.nfo").path
        #expect(mkfifo(nfo, 0o600) == 0)
        func answerRead() {
            let fd = open(nfo, O_WRONLY)
            let text = Array("<movie><title>Slow Film</title><year>2001</year></movie>".utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1",One
            av://lavfi:testsrc2=size=160x90:rate=25
            #EXTINF:-1 tvg-chno="2",Two
            av://lavfi:mandelbrot=size=160x90:rate=25
            """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }

        let slow = try shell.ipc.send(["play", film])
        #expect(try shell.ipc.request(["play", other])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Other Film" }
        answerRead()
        #expect(try shell.ipc.reply(to: slow)["error"] as? String == "superseded: a later play was asked for while this one was read")

        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        try shell.ipc.waitForState { channelNumber($0) == 2 && $0["phase"] as? String == "playing" }
        let flipped = try shell.ipc.send(["play", film])
        try shell.ipc.request(["keypress", "PGDWN"])
        try shell.ipc.waitForState { channelNumber($0) == 1 && $0["phase"] as? String == "playing" }
        answerRead()
        #expect(try shell.ipc.reply(to: flipped)["error"] as? String == "superseded: something else was chosen to play while this one was read")
        let stays = try shell.ipc.state()
        #expect(channelNumber(stays) == 1 && stays["title"] as? String == "One", "the viewer's channel stays: \(stays)")

        let alone = try shell.ipc.send(["play", film])
        answerRead()
        #expect(try shell.ipc.reply(to: alone)["error"] as? String == "success")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Slow Film (2001)" }
    }

    @Test("--video window with no display says so and exits 69", .enabled(if: !FileManager.default.fileExists(atPath: "/dev/dri")))
    func windowWithoutDisplay() throws {
        let run = try Self.tvshell(["--video", "window", "--home"])
        #expect(run.status == 69, "\(run.output)")
        #expect(run.output.contains("--video window: no display"), "\(run.output)")
    }

    @Test("tvshell --help shows the play options first, then the other commands")
    func help() throws {
        let run = try Self.tvshell(["--help"])
        #expect(run.status == 0, "\(run.output)")
        let options = run.output.range(of: "--lineup"), others = run.output.range(of: "OTHER COMMANDS")
        #expect(options != nil && others != nil && options!.lowerBound < others!.lowerBound, "\(run.output)")
        #expect(run.output.contains("--video") && run.output.contains("restrictions") && run.output.contains("guide"), "\(run.output)")
    }
}
