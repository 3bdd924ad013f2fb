import Foundation
import MediaModel

/// `NAME.segments.json` beside a local file:
/// `[{"kind": "intro", "start": 12.0, "end": 71.5}]`. A broken file is
/// refused whole, naming its line and key. Pure (the caller reads the file).
public enum SegmentsSidecar {
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let line: Int
        public let key: String?
        public let message: String
        public var description: String { "\(path):\(line)\(key.map { ": \($0)" } ?? ""): \(message)" }

        public init(path: String, line: Int, key: String?, message: String) {
            self.path = path
            self.line = line
            self.key = key
            self.message = message
        }
    }

    /// The sidecar's path for a local `file` (nil for URLs and lavfi sources).
    /// Made from the path's text alone, with no look at the disk.
    public static func path(for file: String) -> String? {
        guard !file.contains("://") else { return nil }
        return (file as NSString).deletingPathExtension + ".segments.json"
    }

    public static func parse(_ text: String, path: String) throws(Problem) -> [Segment] {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw Problem(path: path, line: Self.errorLine(error) ?? 1, key: nil, message: "not JSON: expected a list like [{\"kind\": \"intro\", \"start\": 12, \"end\": 71.5}]")
        }
        guard let list = value as? [Any] else { throw Problem(path: path, line: 1, key: nil, message: "expected a list of segments") }
        let lines = objectLines(text)
        var segments: [Segment] = []
        for (index, entry) in list.enumerated() {
            let line = index < lines.count ? lines[index] : 1
            guard let object = entry as? [String: Any] else { throw Problem(path: path, line: line, key: nil, message: "expected an object with kind, start and end") }
            guard let name = object["kind"] as? String, let kind = Segment.Kind(rawValue: name.lowercased()) else {
                throw Problem(path: path, line: line, key: "kind", message: "expected one of \(Segment.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let start = (object["start"] as? NSNumber)?.doubleValue, start >= 0 else {
                throw Problem(path: path, line: line, key: "start", message: "expected seconds from the start (0 or more)")
            }
            guard let end = (object["end"] as? NSNumber)?.doubleValue, end > start else {
                throw Problem(path: path, line: line, key: "end", message: "expected seconds after start")
            }
            guard end <= Segment.latest else {
                throw Problem(path: path, line: line, key: "end", message: "expected seconds within the video (at most \(Int(Segment.latest)))")
            }
            segments.append(Segment(kind: kind, start: start, end: end, source: .sidecar))
        }
        return segments
    }

    /// The line each top-level object of the list begins on.
    private static func objectLines(_ text: String) -> [Int] {
        var lines: [Int] = [], line = 1, depth = 0, inString = false, escaped = false
        for c in text {
            if c == "\n" { line += 1 }
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "[", "{":
                if c == "{" && depth == 1 { lines.append(line) }
                depth += 1
            case "]", "}": depth -= 1
            default: break
            }
        }
        return lines
    }

    /// The line Foundation's JSON error names, when it does.
    private static func errorLine(_ error: Error) -> Int? {
        let text = "\(error)"
        guard let range = text.range(of: #"line (\d+)"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst(5))
    }
}
