import Foundation
import Testing
@testable import TerminalUI

/// Terminal answers to `TerminalProbe.queries` (with an object in shared
/// memory to read), recorded on this machine (`Tests/Fixtures/terminals`):
/// tmux 3.3a, xterm 379 (plain and with `-ti vt340`) and kitty 0.26.5, the
/// last two under Xvfb; kitty twice, once with the object missing, as it is
/// to a kitty on the far side of SSH. The Linux console's is transcribed
/// from vt.c's `VT102ID` (there is no console here).
private enum Recorded {
    private static func fixture(_ name: String) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/terminals/\(name).bin")
        return [UInt8]((try? Data(contentsOf: url)) ?? Data())
    }
    static var tmux: [UInt8] { fixture("tmux-3.3a") }
    static var xterm: [UInt8] { fixture("xterm-379") }
    static var xtermVT340: [UInt8] { fixture("xterm-379-vt340") }
    static var kitty: [UInt8] { fixture("kitty-0.26.5") }
    static var kittyRemote: [UInt8] { fixture("kitty-0.26.5-remote") }
    static let linuxConsole = Array("\u{1B}[?6c".utf8)
}

@Suite("Terminal capabilities")
struct CapabilityTests {
    @Test("tmux (recorded): answers DA1 itself, no sixel in 3.3a, swallows the kitty query: cells")
    func tmux() {
        let answers = Recorded.tmux
        #expect(answers == Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8), "the recording")
        let caps = TerminalCapabilities(answers: answers, environment: ["TMUX": "/tmp/tmux-0/default,123,0"])
        #expect(caps.answered && caps.tmux && !caps.kittyGraphics && !caps.sixel)
        #expect(caps.version == "tmux 3.3a")
        #expect(caps.graphics(for: .auto) == .cells)
        #expect(caps.graphics(for: .kitty) == .cells, "asking for kitty in tmux still falls back to cells")
    }

    @Test("inside tmux a kitty answer (passthrough of the outer terminal) is not trusted: images would land outside the pane")
    func tmuxPassthrough() {
        let caps = TerminalCapabilities(answers: Recorded.kitty, environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(!caps.kittyGraphics)
    }

    @Test("xterm (recorded): no sixel by default; with -ti vt340, DA1 lists 4 and sixel is used; no window-size answer, so the cell comes from the window's pixels")
    func xterm() {
        #expect(Recorded.xterm == Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c".utf8), "the recording")
        #expect(Recorded.xtermVT340 == Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8), "the recording")
        let plain = TerminalCapabilities(answers: Recorded.xterm, environment: [:])
        #expect(plain.answered && !plain.sixel && !plain.kittyGraphics && plain.version == "XTerm(379)")
        #expect(plain.graphics(for: .auto) == .cells)
        let vt340 = TerminalCapabilities(answers: Recorded.xtermVT340, environment: [:])
        #expect(vt340.sixel && vt340.graphics(for: .auto) == .sixel)
        #expect(vt340.cellPixels == nil, "xterm does not answer CSI 16 t unless allowWindowOps is set")
        #expect(PictureProtocol.choose(.auto, capabilities: vt340, windowPixels: (484, 316), columns: 80, rows: 24) == .sixel(cellWidth: 6, cellHeight: 13),
                "the 6×13 cells of xterm's default font, from TIOCGWINSZ's pixels")
    }

    @Test("kitty (recorded): the graphics query answers OK, so kitty images are used, through shared memory since kitty read the object; sixel can still be asked for and falls back")
    func kitty() {
        #expect(Recorded.kitty == Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;18;9t\u{1B}[?62;c".utf8), "the recording")
        let caps = TerminalCapabilities(answers: Recorded.kitty, environment: [:])
        #expect(caps.kittyGraphics && caps.kittySharedMemory && !caps.sixel && caps.version == "kitty(0.26.5)")
        #expect(caps.graphics(for: .auto) == .kitty)
        #expect(caps.graphics(for: .sixel) == .cells)
        #expect(caps.graphics(for: .cells) == .cells)
        let picture = PictureProtocol.choose(.auto, capabilities: caps, windowPixels: nil, columns: 100, rows: 30)
        #expect(picture == .kitty(cellWidth: 9, cellHeight: 18, sharedMemory: true) && picture.sharedMemory)
    }

