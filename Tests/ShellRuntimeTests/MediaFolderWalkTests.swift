import Foundation
@testable import ShellRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("A directory's walk for its media files")
struct MediaFolderWalkTests {
    private func tree(_ paths: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        for path in paths {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([0]).write(to: file)
        }
        return root
    }

    @Test("hidden files and folders are left out and not gone into; folders' files are sorted as a person sorts them")
    func hidden() throws {
        let root = try tree(["Show/Show.S01E10.mkv", "Show/Show.S01E02.mkv", ".hidden/secret.mkv", "Show/.trash/old.mkv", "Show/.partial.mkv",
                             "Film (2011).mp4", "notes.txt"])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try MediaFolder.files(in: root.path).get()
        #expect(files.map { String($0.dropFirst(root.path.count + 1)) } == ["Film (2011).mp4", "Show/Show.S01E02.mkv", "Show/Show.S01E10.mkv"])
    }

    /// Makes the file `name` (bytes, maybe not UTF-8) in `folder`.
    private func make(_ name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        try #require(fd >= 0)
        close(fd)
    }

    @Test("names that are not UTF-8 (Latin-1 from an old share or stick) come as file:// URLs of their bytes, in a folder so named too; UTF-8 names as paths")
    func bytesNamed() throws {
        let root = try tree(["Film.mkv"])
        defer { try? FileManager.default.removeItem(at: root) }
        try make(Array("Caf".utf8) + [0xE9] + Array(".mkv".utf8), in: root)
        let folder = Array("Fran".utf8) + [0xE7] + Array("ais".utf8)
        try #require(mkdir((Array(root.path.utf8) + [UInt8(ascii: "/")] + folder).map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
        try make(folder + Array("/Ami ".utf8) + [0xE9] + Array(".mp4".utf8), in: root)
        let files = try MediaFolder.files(in: root.path).get()
        #expect(files == ["file://\(root.path)/Caf%E9.mkv", "\(root.path)/Film.mkv", "file://\(root.path)/Fran%E7ais/Ami%20%E9.mp4"], "\(files)")
        #expect(ByteNamedPath.location(bytes: Array("/a/é b.mkv".utf8)) == "/a/é b.mkv")
        #expect(ByteNamedPath.location(bytes: Array("/a/".utf8) + [0xE9, 0x25, 0x3F]) == "file:///a/%E9%25%3F")
        #expect(ByteNamedPath.location(bytes: [0xE9]) == "file://" + FileManager.default.currentDirectoryPath + "/%E9", "a relative path from here")
    }

