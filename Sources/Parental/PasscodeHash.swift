import Crypto
import CryptoExtras
import Foundation

/// A passcode as stored: a random salt and the scrypt hash of the passcode
/// with it (N = 2^15, r = 8, p = 1: 32 MiB and about 0.1 s per check, so
/// trying all 10 000 four-digit codes offline costs minutes of memory-hard
/// work, and online the lockout stops it). The passcode itself is never kept.
public struct PasscodeHash: Equatable, Sendable {
    public var rounds: Int
    public var blockSize: Int
    public var parallelism: Int
    public var salt: [UInt8]
    public var hash: [UInt8]

    /// Hashes `passcode` with a fresh 16-byte salt.
    public static func make(passcode: String, rounds: Int = 1 << 15) throws -> PasscodeHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let hash = try derive(passcode, salt: salt, rounds: rounds, blockSize: 8, parallelism: 1)
        return PasscodeHash(rounds: rounds, blockSize: 8, parallelism: 1, salt: salt, hash: hash)
    }

    /// Whether `passcode` is the one hashed, comparing in constant time.
    public func matches(_ passcode: String) -> Bool {
        guard let candidate = try? Self.derive(passcode, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism),
              candidate.count == hash.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, hash) { difference |= a ^ b }
        return difference == 0
    }

    /// `scrypt$N$r$p$salt$hash`, salt and hash in base64.
    public var encoded: String {
        "scrypt$\(rounds)$\(blockSize)$\(parallelism)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    public init(rounds: Int, blockSize: Int, parallelism: Int, salt: [UInt8], hash: [UInt8]) {
        self.rounds = rounds
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.salt = salt
        self.hash = hash
    }

    /// Reads `encoded`; nil when it is not that form.
    public init?(encoded: String) {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]),
              n >= 2, n.nonzeroBitCount == 1, r > 0, p > 0,
              let salt = Data(base64Encoded: parts[4]), let hash = Data(base64Encoded: parts[5]), salt.count >= 8, hash.count >= 16 else {
            return nil
        }
        self.init(rounds: n, blockSize: r, parallelism: p, salt: [UInt8](salt), hash: [UInt8](hash))
    }

    private static func derive(_ passcode: String, salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(passcode.utf8), salt: salt, outputByteCount: 32, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { [UInt8]($0) }
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
