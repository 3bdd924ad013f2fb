import Foundation
import ShellProbes
import TerminalUI

/// What the blitter's colour tolerance buys and costs, on the decoded
/// frames of the bench clips at 160×96 pixels: bytes per frame against the
/// perceptual error (CIE76 ΔE; about 2.3 is a just noticeable difference).
/// This is how `VideoBlitter.defaultTolerance` was chosen.
enum QuantisationBenchmark {
    struct Row {
        let tolerance: Int
        let bytesPerFrame: Double
        let meanDeltaE: Double
        let p99DeltaE: Double
    }

    static let tolerances = [0, 2, 3, 4, 5, 6, 8, 12]

    static func report() throws {
        print("\n== colour tolerance: bytes against error (decoded frames, 160x48 half blocks, direct colour; ΔE 2.3 ≈ just noticeable), and encoding cost")
        var invisible = Set(tolerances)
        for source in ["testsrc2", "mandelbrot"] {
            let frames = try decodedFrames(try TestMedia.hdClip(source), width: 160, height: 96, count: 90)
            for row in tolerances.map({ measure(frames, width: 160, height: 96, tolerance: $0) }) {
                let mark = row.tolerance == VideoBlitter.defaultTolerance ? "  ← default" : ""
                print("  \(source) tolerance \(row.tolerance): \(fixed(row.bytesPerFrame / 1024)) KB/frame, ΔE mean \(fixed(row.meanDeltaE)), p99 \(fixed(row.p99DeltaE))\(mark)")
                if row.meanDeltaE >= 1 { invisible.remove(row.tolerance) }
            }
        }
        try reportEncoders()
        let best = invisible.filter { t in tolerances.allSatisfy { $0 > t || invisible.contains($0) } }.max() ?? 0
        print("  largest tolerance with mean ΔE < 1 on both clips: \(best) (default \(VideoBlitter.defaultTolerance))")
    }

    /// CPU time to encode one mandelbrot frame for each picture (the
    /// terminal's share of the work; decoding and scaling are libmpv's).
    static func reportEncoders() throws {
        let clip = try TestMedia.hdClip("mandelbrot")
        func timed(_ label: String, width: Int, height: Int, _ encode: (UnsafeRawPointer, Int) -> Int) throws {
            let frames = try decodedFrames(clip, width: width, height: height, count: 60)
            var bytes = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for frame in frames { bytes += frame.withUnsafeBytes { encode($0.baseAddress!, width * 4) } }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames.count)
            print("  encode \(label): \(fixed(ms)) ms/frame, \(fixed(Double(bytes) / Double(frames.count) / 1024)) KB/frame")
        }
        for shape in CellShape.allCases {
            var blitter = VideoBlitter(mode: .direct, shape: shape)
            let (w, h) = blitter.pixelSize(columns: 160, rows: 48)
            try timed("160x48 \(shape.rawValue) cells", width: w, height: h) { blitter.encode(pixels: $0, stride: $1, columns: 160, rows: 48).count }
        }
        var palette = VideoBlitter(mode: .palette256)
        try timed("160x48 half cells, 256 colours dithered", width: 160, height: 96) { palette.encode(pixels: $0, stride: $1, columns: 160, rows: 48).count }
        let kitty = KittyImageEncoder()
        try timed("kitty image 640x384", width: 640, height: 384) { kitty.encode(pixels: $0, stride: $1, width: 640, height: 384, columns: 80, rows: 24).count }
        var sixel = SixelEncoder()
        try timed("sixel image 800x460", width: 800, height: 460) { sixel.encode(pixels: $0, stride: $1, width: 800, height: 460).count }
    }

    /// `count` frames of `clip` scaled to `width`×`height` rgb0, by ffmpeg.
    static func decodedFrames(_ clip: String, width: Int, height: Int, count: Int) throws -> [[UInt8]] {
        let raw = TVShellBinary.scratchDirectory("bench-frames").appendingPathComponent("frames.rgb0").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let result = try Spawn.run(["ffmpeg", "-v", "error", "-y", "-i", clip, "-vf", "scale=\(width):\(height):flags=bilinear",
                                    "-pix_fmt", "rgb0", "-frames:v", String(count), "-f", "rawvideo", raw])
        guard result.status == 0, let data = FileManager.default.contents(atPath: raw) else {
            throw SpawnError(message: "ffmpeg could not decode \(clip): \(result.output)")
        }
        let size = width * height * 4
        return stride(from: 0, to: data.count - size + 1, by: size).map { [UInt8](data[$0..<($0 + size)]) }
    }

    static func measure(_ frames: [[UInt8]], width: Int, height: Int, tolerance: Int) -> Row {
        var blitter = VideoBlitter(mode: .direct, tolerance: tolerance)
        var bytes = 0
        var errors: [Double] = []
        for (n, frame) in frames.enumerated() {
            bytes += frame.withUnsafeBytes { blitter.encode(pixels: $0.baseAddress!, stride: width * 4, columns: width, rows: height / 2).count }
            guard n % 10 == 9 else { continue }
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let source = UInt32(frame[i]) << 16 | UInt32(frame[i + 1]) << 8 | UInt32(frame[i + 2])
                    errors.append(deltaE(source, blitter.shownPixel(x: x, y: y) ?? 0))
                }
            }
        }
        errors.sort()
        return Row(tolerance: tolerance, bytesPerFrame: Double(bytes) / Double(frames.count),
                   meanDeltaE: errors.reduce(0, +) / Double(errors.count), p99DeltaE: errors[errors.count * 99 / 100])
    }

    /// CIE76 colour difference between two sRGB colours.
    static func deltaE(_ a: UInt32, _ b: UInt32) -> Double {
        let la = lab(a), lb = lab(b)
        return ((la.0 - lb.0) * (la.0 - lb.0) + (la.1 - lb.1) * (la.1 - lb.1) + (la.2 - lb.2) * (la.2 - lb.2)).squareRoot()
    }

    private static func lab(_ c: UInt32) -> (Double, Double, Double) {
        func linear(_ v: UInt32) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(c >> 16 & 0xFF), g = linear(c >> 8 & 0xFF), b = linear(c & 0xFF)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
