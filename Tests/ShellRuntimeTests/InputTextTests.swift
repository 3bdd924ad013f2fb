import Foundation
import Testing
@testable import ShellRuntime

@Suite("A lineup's bytes as text")
struct InputTextTests {
    @Test("UTF-8 as it is, a BOM kept for the parser")
    func utf8() {
        #expect(InputLoader.text(Data("#EXTM3U\nÉcran ✓\n".utf8)) == "#EXTM3U\nÉcran ✓\n")
        #expect(InputLoader.text(Data([0xEF, 0xBB, 0xBF] + Array("#EXTM3U".utf8))) == "\u{FEFF}#EXTM3U")
        #expect(InputLoader.text(Data()) == "")
    }

    @Test("not UTF-8: Latin-1, every byte the character of its code point, as Foundation decodes it")
    func latin1() {
        #expect(InputLoader.text(Data([0x63, 0x61, 0x66, 0xE9, 0x0A])) == "café\n")
        let every = Data((0...255).map { UInt8($0) })
        let decoded = InputLoader.text(every)
        #expect(decoded.unicodeScalars.map(\.value) == (0...255).map { UInt32($0) })
        #expect(decoded == String(data: every, encoding: .isoLatin1))
    }
}
