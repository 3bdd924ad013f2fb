/// A dotted IPv4 address written out ("87.141.215.251"). Pure; any thread.
public enum IPv4Literal {
    /// Whether `text` is four numbers from 0 to 255, dotted.
    public static func matches(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
        }
    }
}
