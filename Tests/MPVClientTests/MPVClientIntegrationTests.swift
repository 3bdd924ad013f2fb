import Foundation
import MPVClient
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A started libmpv with no audio or video output (or the software renderer).
private func makePlayer(vo: String = "null") throws -> MPVHandle {
    setlocale(LC_NUMERIC, "C")
    let mpv = try MPVHandle()
    for (k, v) in [("vo", vo), ("ao", "null"), ("idle", "yes"), ("keep-open", "yes"), ("terminal", "no")] {
        try mpv.setOption(k, v)
    }
    try mpv.initialize()
    try mpv.requestLogMessages("error")
    try mpv.observeAll()
    return mpv
}

/// Waits up to `timeout` for an event `match` accepts; returns the events seen.
@discardableResult
private func waitFor(_ mpv: MPVHandle, timeout: Double = 10, _ match: (MPVEvent) -> Bool) -> [MPVEvent]? {
    let deadline = Deadline(in: timeout)
    var seen: [MPVEvent] = []
    while !deadline.hasPassed {
        guard let event = mpv.waitEvent(timeout: 0.2) else { continue }
        seen.append(event)
        if match(event) { return seen }
    }
    return nil
}

@Suite("libmpv wrapper against real libmpv", .serialized)
struct MPVClientIntegrationTests {
    @Test("a lavfi source starts with its own playlist entry id and restarts playback")
    func lavfiPlays() throws {
        let mpv = try makePlayer()
        defer { mpv.destroy() }
        let entry = try mpv.loadFile("av://lavfi:testsrc2=size=160x90:rate=25")
        #expect(entry > 0)
        let seen = try #require(waitFor(mpv) { $0 == .playbackRestart })
        #expect(seen.contains(.startFile(entryID: entry)))
        #expect(seen.contains(.fileLoaded))
    }

    @Test("an asynchronous loadfile replies with its entry id before the entry starts, also while another file plays; `ignore` (the no-op that waits for earlier requests) is a command")
    func asyncLoadReplies() throws {
        let mpv = try makePlayer()
        defer { mpv.destroy() }
        for userdata: UInt64 in [7, 8] {
            try mpv.loadFileAsync("av://lavfi:testsrc2=size=160x90:rate=25", userdata: userdata)
            let seen = try #require(waitFor(mpv) { $0 == .playbackRestart })
            let reply = seen.firstIndex { if case .commandReply(userdata, nil, let entry) = $0 { entry.map { $0 > 0 } ?? false } else { false } }
            let start = seen.firstIndex { if case .startFile = $0 { true } else { false } }
            #expect(reply != nil && start != nil && reply! < start!, "\(seen)")
        }
        try mpv.command(["ignore"])
    }

    @Test("a missing file ends with reason error and mpv's 'loading failed'")
    func missingFile() throws {
        let mpv = try makePlayer()
        defer { mpv.destroy() }
        let entry = try mpv.loadFile("/nonexistent/tvshell-test.mkv")
        var endFile: MPVEvent?
        var logged = ""
        waitFor(mpv) { event in
            if case .logMessage(_, _, let text) = event { logged += text }
            if case .endFile = event { endFile = event; return true }
            return false
        }
        guard case .endFile(let id, let reason, let error)? = endFile else {
            Issue.record("no END_FILE")
            return
        }
        waitFor(mpv, timeout: 2) { event in
            if case .logMessage(_, _, let text) = event { logged += text }
            return logged.contains("No such file or directory")
        }
        #expect(id == entry)
        #expect(reason == .error)
        #expect(error?.code == -13)
        #expect(error?.message == "loading failed")
        #expect(logged.contains("No such file or directory"))
    }

    @Test("an unknown lavfi filter fails with 'unrecognized file format'")
    func unknownFilter() throws {
        let mpv = try makePlayer()
        defer { mpv.destroy() }
        try mpv.loadFile("av://lavfi:nosuchfilter")
        var error: MPVError?
        waitFor(mpv) { event in
            if case .endFile(_, .error, let e) = event { error = e; return true }
            return false
        }
        #expect(error?.code == -17)
        #expect(error?.message == "unrecognized file format")
    }

