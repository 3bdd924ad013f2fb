// tvshell-fuzz: the decoders of outside input under libFuzzer.
//
// Built by `make fuzz` (scripts/fuzz.sh: AddressSanitizer, coverage, -DFUZZING,
// libFuzzer's driver linked in): TVSHELL_FUZZ_TARGET names the decoder
// (`FuzzTarget`), the arguments are libFuzzer's.
// Built plainly (`swift build`), it runs saved inputs once each:
//   tvshell-fuzz TARGET FILE…
import CFuzzer
import Foundation
import FuzzTargets

let targets = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")

#if FUZZING
guard let name = ProcessInfo.processInfo.environment["TVSHELL_FUZZ_TARGET"], let chosen = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("TVSHELL_FUZZ_TARGET must name one of: \(targets)\n".utf8))
    exit(2)
}
/// The decoder the callback runs (a C callback captures nothing).
nonisolated(unsafe) var target = chosen
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
})
#else
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
    print("usage: tvshell-fuzz TARGET FILE…  (targets: \(targets))")
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
