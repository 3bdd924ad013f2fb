/// Windows-1252, the text of files made on Windows that are not UTF-8
/// (a playlist Winamp saved, a file name from an old share): Latin-1 but
/// for 0x80–0x9F, which hold €, curly quotes, dashes (“Don’t”); the five
/// bytes it leaves undefined are Latin-1's. Pure; any thread.
public enum Windows1252 {
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The character `byte` stands for.
    public static func scalar(_ byte: UInt8) -> Unicode.Scalar {
        let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// `bytes` as text.
    public static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes { text.unicodeScalars.append(scalar(byte)) }
        return text
    }
}
