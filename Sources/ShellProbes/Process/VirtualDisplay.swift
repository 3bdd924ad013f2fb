import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An X server in memory (Xvfb) on a display number it picks itself, for
/// running real terminal emulators (xterm, kitty) and looking at what they
/// show. Screenshots go through `xwd` and ffmpeg. Not thread-safe; one test
/// owns it and stops it (also on deinit).
public final class VirtualDisplay {
    /// The `DISPLAY` value, like ":3".
    public let name: String
    public let width: Int
    public let height: Int
    private let pid: pid_t
    private let directory = TVShellBinary.scratchDirectory("xvfb")
    private var stopped = false
    /// With `authorization`: the cookie the server takes, the file the
    /// test's own tools read it from, and the clients' file
    /// (`refuseNewClients` spoils it).
    private let cookie: [UInt8]?
    private let toolsAuthority: String
    private let clientsAuthority: String

    /// A window's place on the screen, in pixels.
    public struct Geometry: Equatable, Sendable {
        public let x: Int, y: Int, width: Int, height: Int
    }

    /// A screenshot: `width` × `height` RGB pixels, rows top to bottom.
    public struct Image: Sendable {
        public let width: Int
        public let height: Int
        public let rgb: [UInt8]

        /// The mean colour of the rectangle, per channel.
        public func mean(x: Int, y: Int, width w: Int, height h: Int) -> (r: Double, g: Double, b: Double) {
            var r = 0, g = 0, b = 0
            for row in y..<(y + h) {
                for col in x..<(x + w) {
                    let i = (row * width + col) * 3
                    r += Int(rgb[i])
                    g += Int(rgb[i + 1])
                    b += Int(rgb[i + 2])
                }
            }
            let n = Double(max(1, w * h))
            return (Double(r) / n, Double(g) / n, Double(b) / n)
        }

        /// How many pixels of the rectangle are within `tolerance` of `colour`
        /// (0xRRGGBB) on every channel.
        public func count(near colour: UInt32, tolerance: Int, x: Int, y: Int, width w: Int, height h: Int) -> Int {
            let target = [Int(colour >> 16 & 0xFF), Int(colour >> 8 & 0xFF), Int(colour & 0xFF)]
            var n = 0
            for row in y..<(y + h) {
                for col in x..<(x + w) {
                    let i = (row * width + col) * 3
                    if (0..<3).allSatisfy({ abs(Int(rgb[i + $0]) - target[$0]) <= tolerance }) { n += 1 }
                }
            }
            return n
        }

        /// How many pixels of the rectangle differ from `other`'s by more
        /// than `tolerance` on some channel (the same size is assumed).
        public func differing(from other: Image, tolerance: Int = 24, x: Int, y: Int, width w: Int, height h: Int) -> Int {
            var n = 0
            for row in y..<(y + h) {
                for col in x..<(x + w) {
                    let i = (row * width + col) * 3
                    if (0..<3).contains(where: { abs(Int(rgb[i + $0]) - Int(other.rgb[i + $0])) > tolerance }) { n += 1 }
                }
            }
            return n
        }

        /// How many pixels of the rectangle have every channel at or above `level`.
        public func count(atLeast level: UInt8, x: Int, y: Int, width w: Int, height h: Int) -> Int {
            var n = 0
            for row in y..<(y + h) {
                for col in x..<(x + w) {
                    let i = (row * width + col) * 3
                    if rgb[i] >= level && rgb[i + 1] >= level && rgb[i + 2] >= level { n += 1 }
                }
            }
            return n
        }
    }

