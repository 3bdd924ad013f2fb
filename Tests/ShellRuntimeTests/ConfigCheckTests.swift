import Catalog
import Foundation
import ShellRuntime
import Testing

/// `ConfigCheck` on real files in a scratch folder: the layers read as
/// `play` reads them, and the files they name.
@Suite("config check")
struct ConfigCheckTests {
    /// A scratch `XDG_CONFIG_HOME` with `tvshell/config.toml` holding
    /// `config`, and no system file.
    private func scratch(_ config: String) throws -> (folder: String, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/tvshell", withIntermediateDirectories: true)
        try config.replacingOccurrences(of: "$DIR", with: folder).write(toFile: folder + "/tvshell/config.toml", atomically: true, encoding: .utf8)
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\" tvg-id=\"one\",One\nhttp://tv.example/1.m3u8\n".write(toFile: folder + "/tv.m3u", atomically: true, encoding: .utf8)
        return (folder, ["HOME": folder, "XDG_CONFIG_HOME": folder, "TVSHELL_SYSTEM_CONFIG": folder + "/system.toml"])
    }

    @Test("every kind of problem, each at the line that set it, in the order of the file: a bad value, a theme not found, a kiosk channel not in the lineup, an lircrc and a guide missing, an unknown default account, a password file others can read, a certificate missing, a library under a file, a CEC adapter and an input device missing, mpv's input.conf missing, an mpv option mpv does not know")
    func problems() throws {
        let (folder, environment) = try scratch("""
            [play]
            lineup = "$DIR/tv.m3u"
            theme = "no-such-theme"
            guides = ["$DIR/missing.xml"]
            [lirc]
            lircrc = "$DIR/missing.lircrc"
            socket = "$DIR"
            [kiosk]
            start = 7
            fallback = 1
            [live]
            max_connections = "four"
            [mqtt]
            broker = "mqtt://broker.lan"
            password_file = "$DIR/password"
            ca_file = "$DIR/ca.crt"
            [library]
            path = "$DIR/tv.m3u/library.sqlite3"
            [cec]
            device = "$DIR/cec9"
            [input]
            devices = ["$DIR/event9"]
            [accounts]
            default = "home"
            [mpv]
            input-conf = "~/missing-input.conf"
            hwdecc = "auto"
            volume = 80
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "secret\n".write(toFile: folder + "/password", atomically: true, encoding: .utf8)
        chmod(folder + "/password", 0o644)
        let check = ConfigCheck.run(path: nil, environment: environment)
        let file = folder + "/tvshell/config.toml"
        #expect(check.layers == [.init(path: folder + "/system.toml", found: false), .init(path: file, found: true)])
        #expect(check.problems.allSatisfy { $0.file == file }, "\(check.problems)")
        let found = check.problems.map { "\($0.line ?? 0) \($0.key ?? "")" }
        #expect(found == ["3 play.theme", "4 play.guides", "6 lirc.lircrc", "7 lirc.socket", "9 kiosk.start", "12 live.max_connections", "15 mqtt.password_file",
                          "16 mqtt.ca_file", "18 library.path", "20 cec.device", "22 input.devices", "24 accounts.default",
                          "26 mpv.input-conf", "27 mpv.hwdecc"], "\(check.problems)")
        let messages = check.problems.map(\.message)
        #expect(messages[0].hasPrefix("theme no-such-theme: not found"))
        #expect(messages[3] == "\(folder) is not a socket (a folder; lircd's is usually /run/lirc/lircd)")
        #expect(messages[4] == "channel 7 is not in the lineup \(folder)/tv.m3u")
        #expect(messages[6].contains("can be read by others (mode 644); chmod 600 it"))
        #expect(messages[8] == "\(folder)/tv.m3u is not a folder")
        #expect(messages[11] == "there is no account \"home\" (tvshell account list)")
        #expect(messages[12] == "the mpv option input-conf=~/missing-input.conf cannot be read (no such file): mpv's window has the shell's keys alone")
        #expect(messages[13] == "mpv refuses hwdecc=auto (option not found)", "the shell leaves it out; volume = 80 is taken")
        #expect(!messages.joined().contains("secret"), "the password is never said")
        #expect(check.notes.isEmpty)
    }

    @Test("an [mpv] option mpv refuses is named without the credentials of a URL in its value")
    func refusedOptionRedacted() throws {
        let (folder, environment) = try scratch("[mpv]\nhttp-proxyy = \"http://user:s3cret@proxy.lan:3128\"\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = ConfigCheck.run(path: nil, environment: environment)
        #expect(check.problems.map(\.key) == ["mpv.http-proxyy"], "\(check.problems)")
        #expect(check.problems.first?.message.hasPrefix("mpv refuses http-proxyy=http://") == true, "\(check.problems)")
        #expect(!"\(check.problems)".contains("s3cret") && !"\(check.problems)".contains("user:"), "\(check.problems)")
        #expect(!"\(RuntimeError.mpvOption(key: "http-proxyy", value: "http://user:s3cret@proxy.lan:3128", reason: "option not found"))".contains("s3cret"))
    }

    @Test("an [mpv] volume louder than [sound] max_volume is said, at its line, with what the shell starts at; one within it is not")
    func volumeAboveTheMost() throws {
        let (folder, environment) = try scratch("[sound]\nmax_volume = 80\n\n[mpv]\nvolume = 100\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = ConfigCheck.run(path: nil, environment: environment)
        #expect(check.problems.map(\.key) == ["mpv.volume"] && check.problems.first?.line == 5, "\(check.problems)")
        #expect(check.problems.first?.message == "volume 100 % is louder than [sound] max_volume (80 %): the shell starts at 80 %")
        let (within, quiet) = try scratch("[sound]\nmax_volume = 80\n\n[mpv]\nvolume = 80\n")
        defer { try? FileManager.default.removeItem(atPath: within) }
        #expect(ConfigCheck.run(path: nil, environment: quiet).problems.isEmpty)
    }

    @Test("a config whose files are all there and right: no problems; a lineup named by URL is not fetched and the check says so; no config at all is the defaults")
    func clean() throws {
        let (folder, environment) = try scratch("""
            [play]
            lineup = "$DIR/tv.m3u"
            theme = "light"
            [kiosk]
            start = 1
            fallback = "http://tv.example/1.m3u8"
            [mqtt]
            broker = "mqtt://broker.lan"
            password_file = "$DIR/password"
            [library]
            path = "$DIR/state/deeper/library.sqlite3"
            [recordings]
            dir = "$DIR"
            [lirc]
            socket = "$DIR/lircd"
            [mpv]
            hwdec = "auto-safe"
            ao = "null"
            volume = 80
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "secret\n".write(toFile: folder + "/password", atomically: true, encoding: .utf8)
        chmod(folder + "/password", 0o600)
        let listening = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listening) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in (folder + "/lircd").utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0, "the scratch folder's path is too long for a socket")
        let check = ConfigCheck.run(path: nil, environment: environment)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.notes.isEmpty)
        unlink(folder + "/lircd")
        let gone = ConfigCheck.run(path: nil, environment: environment)
        #expect(gone.problems.isEmpty && gone.notes == ["lircd's socket \(folder)/lircd is not there now (No such file or directory): the shell uses the keyboard and connects when lircd makes it"], "\(gone)")

        let url = folder + "/url.toml"
        try "[play]\nlineup = \"http://user:pass@tv.example/get.php?password=pass\"\n[kiosk]\nstart = 9\n".write(toFile: url, atomically: true, encoding: .utf8)
        let remote = ConfigCheck.run(path: url, environment: environment)
        #expect(remote.problems.isEmpty && remote.notes.count == 1, "\(remote)")
        #expect(remote.notes.first?.contains("is not fetched") == true && remote.notes.first.map { !$0.contains(":pass@") && !$0.contains("=pass") } == true, "redacted: \(remote.notes)")

        let hls = folder + "/stream.m3u8"
        try "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg0.ts\n".write(toFile: hls, atomically: true, encoding: .utf8)
        let stream = folder + "/stream.toml"
        try "[play]\nlineup = \"\(hls)\"\n[kiosk]\nstart = \"\(hls)\"\n".write(toFile: stream, atomically: true, encoding: .utf8)
        #expect(ConfigCheck.run(path: stream, environment: environment).problems.isEmpty, "an HLS playlist as the lineup plays as one item, the kiosk's")
        try "[play]\nlineup = \"\(hls)\"\n[kiosk]\nstart = 5\n".write(toFile: stream, atomically: true, encoding: .utf8)
        #expect(ConfigCheck.run(path: stream, environment: environment).problems.map(\.message) == ["channel 5 is not in the lineup \(hls)"])

        try FileManager.default.removeItem(atPath: folder + "/tvshell/config.toml")
        let none = ConfigCheck.run(path: nil, environment: environment)
        #expect(none.problems.isEmpty && none.layers.allSatisfy { !$0.found })
        #expect(!ConfigCheck.run(path: folder + "/asked-for.toml", environment: environment).problems.isEmpty, "a file asked for must be there")
    }
}
