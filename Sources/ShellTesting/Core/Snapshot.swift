import Foundation
import ShellCore
import Testing

/// Golden snapshots of screens, stored beside the test file in
/// `__Snapshots__/NAME.txt`: the text, then the styles (a letter a cell,
/// `~` for video, with a legend of what each letter is), so a change of
/// colour or weight fails as surely as a change of text. A missing snapshot
/// is written and the test fails (so it is looked at once);
/// `RECORD_SNAPSHOTS=1` re-records on purpose.
public func assertSnapshot(
    _ screen: Screen, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = "size \(screen.width)x\(screen.height)\n" + screen.text() + "\n" + styleMap(screen)
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

/// The screen's styles as text: a legend line for each style used (in the
/// order met), then one row of letters a screen row.
func styleMap(_ screen: Screen) -> String {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&*+=?@^")
    var legend: [Style: Character] = [:]
    var order: [Style] = []
    var rows: [String] = []
    for y in 0..<screen.height {
        var row = ""
        for x in 0..<screen.width {
            let cell = screen[x, y]
            if cell.isVideo {
                row.append(cell.inset != nil ? "%" : "~")
                continue
            }
            if legend[cell.style] == nil {
                legend[cell.style] = order.count < letters.count ? letters[order.count] : "."
                order.append(cell.style)
            }
            row.append(legend[cell.style]!)
        }
        rows.append(row)
    }
    func describe(_ style: Style) -> String {
        var parts: [String] = []
        parts.append("fg " + (style.foreground.map(hex) ?? "default"))
        parts.append("bg " + (style.background.map(hex) ?? "default"))
        if style.bold { parts.append("bold") }
        if style.dim { parts.append("dim") }
        if style.reverse { parts.append("reverse") }
        return parts.joined(separator: " ")
    }
    func hex(_ rgb: RGB) -> String {
        "#" + [rgb.r, rgb.g, rgb.b].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
    let legendLines = order.map { "\(legend[$0]!) \(describe($0))" }
    return "styles\n" + (legendLines + rows).joined(separator: "\n") + "\n"
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
