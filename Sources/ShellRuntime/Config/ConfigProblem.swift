/// Something wrong in a config or lircrc file: where, and what. The entry is
/// skipped and its default kept; the shell says so and runs on.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var key: String?
    public var message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? "")\(key.map { ": \($0)" } ?? ""): \(message)"
    }
}
