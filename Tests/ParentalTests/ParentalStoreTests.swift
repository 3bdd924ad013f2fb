import Foundation
import MediaModel
import Parental
import ShellCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A fresh pair of XDG directories.
private func scratchPaths() -> ParentalPaths {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("parental-\(UUID().uuidString)").path
    return ParentalPaths.standard(environment: ["HOME": base, "XDG_CONFIG_HOME": base + "/config", "XDG_STATE_HOME": base + "/state"])
}

private func mode(_ path: String) -> UInt16 {
    var info = stat()
    stat(path, &info)
    return UInt16(info.st_mode & 0o777)
}

/// Settings with a passcode, saved.
private func savedSettings(_ paths: ParentalPaths, code: String = "2468") throws -> RestrictionsSettings {
    var settings = RestrictionsSettings()
    settings.mode = .passcode
    settings.movies = try RestrictionsSettings.parseLimit("PG-13", media: .movie)
    settings.tv = try RestrictionsSettings.parseLimit("TV-PG", media: .tv)
    settings.passcode = try PasscodeHash.make(passcode: code, strength: .minimal)
    try ParentalStore.saveSettings(settings, paths: paths)
    return settings
}

@Suite("Parental settings, passcode hash, lockout and audit log")
struct ParentalStoreTests {
    @Test("the passcode is kept only as a salted Argon2id hash, and checked")
    func hash() throws {
        let a = try PasscodeHash.make(passcode: "1234")
        let b = try PasscodeHash.make(passcode: "1234", strength: .minimal)
        #expect(a.encoded.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"), "libsodium's interactive limits: \(a.encoded)")
        #expect(a.encoded != b.encoded, "salted")
        #expect(a.matches("1234") && b.matches("1234"))
        #expect(!a.matches("1235"))
        #expect(!a.matches(""))
        #expect(!a.encoded.contains("1234") && !a.needsUpgrade)
        #expect(PasscodeHash(encoded: a.encoded) == a)
        #expect(PasscodeHash(encoded: "scrypt$3$8$1$AAAA$AAAA") == nil)
        #expect(PasscodeHash(encoded: "$argon2id$nonsense") == nil)
        #expect(try Passcode.validate("0042\n") == "0042")
        #expect(throws: ParentalError.self) { try Passcode.validate("123") }
        #expect(throws: ParentalError.self) { try Passcode.validate("12a4") }
        #expect(throws: ParentalError.self) { try Passcode.validate("١٢٣٤") }
    }

    @Test("settings are written 0600 in a 0700 directory and read back; the file never holds the passcode")
    func roundTrip() throws {
        let paths = scratchPaths()
        let saved = try savedSettings(paths)
        #expect(mode(paths.settings) == 0o600)
        #expect(mode((paths.settings as NSString).deletingLastPathComponent) == 0o700)
        let text = try String(contentsOfFile: paths.settings, encoding: .utf8)
        #expect(!text.contains("2468"))
        #expect(text.contains("movies = \"mpaa|PG-13\""))
        let loaded = try ParentalStore.loadSettings(paths: paths)
        #expect(loaded == saved)
        #expect(loaded.policy.limitsDescription == "movies up to PG-13, TV shows up to TV-PG")
    }

    @Test("a settings file others can read is refused with a message; the shell keeps its limits but cannot ask")
    func insecure() throws {
        let paths = scratchPaths()
        _ = try savedSettings(paths)
        chmod(paths.settings, 0o644)
        #expect(throws: ParentalError.insecureFile(path: paths.settings, mode: 0o644)) { try ParentalStore.loadSettings(paths: paths) }
        let opened = ParentalStore.open(paths: paths)
        #expect(opened.problem?.contains("chmod 600") == true)
        #expect(opened.state.policy.effectiveMode == .deny)
        #expect(opened.state.policy.restricts([ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]))
        #expect(!opened.store.verify(passcode: "2468"), "the exposed hash is not used")
    }

