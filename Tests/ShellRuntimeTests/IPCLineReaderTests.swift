import ShellProbes
import Testing
@testable import ShellRuntime

@Suite("IPC request lines")
struct IPCLineReaderTests {
    private func lines(of stream: [UInt8], chunks: [Int], limit: Int) -> [IPCLineReader.Line] {
        var reader = IPCLineReader(limit: limit)
        var found: [IPCLineReader.Line] = []
        var offset = 0
        for size in chunks where offset < stream.count {
            let end = min(stream.count, offset + size)
            stream[offset..<end].withUnsafeBytes { reader.append($0) }
            offset = end
            while let line = reader.next() { found.append(line) }
            #expect(reader.bufferedBytes <= limit)
        }
        return found
    }

    @Test("however the bytes are split, the same lines come out; over-long ones once each, with their length", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func splitsAnyWay(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let parts: [[UInt8]] = (0..<40).map { _ in
            [UInt8](repeating: UInt8(ascii: "a"), count: Int.random(in: 0...40, using: &rng))
        }
        let stream: [UInt8] = parts.flatMap { part -> [UInt8] in part + [10] }
        let expected: [IPCLineReader.Line] = parts.map { $0.count > 16 ? .tooLong($0.count) : .request($0) }
        var chunks: [Int] = []
        while chunks.reduce(0, +) < stream.count { chunks.append(Int.random(in: 1...50, using: &rng)) }
        #expect(lines(of: stream, chunks: chunks, limit: 16) == expected, "seed \(seed)")
    }

    @Test("an unfinished line is held, not handed out; CR before the newline is kept for the decoder")
    func holdsUnfinished() {
        var reader = IPCLineReader(limit: 64)
        Array("{\"a\":1}\r\n{\"b\"".utf8).withUnsafeBytes { reader.append($0) }
        #expect(reader.next() == .request(Array("{\"a\":1}\r".utf8)))
        #expect(reader.next() == nil && !reader.hasLine && reader.bufferedBytes == 4)
    }

    @Test("request lines decode: blanks ignored, CR dropped, bad UTF-8 and JSON told apart, the id kept with a bad command")
    func decodes() {
        func message(_ text: [UInt8]) -> String? {
            if case .invalid(_, let message) = IPCRequestLine.decode(text) { message } else { nil }
        }
        if case .blank = IPCRequestLine.decode(Array(" \t\r".utf8)) {} else { Issue.record("blank line") }
        if case .request(let id, let command) = IPCRequestLine.decode(Array("{\"command\":[\"quit\"],\"request_id\":7}\r".utf8)) {
            #expect(id as? Int == 7 && command as? [String] == ["quit"])
        } else {
            Issue.record("a request")
        }
        #expect(message([0x7B, 0xFF, 0x7D]) == "invalid request: not UTF-8 text")
        #expect(message(Array("[1]".utf8)) == "invalid JSON: expected an object with a \"command\" array")
        if case .invalid(let id, let text) = IPCRequestLine.decode(Array("{\"command\":[],\"request_id\":\"x\"}".utf8)) {
            #expect(id as? String == "x" && text == "invalid parameter: \"command\" must be a non-empty array")
        } else {
            Issue.record("an empty command")
        }
    }
}
