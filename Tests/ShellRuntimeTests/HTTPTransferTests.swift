import Foundation
import ShellProbes
@testable import ShellRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `HTTPTransfer`, libcurl's easy interface, against real HTTP servers that
/// redirect, compress, keep connections, stall and trickle.
@Suite("An HTTP transfer")
struct HTTPTransferTests {
    /// Glibc's RUSAGE_THREAD, which Swift does not import: the calling thread's use.
    private static let rusageThread = __rusage_who_t(1)

    /// The body a transfer gave on, and how it ended.
    private func fetch(_ url: String, headers: [String: String] = [:], idle: Double = 10, whole: Double? = nil,
                       cancelled: @escaping () -> Bool = { false }) -> (answer: HTTPTransfer.Answer?, body: Data, ended: HTTPTransfer.Ended) {
        var answer: HTTPTransfer.Answer?
        var body = Data()
        let ended = HTTPTransfer(url: url, headers: headers, idleTimeout: idle, wholeTimeout: whole).run(
            answered: { answer = $0; return true }, received: { body.append(contentsOf: $0); return true }, cancelled: cancelled)
        return (answer, body, ended)
    }

    @Test("a redirect is followed to the answer: its status, length and validators are given, its gzip body decoded")
    func redirectAndGzip() throws {
        let plain = Data(String(repeating: "#EXTINF:-1,News\nhttp://tv.example/news.m3u8\n", count: 200).utf8)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try plain.write(to: scratch.appendingPathComponent("l"))
        #expect(try Spawn.run(["/bin/sh", "-c", "gzip -c '\(scratch.path)/l' > '\(scratch.path)/l.gz'"]).status == 0)
        let packed = try Data(contentsOf: scratch.appendingPathComponent("l.gz"))
        let server = try ScriptedHTTPServer { request in
            request.target == "/old"
                ? .init(status: "302 Found", fields: ["Location: /new"], body: Data("moved".utf8))
                : .init(fields: ["Content-Encoding: gzip", "ETag: \"v1\"", "Last-Modified: Sat, 05 Dec 2026 03:00:00 GMT"], body: packed)
        }
        defer { server.stop() }
        let (answer, body, ended) = fetch(server.url("old"))
        let expected = HTTPTransfer.Answer(status: 200, length: Int64(packed.count), etag: "\"v1\"", lastModified: "Sat, 05 Dec 2026 03:00:00 GMT",
                                           encoding: "gzip")
        #expect(ended == .completed(expected))
        #expect(expected.encoded && expected.decodedLength == nil, "the length is the compressed body's")
        #expect(answer == expected, "the redirect's answer was given, not the last one")
        #expect(body == plain, "the redirect's body or the compressed bytes were given on")
        #expect(server.requests.map(\.target) == ["/old", "/new"])
        #expect(server.requests.allSatisfy { $0.fields["user-agent"] == "tvshell/\(ShellVersion.current)" })
        #expect(server.requests.allSatisfy { $0.fields["accept-encoding"]?.contains("gzip") == true })
    }

    @Test("transfers one after another to one server share one connection")
    func connectionKept() throws {
        let server = try ScriptedHTTPServer { .init(body: Data($0.target.utf8)) }
        defer { server.stop() }
        for path in ["a", "b", "c"] {
            #expect(fetch(server.url(path)).body == Data("/\(path)".utf8))
        }
        #expect(server.connections == 1, "each transfer connected again")
    }

    @Test("a redirect to a file or another scheme is refused; a header with a line break in it is not sent")
    func nothingButHTTP() throws {
        let server = try ScriptedHTTPServer { request in
            request.target == "/file" ? .init(status: "302 Found", fields: ["Location: file:///etc/passwd"])
                : request.target == "/ftp" ? .init(status: "302 Found", fields: ["Location: ftp://127.0.0.1/x"]) : .init(body: Data("ok".utf8))
        }
        defer { server.stop() }
        for path in ["file", "ftp"] {
            let (_, body, ended) = fetch(server.url(path))
            #expect(ended == .failed("not an http or https address (or redirected to one)"))
            #expect(body.isEmpty)
        }
        let (_, body, ended) = fetch(server.url("ok"), headers: ["X-Kept": "yes", "X-Smuggled": "a\r\nInjected: yes"])
        #expect(ended == .completed(.init(status: 200, length: 2)) && body == Data("ok".utf8))
        let asked = try #require(server.requests.last)
        #expect(asked.fields["x-kept"] == "yes")
        #expect(asked.fields["injected"] == nil && asked.fields["x-smuggled"] == nil)
    }

