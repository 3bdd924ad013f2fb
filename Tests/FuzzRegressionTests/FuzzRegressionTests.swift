import Foundation
import FuzzTargets
import ShellProbes
import Testing

/// Every saved fuzz input (`Inputs/TARGET/…`: the seeds `make fuzz` starts
/// from and every crash, hang or sanitizer report it found, kept after the
/// fix) is decoded again here, by the same `FuzzTarget` the fuzzer drives.
@Suite("Saved fuzz inputs decode without crashing or hanging")
struct FuzzRegressionTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

    /// A generous bound for one input in a debug build (the fuzzer's is
    /// 1 s in release).
    static let slowInput: Double = 5

    @Test("each saved input", arguments: FuzzTarget.allCases)
    func savedInputs(target: FuzzTarget) throws {
        let folder = Self.inputs.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!names.isEmpty, "no saved inputs for \(target.rawValue)")
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let start = Stopwatch()
            data.withUnsafeBytes { target.run($0) }
            let seconds = start.elapsed
            #expect(seconds < Self.slowInput, "\(target.rawValue)/\(name) took \(seconds) s")
        }
    }
}