    @Test("a broken settings file names its line and key, and the shell fails closed")
    func malformed() throws {
        let paths = scratchPaths()
        _ = try savedSettings(paths)
        var text = try String(contentsOfFile: paths.settings, encoding: .utf8)
        text = text.replacingOccurrences(of: "tv = \"us-tv|TV-PG\"", with: "tv = \"PG-13\"")
        try text.write(toFile: paths.settings, atomically: true, encoding: .utf8)
        chmod(paths.settings, 0o600)
        #expect {
            try ParentalStore.loadSettings(paths: paths)
        } throws: { error in
            guard case .malformed(_, let line, let key, let message) = error as? ParentalError else { return false }
            return line == 8 && key == "limits.tv" && message.contains("is a movie rating")
        }
        let opened = ParentalStore.open(paths: paths)
        #expect(opened.problem != nil)
        #expect(opened.state.policy.mode == .deny)
        #expect(opened.state.policy.restricts([ContentRating(system: "us-tv", code: "TV-Y", rank: 100, media: .tv)]))
    }

    @Test("limits: US, BBFC and FSK forms; the wrong kind of rating is refused")
    func limits() throws {
        #expect(try RestrictionsSettings.parseLimit("all", media: .movie) == .allowAll)
        #expect(try RestrictionsSettings.parseLimit("none", media: .tv) == .allowNone)
        guard case .upTo(let bbfc) = try RestrictionsSettings.parseLimit("BBFC 15", media: .movie) else { Issue.record("BBFC 15"); return }
        #expect(bbfc.system == "uk-movie")
        guard case .upTo(let fsk) = try RestrictionsSettings.parseLimit("FSK 16", media: .movie) else { Issue.record("FSK 16"); return }
        #expect(fsk.code == "Ab 16 Jahren")
        #expect(throws: ParentalError.self) { try RestrictionsSettings.parseLimit("TV-MA", media: .movie) }
        #expect(throws: ParentalError.self) { try RestrictionsSettings.parseLimit("PG-13", media: .tv) }
        #expect(throws: ParentalError.self) { try RestrictionsSettings.parseLimit("XYZ", media: .movie) }
    }

    @Test("a bare age as a limit is refused with the ratings around it and the ages each lets play, since ages are ranked in steps")
    func ageLimits() {
        func message(_ text: String, _ media: ContentRating.Media) -> String {
            do { _ = try RestrictionsSettings.parseLimit(text, media: media) } catch { return "\(error)" }
            return "accepted"
        }
        let movie = message("12", .movie)
        #expect(movie.contains("“12” is an age, not a rating") && movie.contains("PG-13 lets what is rated for ages up to 14 play, PG ages up to 11")
                    && movie.contains("\"FSK 12\""), "\(movie)")
        let tv = message("16+", .tv)
        #expect(tv.contains("TV-MA lets what is rated for every age play, TV-14 ages up to 14") && !tv.contains("FSK"), "\(tv)")
        #expect(!message("3", .movie).contains("FSK"), "FSK has no 3")
    }

    @Test("the lockout survives a restart; an unreadable lockout file counts as locked")
    func lockout() throws {
        let paths = scratchPaths()
        let store = ParentalStore(paths: paths, settings: try savedSettings(paths))
        try store.persistLockout(failures: 5, lockedUntil: 1_800_000_060)
        #expect(mode(paths.lockout) == 0o600)
        let reopened = ParentalStore.open(paths: paths, now: 1_800_000_000)
        #expect(reopened.state.failures == 5)
        #expect(reopened.state.lockedUntil == 1_800_000_060)
        #expect(reopened.state.isLocked(at: 1_800_000_000))
        try "garbage = [".write(toFile: paths.lockout, atomically: true, encoding: .utf8)
        #expect(ParentalStore.loadLockout(paths: paths, now: 100) == LockoutState(failures: 5, lockedUntil: 160))
    }

    @Test("the audit log: JSON lines, 0600, who and what, never the passcode")
    func audit() throws {
        let paths = scratchPaths()
        let store = ParentalStore(paths: paths, settings: try savedSettings(paths))
        try store.audit(AuditEntry(kind: .wrongPasscode, title: "Late Night", itemID: "late", rating: "TV-MA", time: 1_800_000_000, detail: "wrong passcode 1"), via: "ipc")
        try store.audit(AuditEntry(kind: .granted, title: "Late Night", itemID: "late", rating: "TV-MA", time: 1_800_000_005), via: "keyboard")
        #expect(mode(paths.auditLog) == 0o600)
        let (records, bad) = try AuditLog.read(paths.auditLog)
        #expect(bad.isEmpty)
        #expect(records.map(\.event) == ["wrong-passcode", "granted"])
        #expect(records[0].time == "2027-01-15T08:00:00Z")
        #expect(records[0].via == "ipc")
        #expect(records[0].user.isEmpty == false)
        #expect(records[0].pid == getpid())
    }

    @Test("changing settings needs the passcode, counted and locked like the prompt but apart from it, and audited")
    func adminCheck() throws {
        let paths = scratchPaths()
        let store = ParentalStore(paths: paths, settings: try savedSettings(paths))
        try AdminCheck.verify("2468", for: "set mode", store: store, now: 1000)
        for n in 1...4 {
            #expect(throws: ParentalError.wrongPasscode) { try AdminCheck.verify("0000", for: "set mode", store: store, now: 1000) }
            #expect(ParentalStore.loadLockout(at: paths.commandLineLockout).failures == n)
            #expect(ParentalStore.loadLockout(paths: paths).failures == 0, "the prompt's tries are its own")
        }
        #expect(throws: ParentalError.locked(secondsLeft: 60)) { try AdminCheck.verify("0000", for: "set mode", store: store, now: 1000) }
        #expect(throws: ParentalError.locked(secondsLeft: 30)) { try AdminCheck.verify("2468", for: "set mode", store: store, now: 1030) }
        try AdminCheck.verify("2468", for: "set mode", store: store, now: 1061)
        #expect(ParentalStore.loadLockout(at: paths.commandLineLockout).failures == 0)
        let events = try AuditLog.read(paths.auditLog).records.map(\.event)
        #expect(events == ["granted", "wrong-passcode", "wrong-passcode", "wrong-passcode", "wrong-passcode", "wrong-passcode", "locked-out", "granted"])
    }

    @Test("a passcode hashed by 0.6 (scrypt) still opens the prompt, and the right code stores it again as Argon2id")
    func scryptUpgrade() throws {
        let paths = scratchPaths()
        let legacy = try #require(PasscodeHash(encoded: Self.scrypt2468))
        #expect(legacy.needsUpgrade && legacy.matches("2468") && !legacy.matches("2469"))
        var old = RestrictionsSettings()
        old.mode = .passcode
        old.tv = try RestrictionsSettings.parseLimit("TV-PG", media: .tv)
        old.passcode = legacy
        try ParentalStore.saveSettings(old, paths: paths)
        #expect(try String(contentsOfFile: paths.settings, encoding: .utf8).contains("hash = \"\(Self.scrypt2468)\""), "the file as 0.6 wrote it")
        let opened = ParentalStore.open(paths: paths)
        #expect(opened.problem == nil && opened.state.policy.hasPasscode)
        #expect(!opened.store.verify(passcode: "1357"))
        #expect(try ParentalStore.loadSettings(paths: paths).passcode == legacy, "a wrong code changes nothing")
        #expect(opened.store.verify(passcode: "2468"))
        let upgraded = try #require(try ParentalStore.loadSettings(paths: paths).passcode)
        #expect(upgraded.encoded.hasPrefix("$argon2id$") && upgraded.matches("2468"))
        let text = try String(contentsOfFile: paths.settings, encoding: .utf8)
        #expect(!text.contains("2468") && !text.contains("scrypt"))
        #expect(mode(paths.settings) == 0o600)
        #expect(opened.store.verify(passcode: "2468"), "the shell that upgraded it still checks codes")
    }

    /// scrypt("2468", salt, N = 2^15, r = 8, p = 1), 32 bytes, as 0.6 stored it (made by the 0.6 binary).
    static let scrypt2468 = "scrypt$32768$8$1$ks4SDDxcZN+f2iVV62RlFQ==$j6zCBlmySe3kxIzDtuXWglrDB0JAiJ7G+PaRNDF5IQg="
}

