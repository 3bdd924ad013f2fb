import Foundation
import ShellView
import Testing

/// Golden text snapshots of screens, stored beside the test file in
/// `__Snapshots__/NAME.txt`. A missing snapshot is written and the test fails
/// (so it is looked at once); `RECORD_SNAPSHOTS=1` re-records on purpose.
public func assertSnapshot(
    _ screen: Screen, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = "size \(screen.width)x\(screen.height)\n" + screen.text() + "\n"
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if !record, let expected = try? String(contentsOf: file, encoding: .utf8) {
        if expected != actual {
            Issue.record("snapshot \(name) differs.\n--- expected\n\(expected)--- actual\n\(actual)", sourceLocation: sourceLocation)
        }
        return
    }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    if !record {
        Issue.record("no snapshot \(name) yet: recorded \(file.path); check it and run again", sourceLocation: sourceLocation)
    }
}
