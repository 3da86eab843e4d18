#if Server
public import Logging
import LineLoginPlatform
import OAuthEngine

/// Which tokens a client may present in `Authorization: Bearer`, and how one is verified: the one
/// decision that every framework's bearer middleware (Hummingbird, Vapor) makes.
public enum AcceptedTokens: Sendable {
    /// Access tokens (verify endpoint, then profile).
    case accessTokens(AccessTokenVerifier)
    /// ID tokens. The nonce is not checked by default: a bearer token is presented on every call
    /// and can't be single-use (use the nonce store where the app first signs in).
    case idTokens(IDTokenVerifier, nonce: IDTokenVerifier.NonceRequirement = .notChecked)
    /// Either: a compact JWS whose `iss` is the platform's issuer is taken as an ID token, anything
    /// else as an access token (LINE access tokens look like JWTs too, but carry no such `iss`).
    case accessOrIDTokens(AccessTokenVerifier, IDTokenVerifier)

    /// Verifies `token` as configured.
    /// - Parameters:
    ///   - token: the bearer token.
    ///   - logger: the request's logger (its metadata, such as the request ID, goes on every record).
    /// - Throws: ``VerificationError``; render it with ``BearerRefusal``.
    public func authenticate(_ token: String, logger: Logger? = nil) async throws(VerificationError) -> LineUser {
        switch self {
        case .accessTokens(let verifier):
            return try await verifier.verify(token, logger: logger).user
        case .idTokens(let verifier, let nonce):
            return try await verifier.verify(token, nonce: nonce, logger: logger).user
        case .accessOrIDTokens(let accessVerifier, let idVerifier):
            if Self.looksLikeIDToken(token, issuer: idVerifier.platform.issuer) {
                return try await idVerifier.verify(token, nonce: .notChecked, logger: logger).user
            }
            return try await accessVerifier.verify(token, logger: logger).user
        }
    }

    /// The user `authenticate` would answer, when a verifier's cache remembers `token` and can say so
    /// without waiting; `nil` says nothing about the token: call ``authenticate(_:logger:)``. A framework's
    /// middleware asks this first, so a repeated token costs no hop into Swift concurrency.
    /// - Parameters:
    ///   - token: the bearer token.
    ///   - logger: the request's logger.
    public func rememberedUser(_ token: String, logger: Logger? = nil) -> LineUser? {
        switch self {
        case .accessTokens(let verifier):
            return verifier.rememberedVerification(of: token, logger: logger)?.user
        case .idTokens(let verifier, let nonce):
            // A nonce that must be consumed makes every use a check of its own.
            guard nonce == .notChecked else { return nil }
            return verifier.rememberedVerification(of: token, logger: logger)?.user
        case .accessOrIDTokens(let accessVerifier, let idVerifier):
            if Self.looksLikeIDToken(token, issuer: idVerifier.platform.issuer) {
                return idVerifier.rememberedVerification(of: token, logger: logger)?.user
            }
            return accessVerifier.rememberedVerification(of: token, logger: logger)?.user
        }
    }

    /// Whether `token` is a compact JWS whose `iss` is `issuer`.
    static func looksLikeIDToken(_ token: String, issuer: String) -> Bool {
        guard let jws = try? CompactJWS(parsing: token) else { return false }
        guard let tokenIssuer = jws.claimSet["iss"]?.stringValue else { return false }
        return ExactMatch.equals(tokenIssuer, issuer)
    }
}
#endif
