import BenchmarkFixtures
import Crypto
import CryptoExtras
import Foundation
import OAuthEngine

/// `line-login-callgrind ALG PATH N`: runs one path `N` times between two marker functions, for
/// valgrind's callgrind to count instructions of exactly that loop (PATH: `validator`, `raw`, `jwt-kit`, or for
/// HS256 `raw-keyed`, the HMAC from a state keyed once, which is what the validator computes):
///
///     valgrind --tool=callgrind --zero-before='*countedLoopBegins*' --dump-before='*countedLoopEnds*' \
///         line-login-callgrind RS256 validator 2000
///
/// The dump then holds the loop's instructions on every thread (the async executor's included), and
/// instructions per token are its total over `N`. Instruction counts don't change with the machine's load.
enum Callgrind {
    static func run(_ fixtures: TokenFixtures, algorithm: String, path: String, count: Int) async throws {
        let token = algorithm == "ES256" ? fixtures.es256 : algorithm == "RS256" ? fixtures.rs256 : fixtures.hs256
        let body: () async throws -> Void
        switch path {
        case "validator":
            let validator = try fixtures.validator(allowing: [JWSAlgorithm(rawValue: algorithm) ?? .hs256])
            let expectations = IDTokenExpectations(nonce: fixtures.nonce)
            body = { _ = try await validator.validate(token, expecting: expectations) }
        case "jwt-kit":
            let verifier = try await JWTKitVerifier(fixtures)
            body = { try await verifier.verify(token) }
        case "raw-keyed":
            guard let dot = token.lastIndex(of: ".") else { throw BenchError("fixture without dots") }
            let input = Data(token[..<dot].utf8)
            let keyed = HMAC<SHA256>(key: SymmetricKey(data: Data(fixtures.secret.utf8)))
            body = {
                var hmac = keyed
                hmac.update(data: input)
                guard Data(hmac.finalize()).count == 32 else { throw BenchError("keyed HMAC failed") }
            }
        default:
            body = try raw(fixtures, algorithm: algorithm, token: token)
        }
        // Warm up outside the counted loop (lazy initialisation, caches).
        for _ in 0..<100 { try await body() }
        countedLoopBegins(count)
        for _ in 0..<count { try await body() }
        countedLoopEnds(count)
        print("\(algorithm) \(path): \(count) tokens")
    }

    /// The raw primitive on the same signing input and key, as in the table's reference column.
    private static func raw(_ fixtures: TokenFixtures, algorithm: String, token: String) throws -> () async throws -> Void {
        guard let dot = token.lastIndex(of: ".") else { throw BenchError("fixture without dots") }
        let input = Data(token[..<dot].utf8)
        let signature = Data(Base64URL.decode(token[token.index(after: dot)...]) ?? [])
        switch algorithm {
        case "ES256":
            let key = fixtures.ecKey.publicKey
            return {
                let parsed = try P256.Signing.ECDSASignature(rawRepresentation: signature)
                guard key.isValidSignature(parsed, for: input) else { throw BenchError("raw ES256 failed") }
            }
        case "RS256":
            let key = fixtures.rsaKey.publicKey
            return {
                guard key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: input, padding: .insecurePKCS1v1_5)
                else {
                    throw BenchError("raw RS256 failed")
                }
            }
        default:
            let key = SymmetricKey(data: Data(fixtures.secret.utf8))
            return {
                let mac = HMAC<SHA256>.authenticationCode(for: input, using: key)
                guard Data(mac).count == 32 else { throw BenchError("raw HMAC failed") }
            }
        }
    }
}

// The markers callgrind's --zero-before and --dump-before name. Unoptimised and never inlined, so that the
// calls stay in the binary; the stored count keeps them from being empty. Their names share no word with the
// module's (Swift's mangling would abbreviate a repeated word, and the pattern would no longer match).
nonisolated(unsafe) private var loopMarker = 0

@_optimize(none) @inline(never)
func countedLoopBegins(_ count: Int) { loopMarker = count }

@_optimize(none) @inline(never)
func countedLoopEnds(_ count: Int) { loopMarker = -count }