    @Test("a bad option is a typed error naming the call and mpv's reason")
    func badOption() throws {
        setlocale(LC_NUMERIC, "C")
        let mpv = try MPVHandle()
        defer { mpv.destroy() }
        #expect(throws: MPVError(code: -5, call: "set option no-such-option=1")) {
            try mpv.setOption("no-such-option", "1")
        }
        do {
            try mpv.setOption("no-such-option", "1")
        } catch {
            #expect(error.message == "option not found")
        }
    }

    @Test("an exact seek in an H.264 clip lands on the target; observed properties report it")
    func exactSeek() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let mpv = try makePlayer()
        defer { mpv.destroy() }
        try mpv.setFlag("pause", true)
        try mpv.loadFile(clip)
        try #require(waitFor(mpv) { $0 == .playbackRestart } != nil)
        #expect(try mpv.double("duration") > 59.9)
        try mpv.command(["seek", "30.5", "absolute+exact"])
        try #require(waitFor(mpv) { $0 == .seek } != nil)
        var position: Double?
        try #require(waitFor(mpv) { event in
            if case .propertyChange(.timePos, .double(let p)) = event { position = p }
            return event == .playbackRestart
        } != nil)
        let now = try mpv.double("time-pos")
        #expect(abs(now - 30.5) < 0.05)
        if let position { #expect(abs(position - 30.5) < 0.05 || position < 1) }
    }

    @Test("the software renderer draws a frame of the right colours at the size asked")
    func softwareRender() throws {
        let mpv = try makePlayer(vo: "libmpv")
        var pipeFDs: [Int32] = [0, 0]
        #expect(pipe(&pipeFDs) == 0)
        defer { close(pipeFDs[0]); close(pipeFDs[1]) }
        let renderer = try MPVSoftwareRenderer(mpv: mpv, updateFD: pipeFDs[1])
        defer {
            renderer.free()
            mpv.destroy()
        }
        try mpv.loadFile("av://lavfi:color=c=0x3050D0:size=64x32:rate=10")
        let deadline = Deadline(in: 10)
        var rendered = false
        while !deadline.hasPassed && !rendered {
            _ = mpv.waitEvent(timeout: 0.05)
            if renderer.update() {
                try renderer.render(width: 40, height: 20)
                rendered = true
            }
        }
        try #require(rendered)
        #expect(renderer.width == 40 && renderer.height == 20 && renderer.stride % 64 == 0)
        let pixels = try #require(renderer.pixels).assumingMemoryBound(to: UInt8.self)
        let center = 10 * renderer.stride + 20 * 4
        let (r, g, b) = (Int(pixels[center]), Int(pixels[center + 1]), Int(pixels[center + 2]))
        #expect(abs(r - 0x30) < 12 && abs(g - 0x50) < 12 && abs(b - 0xD0) < 12, "got \(r),\(g),\(b)")
    }
}

@Suite("loadfile options", .serialized)
struct LoadFileOptionTests {
    @Test("per-file options reach mpv, commas in values included")
    func perFileOptions() throws {
        setlocale(LC_NUMERIC, "C")
        let mpv = try MPVHandle()
        defer { mpv.destroy() }
        for (k, v) in [("vo", "null"), ("ao", "null"), ("idle", "yes"), ("terminal", "no")] { try mpv.setOption(k, v) }
        try mpv.initialize()
        let agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
        try mpv.loadFile("av://lavfi:testsrc2=size=64x36:rate=5", options: ["user-agent": agent, "referrer": "http://example.invalid/a,b"])
        let deadline = Deadline(in: 10)
        var loaded = false
        while !loaded && !deadline.hasPassed {
            if mpv.waitEvent(timeout: 0.2) == .fileLoaded { loaded = true }
        }
        try #require(loaded)
        #expect(try mpv.string("user-agent") == agent)
        #expect(try mpv.string("referrer") == "http://example.invalid/a,b")
    }

    @Test("a string list's items keep their commas: http-header-fields reads back as the headers given")
    func stringList() throws {
        let mpv = try makePlayer()
        defer { mpv.destroy() }
        let headers = ["Accept: video/mp2t, */*", "Cookie: a=1,b=2", #"X-Path: C:\tv"#]
        #expect(MPVHandle.stringList(headers) == #"Accept: video/mp2t\, */*,Cookie: a=1\,b=2,X-Path: C:\tv"#)
        try mpv.setProperty("http-header-fields", MPVHandle.stringList(headers))
        #expect(try mpv.node("http-header-fields").array.compactMap(\.string) == headers)
    }
}
