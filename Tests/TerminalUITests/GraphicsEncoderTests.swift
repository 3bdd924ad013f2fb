import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ShellProbes
import Testing
@testable import TerminalUI

private func scene(_ x: Int, _ y: Int) -> UInt32 {
    let r = UInt32(x * 255 / 63), g = UInt32(y * 255 / 29)
    let b: UInt32 = (x / 8 + y / 6) % 2 == 0 ? 0x20 : 0xC0
    return r << 16 | g << 8 | b
}

/// The RGB bytes a kitty transmission carries, its chunks' payloads joined.
private func kittyPayload(_ out: [UInt8]) throws -> Data {
    let text = String(decoding: out, as: UTF8.self)
    let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst().map { $0.components(separatedBy: "\u{1B}\\")[0] }
    let payload = chunks.map { String($0.split(separator: ";", maxSplits: 1).last ?? "") }.joined()
    return try #require(Data(base64Encoded: payload))
}

@Suite("Kitty and sixel images")
struct GraphicsEncoderTests {
    @Test("kitty: one a=T transmission under image id 1, in ≤4096-byte base64 chunks, m=1 until the last; the payload is the frame's RGB")
    func kitty() throws {
        let (w, h, stride) = (64, 30, 320)
        let frame = rgb0Image(width: w, height: h, stride: stride, scene).bytes
        let encoder = KittyImageEncoder()
        let out = frame.withUnsafeBytes { Array(encoder.encode(pixels: $0.baseAddress!, stride: stride, width: w, height: h, columns: 16, rows: 5)) }
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}7\u{1B}[1;1H\u{1B}_Ga=T,i=1,p=1,f=24,s=64,v=30,c=16,r=5,C=1,q=2,z=-1073741825,m=1;"))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
        let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst().map { $0.components(separatedBy: "\u{1B}\\")[0] }
        #expect(chunks.count == 2, "64×30×3 = 5760 bytes = 7680 base64: two chunks")
        for (i, chunk) in chunks.enumerated() {
            let parts = chunk.split(separator: ";", maxSplits: 1).map(String.init)
            #expect(parts[0].hasSuffix("m=\(i == chunks.count - 1 ? 0 : 1)"))
            #expect(parts[1].count <= 4096 && parts[1].count % 4 == 0)
        }
        let data = try kittyPayload(out)
        #expect(data.count == w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                let c = scene(x, y)
                #expect(data[i] == UInt8(c >> 16) && data[i + 1] == UInt8(c >> 8 & 0xFF) && data[i + 2] == UInt8(c & 0xFF), "pixel \(x),\(y)")
            }
        }
        #expect(String(decoding: KittyImageEncoder.delete, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")
    }

    @Test("kitty: the UI's panels are painted into the image, each pixel in the colour of the cell it is scaled into; clear cells keep the frame")
    func kittyUnderlay() throws {
        let (w, h, stride) = (64, 30, 256), (columns, rows) = (16, 5)
        let frame = rgb0Image(width: w, height: h, stride: stride, scene).bytes
        let bar: UInt32 = 0x1C1C22, badge: UInt32 = 0xE0E0E0
        var colours = Array(repeating: ImageUnderlay.clear, count: columns * rows)
        for x in 0..<columns { colours[4 * columns + x] = bar }
        colours[4 * columns + 2] = badge
        colours[1 * columns + 7] = badge
        let underlay = ImageUnderlay(columns: columns, rows: rows, colours: colours)
        let encoder = KittyImageEncoder()
        let out = frame.withUnsafeBytes { Array(encoder.encode(pixels: $0.baseAddress!, stride: stride, width: w, height: h, columns: columns, rows: rows, underlay: underlay)) }
        let data = try kittyPayload(out)
        #expect(data.count == w * h * 3)
        var painted = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                let cell = colours[(y / 6) * columns + x / 4]
                let c = cell == ImageUnderlay.clear ? scene(x, y) : cell
                if cell != ImageUnderlay.clear { painted += 1 }
                #expect(data[i] == UInt8(c >> 16) && data[i + 1] == UInt8(c >> 8 & 0xFF) && data[i + 2] == UInt8(c & 0xFF), "pixel \(x),\(y)")
            }
        }
        #expect(painted == 17 * 4 * 6, "the bar row and one more cell: 17 cells of 4×6 pixels")

        let other = frame.withUnsafeBytes {
            Array(encoder.encode(pixels: $0.baseAddress!, stride: stride, width: w, height: h, columns: columns + 1, rows: rows, underlay: underlay))
        }
        let unpainted = try kittyPayload(other)
        #expect((0..<(w * h)).allSatisfy { p in
            let c = scene(p % w, p / w)
            return unpainted[3 * p] == UInt8(c >> 16) && unpainted[3 * p + 1] == UInt8(c >> 8 & 0xFF) && unpainted[3 * p + 2] == UInt8(c & 0xFF)
        }, "an underlay for another grid is not applied")
    }

    @Test("kitty through shared memory: the escape names an object (t=s, S its size) holding the frame's RGB, panels painted; at most four objects wait, removeAll leaves none")
    func kittySharedMemory() throws {
        let (w, h, stride) = (64, 30, 256), (columns, rows) = (16, 5)
        let frame = rgb0Image(width: w, height: h, stride: stride, scene).bytes
        var colours = Array(repeating: ImageUnderlay.clear, count: columns * rows)
        for x in 0..<columns { colours[4 * columns + x] = 0x1C1C22 }
        let underlay = ImageUnderlay(columns: columns, rows: rows, colours: colours)
        let pid = 4_000_000 + getpid() % 100_000
        let memory = KittySharedMemory(pid: pid)
        defer { memory.removeAll() }
        let encoder = KittyImageEncoder()
        func send() -> String {
            frame.withUnsafeBytes {
                String(decoding: encoder.encode(pixels: $0.baseAddress!, stride: stride, width: w, height: h, columns: columns, rows: rows,
                                                underlay: underlay, sharedMemory: memory), as: UTF8.self)
            }
        }
        let text = send()
        let head = "\u{1B}7\u{1B}[1;1H\u{1B}_Ga=T,i=1,t=s,S=5760,p=1,f=24,s=64,v=30,c=16,r=5,C=1,q=2,z=-1073741825;"
        #expect(text.hasPrefix(head) && text.hasSuffix("\u{1B}\\\u{1B}8"), "\(text.debugDescription)")
        let encodedName = text.dropFirst(head.count).dropLast(4)
        let name = try #require(Data(base64Encoded: String(encodedName)).map { String(decoding: $0, as: UTF8.self) })
        #expect(name == "/tvshell-\(pid)-0")
        let data = try Data(contentsOf: URL(fileURLWithPath: "/dev/shm" + name))
        #expect(data.count == w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                let c = y / 6 == 4 ? 0x1C1C22 : scene(x, y)
                #expect(data[i] == UInt8(c >> 16) && data[i + 1] == UInt8(c >> 8 & 0xFF) && data[i + 2] == UInt8(c & 0xFF), "pixel \(x),\(y)")
            }
        }
        func waiting() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix("tvshell-\(pid)-") }.count
        }
        for _ in 0..<6 { _ = send() }
        #expect(waiting() == 4, "a frame nobody read is replaced four frames later")
        memory.removeAll()
        #expect(waiting() == 0)
    }

    @Test("sixel: libsixel's own decoder (sixel2png) reads the image back at its size, each pixel within one dither step of the frame")
    func sixelRoundTrip() throws {
        let decoder = try #require(["/usr/bin/sixel2png", "/usr/local/bin/sixel2png"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "sixel2png (libsixel-bin) is installed by scripts/install-deps.sh test")
        let (w, h, stride) = (64, 30, 256)
        let frame = rgb0Image(width: w, height: h, stride: stride, scene).bytes
        var encoder = SixelEncoder()
        let out = frame.withUnsafeBytes { Array(encoder.encode(pixels: $0.baseAddress!, stride: stride, width: w, height: h)) }
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}7\u{1B}[1;1H\u{1B}P0;1;0q\"1;1;64;30#0;2;0;0;0"))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
        let body = text.dropFirst(8).dropLast(2)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sixel-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let six = dir.appendingPathComponent("frame.six"), png = dir.appendingPathComponent("frame.png"), raw = dir.appendingPathComponent("frame.rgb")
        try Data(body.utf8).write(to: six)
        try run([decoder, "-i", six.path, "-o", png.path])
        try run(["ffmpeg", "-v", "error", "-y", "-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path])
        let decoded = try Data(contentsOf: raw)
        #expect(decoded.count == w * h * 3, "the image is 64×30")
        let levels = [0, 95, 135, 175, 215, 255]
        func bracket(_ v: Int) -> ClosedRange<Int> {
            let lo = levels.last { $0 <= v }!, hi = levels.first { $0 >= v }!
            return (lo - 3)...(hi + 3)
        }
        var blockError = 0.0, blocks = 0
        for y in 0..<h {
            for x in 0..<w {
                let c = scene(x, y), i = (y * w + x) * 3
                let source = [Int(c >> 16), Int(c >> 8 & 0xFF), Int(c & 0xFF)]
                let shown = [Int(decoded[i]), Int(decoded[i + 1]), Int(decoded[i + 2])]
                for k in 0..<3 { #expect(bracket(source[k]).contains(shown[k]), "pixel \(x),\(y) channel \(k): \(shown[k]) for \(source[k])") }
            }
        }
        for by in Swift.stride(from: 0, to: 28, by: 4) {
            for bx in Swift.stride(from: 0, to: 64, by: 4) {
                var sum = 0, shownSum = 0
                for y in by..<(by + 4) {
                    for x in bx..<(bx + 4) {
                        sum += Int(scene(x, y) >> 16)
                        shownSum += Int(decoded[(y * w + x) * 3])
                    }
                }
                blockError += abs(Double(sum - shownSum)) / 16
                blocks += 1
            }
        }
        #expect(blockError / Double(blocks) < 12, "dithered 4×4 blocks average close to the source (red ramp): \(blockError / Double(blocks))")
    }

    @Test("the frame writer sends what the terminal takes, keeps the rest, drops frames while busy, and finishes on demand")
    func frameWriter() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let writer = FrameWriter(path: "/proc/self/fd/\(fds[1])", fallback: -1)
        close(fds[1])
        let frame = [UInt8](repeating: 0x41, count: 200_000)
        let small = [UInt8](repeating: 0x42, count: 10)
        #expect(frame.withUnsafeBytes { writer.send($0) })
        #expect(writer.isBusy, "a pipe takes 64 KiB at most")
        #expect(!small.withUnsafeBytes { writer.send($0) }, "a frame while busy is dropped")
        #expect(writer.framesDropped == 1 && writer.framesSent == 1)
        let readEnd = fds[0]
        let received = Counter()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while received.value < 200_000 {
                let n = read(readEnd, &buffer, buffer.count)
                if n <= 0 { break }
                received.add(n)
            }
        }
        reader.start()
        writer.finish()
        #expect(!writer.isBusy)
        let deadline = Deadline(in: 5)
        while received.value < 200_000 && !deadline.hasPassed { usleep(1000) }
        usleep(20_000)
        #expect(received.value == 200_000, "the whole frame, once, nothing of the dropped one")
    }

    @Test("a frame's longest wait is the longest stretch the terminal took none of it: a stop shows, a slow link does not")
    func frameWriterWaits() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let now = Counter()
        let writer = FrameWriter(path: "/proc/self/fd/\(fds[1])", fallback: -1) { Double(now.value) / 1000 }
        close(fds[1])
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let frame = [UInt8](repeating: 0x41, count: 150_000)
        #expect(frame.withUnsafeBytes { writer.send($0) } && writer.isBusy)
        while writer.isBusy {
            now.add(300)
            _ = read(fds[0], &buffer, 4096)
            writer.resume()
        }
        #expect(abs(writer.longestWait - 0.3) < 1e-9, "a link taking 4 KiB every 0.3 s: the frame took seconds, no stretch over 0.3 s")
        while read(fds[0], &buffer, buffer.count) > 0 {}

        #expect(frame.withUnsafeBytes { writer.send($0) } && writer.isBusy)
        now.add(30_000)
        #expect(!writer.resume(), "nothing read: nothing taken")
        #expect(writer.longestWait == 0, "a resume that took nothing is no progress")
        while writer.isBusy {
            now.add(10)
            _ = read(fds[0], &buffer, buffer.count)
            writer.resume()
        }
        #expect(abs(writer.longestWait - 30.01) < 1e-9, "30 s stopped, then read")
        let small = [UInt8](repeating: 0x42, count: 10)
        #expect(small.withUnsafeBytes { writer.send($0) } && writer.longestWait == 0, "the next frame starts afresh")
    }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0].hasPrefix("/") ? arguments[0] : "/usr/bin/env")
        process.arguments = arguments[0].hasPrefix("/") ? Array(arguments.dropFirst()) : arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments.joined(separator: " "))")
    }
}

/// A count shared with a reader thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    var value: Int { lock.withLock { total } }
    func add(_ n: Int) { lock.withLock { total += n } }
}
