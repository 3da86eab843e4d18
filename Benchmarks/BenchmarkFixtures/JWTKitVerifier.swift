import Foundation
import JWTKit

/// jwt-kit 5.8 set up to validate the fixtures' tokens with the checks `IDTokenValidator` makes on them:
/// the signature (ES256/RS256 key by `kid` from the same JWKS, HS256 with the same secret), then `iss`,
/// `aud`, `exp`/`iat`/`nbf` with 60 s of leeway, `sub` present, and `nonce`.
public struct JWTKitVerifier: Sendable {
    private let keys: JWTKeyCollection

    public init(_ fixtures: TokenFixtures) async throws {
        keys = JWTKeyCollection()
        try await keys.add(jwksJSON: String(decoding: fixtures.jwks, as: UTF8.self))
        await keys.add(hmac: HMACKey(from: fixtures.secret), digestAlgorithm: .sha256)
    }

    /// Verifies `token` and checks its claims; throws when anything fails.
    public func verify(_ token: String) async throws {
        _ = try await keys.verify(token, as: LineIDTokenPayload.self)
    }
}

/// The claims the validator checks, decoded by jwt-kit.
struct LineIDTokenPayload: JWTPayload {
    let iss: IssuerClaim
    let sub: SubjectClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let nbf: NotBeforeClaim?
    let nonce: String?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        let leeway: TimeInterval = 60
        let now = Date()
        guard iss.value == TokenFixtures.issuer else { throw BenchError("jwt-kit: iss") }
        try aud.verifyIntendedAudience(includes: TokenFixtures.channelID)
        try exp.verifyNotExpired(currentDate: now.addingTimeInterval(-leeway))
        guard iat.value <= now.addingTimeInterval(leeway) else { throw BenchError("jwt-kit: iat") }
        try nbf?.verifyNotBefore(currentDate: now.addingTimeInterval(leeway))
        guard !sub.value.isEmpty else { throw BenchError("jwt-kit: sub") }
        guard nonce == TokenFixtures.nonce else { throw BenchError("jwt-kit: nonce") }
    }
}

/// A benchmark step that didn't give the expected result.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