    @Test("no byte for the idle time ends the transfer with the bytes so far; so does the whole time, and being cancelled")
    func bounds() throws {
        let server = try ScriptedHTTPServer { request in
            switch request.target {
            case "/stall": .init(pieces: [Data(repeating: 65, count: 10), Data(repeating: 66, count: 10)], pause: 5)
            default: .init(pieces: Array(repeating: Data("x".utf8), count: 40), pause: 0.1)
            }
        }
        defer { server.stop() }
        var began = Date()
        var result = fetch(server.url("stall"), idle: 1)
        #expect(result.ended == .timedOut(idle: true, bytes: 10) && result.body.count == 10)
        #expect(Date().timeIntervalSince(began) < 4, "the idle time was not kept")

        began = Date()
        result = fetch(server.url("trickle"), idle: 1, whole: 1)
        #expect(result.ended == .timedOut(idle: false, bytes: Int64(result.body.count)))
        #expect((1..<40).contains(result.body.count) && Date().timeIntervalSince(began) < 3.5)

        began = Date()
        result = fetch(server.url("trickle"), idle: 10) { Date().timeIntervalSince(began) > 0.5 }
        #expect(result.ended == .stopped && Date().timeIntervalSince(began) < 2.5, "cancelling waited for the end")
    }

    @Test("a closed port: the connection was refused; a server that closes without answering says so")
    func failures() throws {
        let gone = try ScriptedHTTPServer { _ in .init() }
        gone.stop()
        #expect(fetch(gone.url("x"), idle: 5).ended == .failed("the connection was refused"))

        let closer = try ScriptedHTTPServer { _ in .hangUp }
        defer { closer.stop() }
        #expect(fetch(closer.url("x"), idle: 5).ended == .failed("the server closed the connection without an answer"))
    }

    @Test("https to a server whose certificate nothing vouches for: the secure connection failed, nothing given on")
    func untrustedCertificate() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let made = try Spawn.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                                  "-keyout", scratch.path + "/key.pem", "-out", scratch.path + "/cert.pem"])
        try #require(made.status == 0, "\(made.output)")
        let port = try ScriptedHTTPServer { _ in .init() }
        port.stop()
        let server = try Spawn.start(["openssl", "s_server", "-accept", "\(port.port)", "-cert", scratch.path + "/cert.pem",
                                      "-key", scratch.path + "/key.pem", "-www", "-quiet"])
        defer { _ = Spawn.terminate(server) }
        var result = fetch("https://127.0.0.1:\(port.port)/", idle: 5)
        for _ in 0..<50 where result.ended == .failed("the connection was refused") {
            usleep(100_000)
            result = fetch("https://127.0.0.1:\(port.port)/", idle: 5)
        }
        #expect(result.ended == .failed("the secure connection failed (certificate?)"))
        #expect(result.body.isEmpty && result.answer == nil)
    }

    @Test("an answer that trickles in for 2 s costs the transferring thread well under a tenth of that in CPU")
    func trickleIsCheap() throws {
        let server = try ScriptedHTTPServer { _ in .init(pieces: Array(repeating: Data(repeating: 35, count: 50), count: 40), pause: 0.05) }
        defer { server.stop() }
        func threadCPU() -> Double {
            var usage = rusage()
            getrusage(Self.rusageThread, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        let before = threadCPU()
        let began = Date()
        let result = fetch(server.url("slow"))
        let cpu = threadCPU() - before
        #expect(result.body.count == 2000 && Date().timeIntervalSince(began) >= 1.9)
        #expect(cpu < 0.2, "\(cpu) s of CPU for a 2 s trickle")
    }
}
