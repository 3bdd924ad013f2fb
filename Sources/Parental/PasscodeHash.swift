import CSodium
import Foundation

/// A passcode as stored: libsodium's Argon2id string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`:
/// a random salt, the parameters and the hash; 64 MiB and about 0.1 s per
/// check at the interactive limits, so trying all 10 000 four-digit codes
/// offline costs minutes of memory-hard work, and online the lockout stops
/// it). Hashes written by tvshell 0.6 (`scrypt$N$r$p$salt$hash`) are still
/// verified, with libsodium's scrypt, and `needsUpgrade` says to write
/// them again as Argon2id. The passcode itself is never kept.
public struct PasscodeHash: Equatable, Sendable {
    /// How hard a new hash is to compute.
    public enum Strength: Sendable {
        /// libsodium's interactive limits: what the shell stores.
        case interactive
        /// The smallest limits libsodium allows: for tests only.
        case minimal
    }

    /// The stored form, as written to `restrictions.toml`.
    public let encoded: String

    /// Reads `encoded`; nil when it is not a hash tvshell writes or wrote.
    public init?(encoded: String) {
        if encoded.hasPrefix("$argon2id$") {
            guard encoded.utf8.count < Self.stringBytes, encoded.split(separator: "$").count == 5 else { return nil }
        } else {
            guard Scrypt(encoded: encoded) != nil else { return nil }
        }
        self.encoded = encoded
    }

    /// Hashes `passcode` with a fresh random salt.
    public static func make(passcode: String, strength: Strength = .interactive) throws(ParentalError) -> PasscodeHash {
        try Self.initializeSodium()
        let (ops, memory) = switch strength {
        case .interactive: (tvs_pwhash_opslimit_interactive(), tvs_pwhash_memlimit_interactive())
        case .minimal: (tvs_pwhash_opslimit_min(), tvs_pwhash_memlimit_min())
        }
        var out = [CChar](repeating: 0, count: stringBytes)
        let status = passcode.withCString { crypto_pwhash_str(&out, $0, UInt64(strlen($0)), ops, memory) }
        let encoded = String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0, let hash = PasscodeHash(encoded: encoded) else {
            throw .hashing("the passcode could not be hashed (libsodium: out of memory?)")
        }
        return hash
    }

    /// Whether `passcode` is the one hashed (in constant time).
    public func matches(_ passcode: String) -> Bool {
        guard (try? Self.initializeSodium()) != nil else { return false }
        if let scrypt = Scrypt(encoded: encoded) { return scrypt.matches(passcode) }
        return encoded.withCString { stored in
            passcode.withCString { crypto_pwhash_str_verify(stored, $0, UInt64(strlen($0))) == 0 }
        }
    }

    /// Written by tvshell 0.6 (scrypt): store it again as Argon2id once the
    /// right code is known.
    public var needsUpgrade: Bool { !encoded.hasPrefix("$argon2id$") }

    private static let stringBytes = tvs_pwhash_strbytes()

    /// `sodium_init`, once (it is thread-safe and idempotent).
    private static func initializeSodium() throws(ParentalError) {
        guard sodium_init() >= 0 else { throw .hashing("libsodium could not start") }
    }
}

/// A 0.6 hash, `scrypt$N$r$p$salt$hash` (salt and hash in base64),
/// verified with libsodium's scrypt.
private struct Scrypt {
    let rounds: UInt64
    let blockSize: UInt32
    let parallelism: UInt32
    let salt: [UInt8]
    let hash: [UInt8]

    init?(encoded: String) {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = UInt64(parts[1]), let r = UInt32(parts[2]), let p = UInt32(parts[3]),
              n >= 2, n.nonzeroBitCount == 1, r > 0, p > 0,
              let salt = Data(base64Encoded: parts[4]), let hash = Data(base64Encoded: parts[5]), salt.count >= 8, hash.count >= 16 else {
            return nil
        }
        rounds = n
        blockSize = r
        parallelism = p
        self.salt = [UInt8](salt)
        self.hash = [UInt8](hash)
    }

    func matches(_ passcode: String) -> Bool {
        var candidate = [UInt8](repeating: 0, count: hash.count)
        let password = Array(passcode.utf8)
        let status = crypto_pwhash_scryptsalsa208sha256_ll(password, password.count, salt, salt.count, rounds, blockSize, parallelism,
                                                            &candidate, candidate.count)
        guard status == 0 else { return false }
        return sodium_memcmp(candidate, hash, hash.count) == 0
    }
}

/// The passcode's form: exactly four digits.
public enum Passcode {
    /// `text` without its line ending, when it is four digits.
    public static func validate(_ text: String) throws(ParentalError) -> String {
        let code = text.trimmingCharacters(in: .newlines)
        guard code.count == 4, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .badPasscode("the passcode must be exactly four digits (0-9)")
        }
        return code
    }
}
