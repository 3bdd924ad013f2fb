import Foundation
import Testing

/// Each piece of shared state has one feature that writes it: the
/// destination (navigation) and what plays (playback). Other features ask
/// the owner (`NavigationReducer.go`, the requests of `PlaybackReducer`).
/// These read the core's sources and fail on a write anywhere else.
@Suite("One writer for shared state")
struct OwnershipTests {
    static let core: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ShellCore")

    /// (path under Sources/ShellCore, line number, line) of every source line.
    static func lines() throws -> [(path: String, number: Int, text: String)] {
        let files = FileManager.default.enumerator(atPath: core.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        return try files.flatMap { path in
            try String(contentsOf: core.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { (path, $0.offset + 1, String($0.element)) }
        }
    }

    /// Lines that write `field` of `ShellState` (assignment, compound
    /// assignment, a mutating call on it or an `inout` of it).
    static func writers(of field: String) throws -> [String] {
        let pattern = try Regex(#"state\."# + field + #"(\.[A-Za-z]+)*\s*(=[^=]|\+=|-=)|&state\."# + field + #"\b|state\."# + field + #"\.[A-Za-z]+\.(append|remove|insert)"#)
        return try lines().filter { !$0.text.trimmingCharacters(in: .whitespaces).hasPrefix("//") && $0.text.contains(pattern) }
            .map { "\($0.path):\($0.number): \($0.text.trimmingCharacters(in: .whitespaces))" }
    }

    @Test("the destination is written in the navigation feature only")
    func destination() throws {
        let outside = try Self.writers(of: "navigation.destination").filter { !$0.hasPrefix("Navigation/") }
        #expect(outside.isEmpty, "destination written outside Navigation/:\n\(outside.joined(separator: "\n"))")
        #expect(try !Self.writers(of: "navigation.destination").isEmpty, "the pattern finds navigation's own writes")
    }

    @Test("what plays is written in the playback feature only")
    func playback() throws {
        let outside = try Self.writers(of: "playback").filter { !$0.hasPrefix("Playback/") }
        #expect(outside.isEmpty, "playback written outside Playback/:\n\(outside.joined(separator: "\n"))")
        #expect(try Self.writers(of: "playback").count > 20, "the pattern finds playback's own writes")
    }

    @Test("which item plays is written in the playback feature only")
    func current() throws {
        let outside = try Self.writers(of: "current").filter { !$0.hasPrefix("Playback/") }
        #expect(outside.isEmpty, "current written outside Playback/:\n\(outside.joined(separator: "\n"))")
        #expect(try !Self.writers(of: "current").isEmpty, "the pattern finds playback's own writes")
    }
}