    @Test("a walk past its most files and folders stops and says so, with nothing held")
    func tooLarge() throws {
        let root = try tree((1...30).map { "Season/Episode \($0).mkv" })
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: MediaFolder.Problem.tooLarge(root.path, 20)) { try MediaFolder.files(in: root.path, mostEntries: 20).get() }
        #expect(try MediaFolder.files(in: root.path, mostEntries: 31).get().count == 30, "30 files and their folder")
        #expect(MediaFolder.Problem.tooLarge("/", 1_000_000).description
            == "/: more than 1000000 files and folders under it; give the folder that holds the media")
    }

    @Test("a walk asks whether it is still wanted every so many entries and, told no, stops at once with nothing held")
    func givenUp() throws {
        let root = try tree((1...(2 * MediaFolder.cancelStride + 100)).map { "Season \($0 % 3)/Episode \($0).mkv" })
        defer { try? FileManager.default.removeItem(at: root) }
        var asked = 0
        #expect(throws: MediaFolder.Problem.givenUp(root.path)) {
            try MediaFolder.files(in: root.path) { asked += 1; return asked == 2 }.get()
        }
        #expect(asked == 2, "asked at the 1024th entry, and stopped at the 2048th")
        asked = 0
        #expect(try MediaFolder.files(in: root.path) { asked += 1; return false }.get().count == 2 * MediaFolder.cancelStride + 100)
        #expect(asked == 2, "2 151 entries: asked twice")
        #expect(throws: MediaFolder.Problem.givenUp(root.path)) { try PlayedLocation.items(for: root.path) { true }.get() }
    }

    @Test("a play asked for is the latest until another is; from any thread")
    func playRequests() async {
        let requests = PlayRequests()
        let first = requests.next()
        #expect(requests.isLatest(first))
        let second = await Task.detached { requests.next() }.value
        #expect(second == first + 1 && !requests.isLatest(first) && requests.isLatest(second))
    }

    @Test("the kernel's and devices' folders are not walked")
    func root() {
        #expect(MediaFolder.systemFolders == ["/proc", "/sys", "/dev", "/run"])
    }

    @Test("folders behind links are walked (a library's link to a NAS share), each once however many links lead to it, a link to a folder above included; not a link to a system folder")
    func linkedFolders() throws {
        let root = try tree(["Library/Home Video.mkv", "NAS/Films/Far Away.mkv", "NAS/Films/Extras/Making Of.mkv"])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = root.appendingPathComponent("Library")
        try FileManager.default.createSymbolicLink(atPath: library.path + "/Films", withDestinationPath: root.path + "/NAS/Films")
        try FileManager.default.createSymbolicLink(atPath: library.path + "/Films again", withDestinationPath: "../NAS/Films")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/NAS/Films/Extras/Up", withDestinationPath: "../..")
        try FileManager.default.createSymbolicLink(atPath: library.path + "/Loop", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: library.path + "/Favourite.mkv", withDestinationPath: root.path + "/NAS/Films/Far Away.mkv")
        try FileManager.default.createSymbolicLink(atPath: library.path + "/Kernel", withDestinationPath: "/proc")
        let files = try MediaFolder.files(in: library.path).get().map { String($0.dropFirst(library.path.count + 1)) }
        #expect(files.count == 4, "\(files)")
        #expect(files.first == "Favourite.mkv" && files.last == "Home Video.mkv", "\(files)")
        #expect(Set(files.dropFirst().dropLast()).count == 2 && files.contains { $0.hasSuffix("/Extras/Making Of.mkv") } && files.contains { $0.hasSuffix("/Far Away.mkv") },
                "the linked folder once, by one of its two links: \(files)")
    }

    @Test("a release's sample is left out, as media centres leave it: its Sample folder, a small file named as a sample; a film called Sample is kept")
    func samples() throws {
        let root = try tree(["Night.Drive.2011/Night.Drive.2011.mkv", "Night.Drive.2011/Sample/night.drive.2011-sample.mkv",
                             "Other.2012/Other.2012.mkv", "Other.2012/other.2012.sample.mkv", "Other.2012/SAMPLES/x.mkv", "Samplers.mkv"])
        defer { try? FileManager.default.removeItem(at: root) }
        let film = root.appendingPathComponent("The.Sample.2019.mkv").path
        try #require(FileManager.default.createFile(atPath: film, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: film))
        try handle.truncate(atOffset: UInt64(FolderWalk.largestSample) + 1)
        try handle.close()
        let files = try MediaFolder.files(in: root.path).get().map { String($0.dropFirst(root.path.count + 1)) }
        #expect(files == ["Night.Drive.2011/Night.Drive.2011.mkv", "Other.2012/Other.2012.mkv", "Samplers.mkv", "The.Sample.2019.mkv"], "\(files)")
    }

    @Test("only regular files are kept: not a named pipe (opening it waits for ever), a socket, or a link to nothing")
    func regularFilesOnly() throws {
        let root = try tree(["Film.mkv"])
        defer { try? FileManager.default.removeItem(at: root) }
        try #require(mkfifo(root.path + "/Pipe.mkv", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Unplugged.mkv", withDestinationPath: "/media/usb-not-here/Film.mkv")
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(server) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let socketPath = root.path + "/Socket.mkv"
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0)
        #expect(try MediaFolder.files(in: root.path).get() == [root.path + "/Film.mkv"])
    }

    @Test("a wait walks its paths at every look, but a directory found too large only every so many looks; anything else found starts it over")
    func pacing() {
        var pacing = LookPacing(tooLargeLooks: 3)
        #expect(pacing.skip() == nil, "the first look walks")
        pacing.looked(.failure(.noMedia("/media/usb")))
        #expect(pacing.skip() == nil, "an empty folder is looked at again at once")
        let tooLarge = MediaFolder.Problem.tooLarge("/mnt/nas", 1_000_000)
        pacing.looked(.failure(tooLarge))
        #expect(pacing.skip() == tooLarge && pacing.skip() == tooLarge, "two looks skipped, the reason held")
        #expect(pacing.skip() == nil, "the third walks again")
        pacing.looked(.failure(tooLarge))
        #expect(pacing.skip() == tooLarge)
        pacing.looked(.success([]))
        #expect(pacing.skip() == nil)
        #expect(LookPacing().tooLargeLooks == 300 && LookPacing(tooLargeLooks: 0).tooLargeLooks == 1)
    }
}