@Suite("Parental settings read again while the shell runs")
struct ParentalReloadTests {
    @Test("a changed file is new settings (the new passcode is checked from then on); the same file again is no change")
    func changed() throws {
        let paths = scratchPaths()
        let fresh = ParentalStore(paths: paths, settings: RestrictionsSettings())
        #expect(fresh.reload() == .unchanged, "no file before, none now (its directory may just have been made)")
        let first = try savedSettings(paths, code: "2468")
        let store = ParentalStore(paths: paths, settings: first)
        #expect(store.reload() == .unchanged, "written again with nothing new")
        var lower = first
        lower.tv = try RestrictionsSettings.parseLimit("TV-Y", media: .tv)
        try ParentalStore.saveSettings(lower, paths: paths)
        #expect(store.reload() == .changed(RestrictionsChange(policy: lower.policy, passcodeChanged: false)))
        #expect(store.settings == lower)
        #expect(store.verify(passcode: "2468"))
        var code = lower
        code.passcode = try PasscodeHash.make(passcode: "1357", strength: .minimal)
        try ParentalStore.saveSettings(code, paths: paths)
        #expect(store.reload() == .changed(RestrictionsChange(policy: code.policy, passcodeChanged: true)))
        #expect(store.verify(passcode: "1357") && !store.verify(passcode: "2468"), "the new passcode, not the old one")
    }

    @Test("garbage, a half-written file, one others can read, or none at all keeps the settings in force, saying why")
    func rejected() throws {
        let paths = scratchPaths()
        let good = try savedSettings(paths)
        let store = ParentalStore(paths: paths, settings: good)
        let cases: [(String, Data, mode_t)] = [
            ("not text", Data([0xFF, 0xFE, 0x00, 0x9C, 0x80]), 0o600),
            ("half written", Data("mode = \"off\"\n[limits]\ntv = ".utf8), 0o600),
            ("unknown key", Data("mode = \"off\"\nsneaky = \"yes\"\n".utf8), 0o600),
            ("readable by others", Data(good.text.replacingOccurrences(of: "\"passcode\"", with: "\"off\"").utf8), 0o644),
        ]
        for (name, bytes, permissions) in cases {
            let temporary = paths.settings + ".new"
            try bytes.write(to: URL(fileURLWithPath: temporary))
            chmod(temporary, permissions)
            rename(temporary, paths.settings)
            guard case .rejected(let reason) = store.reload() else {
                Issue.record("\(name): not rejected")
                continue
            }
            #expect(reason.contains(paths.settings), "\(name): \(reason)")
            #expect(store.settings == good, "\(name): the last good settings stay")
        }
        unlink(paths.settings)
        #expect(store.reload() == .rejected(reason: "\(paths.settings) was removed"))
        #expect(store.settings == good, "deleting the file lifts nothing")
        #expect(store.verify(passcode: "2468"))
    }
}