    /// Starts Xvfb with one `width` × `height` screen and waits until it
    /// says which display it took. `maxClients`: Xvfb's client limit (64 at
    /// the least), for a server that refuses connections (`ClientHog`).
    /// `authorization`: the server takes only clients with its
    /// MIT-MAGIC-COOKIE-1 (given to them by `environment`), so that
    /// `refuseNewClients` can turn new ones away while those connected
    /// stay.
    public init(width: Int = 800, height: Int = 600, maxClients: Int? = nil, authorization: Bool = false) throws {
        guard let xvfb = Spawn.which("Xvfb") else {
            throw SpawnError(message: "Xvfb is not installed (scripts/install-deps.sh test installs it)")
        }
        self.width = width
        self.height = height
        cookie = authorization ? (0..<16).map { _ in UInt8.random(in: 0...255) } : nil
        toolsAuthority = directory.appendingPathComponent("tools.xauth").path
        clientsAuthority = directory.appendingPathComponent("clients.xauth").path
        var auth: [String] = []
        if let cookie {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.authority(cookie).write(to: URL(fileURLWithPath: toolsAuthority))
            try Self.authority(cookie).write(to: URL(fileURLWithPath: clientsAuthority))
            auth = ["-auth", toolsAuthority]
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError(message: "pipe: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let log = directory.appendingPathComponent("xvfb.log").path
        do {
            let limit = maxClients.map { ["-maxclients", "\($0)"] } ?? []
            pid = try Spawn.spawn([xvfb, "-displayfd", "3", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"] + limit + auth, environment: nil, keeping: 4) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
                posix_spawn_file_actions_adddup2(&actions, writeEnd, 3)
            }
        } catch {
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        var number = ""
        let deadline = Deadline(in: 10)
        while !number.hasSuffix("\n") && !deadline.hasPassed {
            var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(readEnd, &byte, 1) == 1 else { break }
            number.append(Character(UnicodeScalar(byte)))
        }
        guard let display = Int(number.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(pid, SIGTERM)
            _ = Spawn.wait(pid)
            throw SpawnError(message: "Xvfb gave no display number: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
        name = ":\(display)"
    }

    deinit { stop() }

    /// Ends the X server (and so every client still on it).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        _ = Spawn.wait(pid)
        try? FileManager.default.removeItem(at: directory)
    }

    /// `environment` with `DISPLAY` pointing here (and, with
    /// `authorization`, `XAUTHORITY` naming the clients' cookie file).
    public func environment(_ base: [String: String]) -> [String: String] {
        var env = base
        env["DISPLAY"] = name
        if cookie != nil { env["XAUTHORITY"] = clientsAuthority }
        return env
    }

    /// `environment` for the test's own tools (xdotool, screenshots): their
    /// cookie stays good while new clients are refused.
    public func toolEnvironment(_ base: [String: String]) -> [String: String] {
        var env = base
        env["DISPLAY"] = name
        if cookie != nil { env["XAUTHORITY"] = toolsAuthority }
        return env
    }

    /// With `authorization`: clients that connect from now on (reading the
    /// clients' cookie file, as Xlib does at each `XOpenDisplay`) are
    /// refused, as by a server at its limit or too busy to answer; those
    /// connected stay. Deterministic, unlike filling the server.
    public func refuseNewClients() throws {
        guard let cookie else { return }
        try Self.authority(cookie.map { ~$0 }).write(to: URL(fileURLWithPath: clientsAuthority))
    }

    /// Takes new clients again (`refuseNewClients` undone).
    public func admitNewClients() throws {
        guard let cookie else { return }
        try Self.authority(cookie).write(to: URL(fileURLWithPath: clientsAuthority))
    }

    /// An Xauthority file of one entry for any display (FamilyWild) with
    /// MIT-MAGIC-COOKIE-1 `cookie`.
    private static func authority(_ cookie: [UInt8]) -> Data {
        func counted(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
        return Data([0xFF, 0xFF] + counted([]) + counted([]) + counted(Array("MIT-MAGIC-COOKIE-1".utf8)) + counted(cookie))
    }

    /// The environment the tools run with (nil: the test's own).
    private var tools: [String: String]? {
        cookie == nil ? nil : toolEnvironment(ProcessInfo.processInfo.environment)
    }

    /// Where the top-level window of X class `windowClass` is, if it is mapped.
    public func window(class windowClass: String) -> Geometry? {
        windows(class: windowClass).first
    }

    /// Every window of X class `windowClass` in the tree, mapped or not.
    public func windows(class windowClass: String) -> [Geometry] {
        guard let tree = try? Spawn.run(["xwininfo", "-root", "-tree", "-display", name], environment: tools), tree.status == 0 else { return [] }
        return tree.output.split(separator: "\n").filter { $0.contains("\"\(windowClass)\")") }.compactMap { line in
            let fields = line.split(separator: " ")
            guard let size = fields.first(where: { $0.contains("x") && $0.contains("+") && $0.first?.isNumber == true }) else { return nil }
            let parts = size.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
            guard parts.count == 4 else { return nil }
            return Geometry(x: parts[2], y: parts[3], width: parts[0], height: parts[1])
        }
    }

    /// The names (titles) of the windows of X class `windowClass` in the
    /// tree, as any client on the display reads them.
    public func windowNames(class windowClass: String) -> [String] {
        guard let tree = try? Spawn.run(["xwininfo", "-root", "-tree", "-display", name], environment: tools), tree.status == 0 else { return [] }
        return tree.output.split(separator: "\n").filter { $0.contains("\"\(windowClass)\")") }.compactMap { line in
            guard let open = line.firstIndex(of: "\""), let close = line.range(of: "\": (", range: open..<line.endIndex) else { return nil }
            return String(line[line.index(after: open)..<close.lowerBound])
        }
    }

    /// The text on the screen as tesseract reads it (a screenshot taken
    /// with ffmpeg's x11grab). `lightText`: only near-white pixels are kept,
    /// as black on white, for white text outlined over a moving colourful
    /// picture (which tesseract cannot read as it is).
    public func text(lightText: Bool = false) throws -> String {
        let png = directory.appendingPathComponent("ocr.png").path
        let light = "format=rgb24,geq=r='if(gt(min(min(r(X,Y),g(X,Y)),b(X,Y)),200),0,255)':g='if(gt(min(min(r(X,Y),g(X,Y)),b(X,Y)),200),0,255)'"
            + ":b='if(gt(min(min(r(X,Y),g(X,Y)),b(X,Y)),200),0,255)'"
        let grab = try Spawn.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "x11grab", "-video_size", "\(width)x\(height)", "-draw_mouse", "0",
                                  "-i", name, "-frames:v", "1"] + (lightText ? ["-vf", light] : []) + [png], environment: tools)
        guard grab.status == 0 else { throw SpawnError(message: "x11grab failed: \(grab.output)") }
        let read = try Spawn.run(["tesseract", png, "-"])
        guard read.status == 0 else { throw SpawnError(message: "tesseract failed: \(read.output)") }
        return read.output
    }

    /// Whether the X pointer is drawn on the screen: the 64×64 pixels
    /// around it, grabbed with and without the pointer (ffmpeg's x11grab
    /// draws the cursor image the server shows), differ. Meaningful on a
    /// still screen only.
    public func pointerShown() throws -> Bool {
        let at = try Spawn.run(["xdotool", "getmouselocation", "--shell"], environment: toolEnvironment(["PATH": "/usr/bin:/bin"]))
        let fields = Dictionary(at.output.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        }) { first, _ in first }
        guard at.status == 0, let x = fields["X"], let y = fields["Y"] else { throw SpawnError(message: "xdotool getmouselocation: \(at.output)") }
        let left = min(max(0, x - 32), width - 64), top = min(max(0, y - 32), height - 64)
        func grab(pointer: Bool) throws -> Data {
            let raw = directory.appendingPathComponent("pointer-\(pointer).rgb").path
            let run = try Spawn.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "x11grab", "-video_size", "64x64", "-draw_mouse", pointer ? "1" : "0",
                                     "-i", "\(name)+\(left),\(top)", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw], environment: tools)
            guard run.status == 0 else { throw SpawnError(message: "x11grab failed: \(run.output)") }
            return try Data(contentsOf: URL(fileURLWithPath: raw))
        }
        return try grab(pointer: true) != grab(pointer: false)
    }

    /// The whole screen as it is now.
    public func screenshot() throws -> Image {
        let xwd = directory.appendingPathComponent("shot.xwd").path, raw = directory.appendingPathComponent("shot.rgb").path
        let dump = try Spawn.run(["sh", "-c", "xwd -root -silent -display \(name) > \(xwd)"], environment: tools)
        guard dump.status == 0 else { throw SpawnError(message: "xwd failed: \(dump.output)") }
        let convert = try Spawn.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", xwd, "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        guard convert.status == 0 else { throw SpawnError(message: "ffmpeg could not read the screenshot: \(convert.output)") }
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        guard data.count == width * height * 3 else { throw SpawnError(message: "screenshot of \(data.count) bytes, not \(width)x\(height) RGB") }
        return Image(width: width, height: height, rgb: [UInt8](data))
    }
}
