import Foundation
import ShellTesting
import Testing

@Suite("Ripped discs in a library, end to end", .serialized)
struct DiscEndToEndTests {
    /// A library of `entries` (name → what it links to).
    private func library(_ entries: [String: String]) throws -> URL {
        let folder = TVShellBinary.scratchDirectory("discs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, target) in entries {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
        }
        return folder
    }

    @Test("a DVD's image and its folder each play as one film, through the disc's navigation, titled by their names; a data disc's image is not listed; the film resumes where it was left, and is scrubbed with thumbnails")
    func libraryOfDiscs() throws {
        let folder = try library(["Night Drive (2011).iso": try TestMedia.dvdImage(), "The.Matrix.1999.PAL.DVDR": try TestMedia.dvdFolder(),
                                  "backup.iso": try TestMedia.dataImage()])
        let home = ParentalHome(TVShellBinary.scratchDirectory("discs-home"))
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: home.base)
        }
        var left = 0.0
        do {
            let shell = try ShellUnderTest([folder.path], home: home)
            let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
            #expect(playing["items"] as? Int == 2 && playing["title"] as? String == "Night Drive (2011)", "\(playing)")
            #expect(abs((number(playing["duration"]) ?? 0) - 60) < 1, "the disc's title: \(playing["duration"] ?? "")")
            #expect(try shell.mpvProperty("path") { $0 != nil } == "dvd://", "opened as a DVD, not read as a file")
            // Past 30 s, before the Up Next card 20 s from the end (which counts it watched).
            try shell.ipc.request(["seek", 32, "absolute"])
            let there = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 33 }
            left = number(there["position"]) ?? 0
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let shell = try ShellUnderTest([folder.path], home: home)
        let offered = try shell.ipc.waitForState { ($0["resume_offer"] as? [String: Any]) != nil }
        let offer = number((offered["resume_offer"] as? [String: Any])?["position"]) ?? 0
        #expect(abs(offer - left) <= 5, "offered \(offer), left at \(left)")
        try shell.ipc.request(["keypress", "ENTER"])
        let resumed = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(abs((number(resumed["position"]) ?? 0) - offer) <= 1.5, "resumed on the disc where it was offered: \(resumed["position"] ?? "")")

        try shell.ipc.request(["play", folder.appendingPathComponent("The.Matrix.1999.PAL.DVDR").path + "/VIDEO_TS"])
        let other = try shell.ipc.waitForState { $0["title"] as? String == "The Matrix (1999)" && $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
        #expect(abs((number(other["duration"]) ?? 0) - 60) < 1 && (other["url"] as? String ?? "").hasSuffix("/The.Matrix.1999.PAL.DVDR"), "\(other)")
        // Scrubbed, its thumbnails come from the disc (a second player of it), and nothing the disc's libraries print reaches the screen.
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        for _ in 0..<6 { try shell.ipc.request(["keypress", "RIGHT"]) }
        let scrubbed = try shell.ipc.waitForState { (($0["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any])?["shown"] as? Bool == true }
        #expect((((scrubbed["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any])?["unavailable"]) is NSNull, "\(scrubbed["scrub"] ?? "")")
        #expect(!shell.tmux.capture().contains("libdvd"), "libdvdnav's notes kept off the screen: \(shell.tmux.capture())")
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == false }
        try shell.tmux.send("Escape")
        let listed = shell.tmux.waitFor { $0.contains("2 items") && $0.contains("Night Drive (2011)") && $0.contains("The Matrix (1999)") }
        #expect(listed.ok && !listed.screen.contains("backup") && !listed.screen.contains("VIDEO_TS"), "the library's two films, the DVD's folder once: \(listed.screen)")
    }

    @Test("a DVD's folder rated only in the movie.nfo kept in it asks for the passcode before the disc is opened, under the .nfo's title")
    func ratedDisc() throws {
        let folder = TVShellBinary.scratchDirectory("rated-disc").appendingPathComponent("Night.Drive.2011.PAL.DVDR")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("VIDEO_TS").path,
                                                   withDestinationPath: try TestMedia.dvdFolder() + "/VIDEO_TS")
        try "<movie><title>Night Drive</title><year>2011</year><mpaa>US:Rated R</mpaa></movie>"
            .write(to: folder.appendingPathComponent("movie.nfo"), atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([folder.deletingLastPathComponent().path], home: home)
        let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "R" && asked["title"] as? String == "Night Drive (2011)", "\(asked)")
        #expect(try shell.ipc.request(["get_mpv_property", "path"])["error"] as? String == "property unavailable", "the disc is not even opened")
        #expect(number(asked["frames_presented"]) == 0)
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
    }
}
