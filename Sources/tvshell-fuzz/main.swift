// tvshell-fuzz: the decoders of outside input under libFuzzer.
//
// Built by `make fuzz` with `-sanitize=fuzzer,address -DFUZZING` (libFuzzer's
// own `main` runs; this file's is renamed away): TVSHELL_FUZZ_TARGET names
// the decoder (`FuzzTarget`), the arguments are libFuzzer's.
// Built plainly (`swift build`), it runs saved inputs once each:
//   tvshell-fuzz TARGET FILE…
import Foundation
import FuzzTargets

#if FUZZING
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["TVSHELL_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("TVSHELL_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
    print("usage: tvshell-fuzz TARGET FILE…  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")))")
    exit(2)
}
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("\(path): cannot be read")
        exit(1)
    }
    let start = Date()
    data.withUnsafeBytes { target.run($0) }
    print("\(path): \(data.count) bytes, \(Int(Date().timeIntervalSince(start) * 1000)) ms")
}
#endif
