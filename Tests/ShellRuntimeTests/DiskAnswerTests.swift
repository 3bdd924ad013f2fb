import Foundation
@testable import ShellRuntime
import Testing

@Suite("A read of a disk or share that may never answer")
struct DiskAnswerTests {
    @Test("a read that answers is waited for; one quiet for the time given is given up, not waited for; one that keeps answering is waited for however long it takes")
    func quietReadsAreGivenUp() {
        #expect(DiskAnswer.read(within: 5) { _ in 42 } == 42)

        let quiet = ContinuousClock.now
        #expect(DiskAnswer.read(within: 0.3) { _ in Thread.sleep(forTimeInterval: 5); return 1 } == nil)
        #expect(ContinuousClock.now - quiet >= .milliseconds(300), "not before the time given (nil: given up before the read's 5 s)")

        let walk = DiskAnswer.read(within: 1) { answered in
            for _ in 0..<20 {
                Thread.sleep(forTimeInterval: 0.1)
                answered()
            }
            return "walked"
        }
        #expect(walk == "walked", "2 s of a walk answering every 0.1 s, waited for past the 1 s")
    }

    @Test("a path given at a start: a directory's media, something else, nothing there, or a URL, with no disk read")
    func looks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("disk-answer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("Film.mkv").path
        #expect(FileManager.default.createFile(atPath: film, contents: Data([0])))
        #expect(MediaFolder.look(at: dir.path, within: 5) == .success(.directory(.success([film]))))
        #expect(MediaFolder.look(at: film, within: 5) == .success(.other))
        #expect(MediaFolder.look(at: dir.path + "/gone", within: 5) == .success(.missing))
        #expect(MediaFolder.look(at: "http://nas.example/film.mkv", within: 5) == .success(.other))
        #expect(MediaFolder.Problem.notAnswering("/mnt/nas", seconds: 10).description
            == "/mnt/nas: does not answer (nothing in 10 s: a network share whose server is down, or a failing disk?)")
    }
}
