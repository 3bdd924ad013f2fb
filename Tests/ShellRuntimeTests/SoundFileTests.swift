import Foundation
import Logging
import ShellProbes
@testable import ShellRuntime
import Testing

@Suite("The volume kept for the next start")
struct SoundFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("beside the library; none before the first change; the newest of several changes is written, whole, into a folder made for it")
    func keep() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = SoundFile.path(library: base.appendingPathComponent("tvshell/library.sqlite3").path)
        #expect(path == base.appendingPathComponent("tvshell/sound.json").path)
        #expect(SoundFile.read(path).sound == nil && SoundFile.read(path).problem == nil, "nothing kept yet")
        let file = SoundFile(path: path, logger: Logger(label: "test"))
        for step in 0...10 { file.keep(SoundFile.Sound(volume: 1 - Double(step) * 0.05, muted: step == 10)) }
        file.flush()
        #expect(SoundFile.read(path).sound == SoundFile.Sound(volume: 0.5, muted: true))
        #expect(file.writes == 1, "eleven changes in a row (a held key): one write")
        file.keep(SoundFile.Sound(volume: 1.3, muted: false))
        file.flush()
        #expect(SoundFile.read(path).sound == SoundFile.Sound(volume: 1.3, muted: false))
    }

    @Test("a change is written by itself after the settling time, with the newest change made during it")
    func settles() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("sound.json").path
        let file = SoundFile(path: path, logger: Logger(label: "test"), settle: 1)
        let kept = ContinuousClock.now
        file.keep(SoundFile.Sound(volume: 0.9, muted: false))
        file.keep(SoundFile.Sound(volume: 0.8, muted: false))
        let deadline = Deadline(in: 10)
        while SoundFile.read(path).sound == nil && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.02) }
        // Measured, not looked at once: however late this thread runs, the file cannot be there before the settling time.
        #expect(kept.duration(to: .now) >= .seconds(1), "not written before the settling time")
        #expect(SoundFile.read(path).sound == SoundFile.Sound(volume: 0.8, muted: false))
        file.flush()
        #expect(file.writes == 1, "the flush found nothing left to write")
    }

    @Test("a file that is not a kept volume, or one out of libmpv's range, is not taken, and says why")
    func refused() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("sound.json").path
        for (text, why) in [("not json", "is not a kept volume"), (#"{"volume": 4, "muted": false}"#, "volume 4.0 is not between 0 and 1.3"),
                            (#"{"volume": 0.5}"#, "is not a kept volume")] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let read = SoundFile.read(path)
            #expect(read.sound == nil && read.problem?.contains(why) == true, "\(text): \(read.problem ?? "no problem")")
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(SoundFile.read(path).problem?.contains("cannot be read") == true, "a folder in its place")
    }
}

@Suite("The box's loudest volume ([sound] max_volume)")
struct MaxVolumeConfigTests {
    @Test("a volume in % from 0 to 130; anything else is a problem at its line, and no limit")
    func parses() {
        #expect(ShellConfigFile.parse("[sound]\nmax_volume = 80", path: "c.toml").maxVolume == 0.8)
        #expect(ShellConfigFile.parse("[sound]\nmax_volume = 62.5", path: "c.toml").maxVolume == 0.625)
        for (text, problem) in [("max_volume = 200", "c.toml:2: sound.max_volume: expected a volume in % from 0 to 130, such as 80"),
                                ("max_volume = \"loud\"", "c.toml:2: sound.max_volume: expected a volume in % from 0 to 130, such as 80"),
                                ("loudest = 80", "c.toml:2: sound.loudest: unknown setting; expected max_volume")] {
            let config = ShellConfigFile.parse("[sound]\n" + text, path: "c.toml")
            #expect(config.maxVolume == nil && config.problems.map(\.description) == [problem], "\(config.problems.map(\.description))")
        }
    }
}