    @Test("kitty that cannot open the object (recorded; a kitty across SSH): images, sent in the escapes")
    func kittyRemote() {
        let answers = String(decoding: Recorded.kittyRemote, as: UTF8.self)
        #expect(answers.hasPrefix("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;EBADF:") && answers.hasSuffix("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;18;9t\u{1B}[?62;c"),
                "the recording")
        let caps = TerminalCapabilities(answers: Recorded.kittyRemote, environment: [:])
        #expect(caps.kittyGraphics && !caps.kittySharedMemory)
        #expect(PictureProtocol.choose(.auto, capabilities: caps, windowPixels: nil, columns: 100, rows: 30) == .kitty(cellWidth: 9, cellHeight: 18))
        #expect(!TerminalCapabilities(answers: Recorded.kitty, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]).kittySharedMemory)
    }

    @Test("the probe's queries: kitty graphics, then the shared-memory query naming the object in base64, XTVERSION, cell size, DA1")
    func probeQueries() {
        let plain = String(decoding: TerminalProbe.queries(term: "xterm-kitty"), as: UTF8.self)
        #expect(plain == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[16t\u{1B}[c")
        let shared = String(decoding: TerminalProbe.queries(term: "xterm-kitty", sharedMemory: "/tvshell-4242-probe"), as: UTF8.self)
        #expect(shared == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}_Gi=32,s=1,v=1,a=q,t=s,f=24;L3R2c2hlbGwtNDI0Mi1wcm9iZQ==\u{1B}\\"
                + "\u{1B}[>0q\u{1B}[16t\u{1B}[c")
        #expect(TerminalProbe.queries(term: "linux", sharedMemory: "/x") == Array("\u{1B}[c".utf8))
        let tmux = String(decoding: TerminalProbe.queries(term: "tmux-direct", sharedMemory: "/x", insideTmux: true), as: UTF8.self)
        #expect(tmux == "\u{1B}[>0q\u{1B}[16t\u{1B}[c", "inside tmux no APC string, which tmux would take as the title")
    }

    @Test("the Linux console is asked DA1 alone (it would print the rest), answers VT102: cells")
    func linuxConsole() {
        #expect(TerminalProbe.queries(term: "linux") == Array("\u{1B}[c".utf8))
        #expect(TerminalProbe.queries(term: "dumb").isEmpty)
        #expect(TerminalProbe.queries(term: "xterm-256color").starts(with: Array("\u{1B}_G".utf8)))
        let caps = TerminalCapabilities(answers: Recorded.linuxConsole, environment: [:])
        #expect(caps.answered && !caps.sixel && !caps.kittyGraphics && caps.version == nil)
        #expect(caps.graphics(for: .auto) == .cells)
    }

    @Test("no answer at all (a pipe, a dead link) is cells; answers mixed with typed keys and split oddly still parse")
    func noisyAnswers() {
        #expect(TerminalCapabilities(answers: [], environment: [:]).graphics(for: .auto) == .cells)
        let noisy = Array("j".utf8) + Recorded.kitty.prefix(9) + Recorded.kitty.dropFirst(9) + Array("\u{1B}[A".utf8)
        #expect(TerminalCapabilities(answers: noisy, environment: [:]).kittyGraphics)
        let truncated = Array(Recorded.kitty.prefix(6))
        #expect(!TerminalCapabilities(answers: truncated, environment: [:]).kittyGraphics)
    }

    @Test("without a cell-size answer the window's pixel size gives it, else 10×20")
    func cellSize() {
        var caps = TerminalCapabilities(answers: Recorded.xtermVT340, environment: [:])
        caps.cellPixels = nil
        #expect(PictureProtocol.choose(.sixel, capabilities: caps, windowPixels: (800, 480), columns: 80, rows: 24) == .sixel(cellWidth: 10, cellHeight: 20))
        #expect(PictureProtocol.choose(.sixel, capabilities: caps, windowPixels: (0, 0), columns: 80, rows: 24) == .sixel(cellWidth: 10, cellHeight: 20))
        #expect(PictureProtocol.choose(.sixel, capabilities: caps, windowPixels: (1600, 960), columns: 80, rows: 24) == .sixel(cellWidth: 20, cellHeight: 40))
    }

    @Test("an answer cut by the probe's timeout is known to be unfinished, so the probe reads it to its end")
    func unfinishedAnswer() {
        let answer = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8)
        #expect(!TerminalProbe.endsInsideSequence(answer))
        for cut in [2, 6, 14, 20, 24, answer.count - 2] {
            #expect(TerminalProbe.endsInsideSequence(Array(answer[..<cut])), "cut after \(cut) bytes")
        }
        #expect(!TerminalProbe.endsInsideSequence(Array(answer[..<12])), "between two answers")
        #expect(!TerminalProbe.endsInsideSequence(Array(" typed".utf8)))
    }
}
