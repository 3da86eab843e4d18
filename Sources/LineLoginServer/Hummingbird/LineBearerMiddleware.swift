import Foundation
public import Hummingbird
import OAuthEngine
import LineSDK

/// Authenticates `Authorization: Bearer <token>` with LINE and puts the user in the request context.
///
/// A missing, garbage, expired, revoked, wrong-audience or wrong-signature token gets `401` with a JSON
/// body (`{"error":"invalid_token","error_description":…,"reason":…}`) and `WWW-Authenticate`; when LINE
/// can't be reached to decide, `503` with `Retry-After`. Never a 500 for a bad token.
///
/// ```swift
/// let router = Router(context: LineRequestContext.self)
/// router.group("api")
///     .add(middleware: LineBearerMiddleware(accepting: .idTokens(try IDTokenVerifier(channels: channels))))
///     .get("me") { _, context in context.lineUser?.displayName ?? "" }
/// ```
public struct LineBearerMiddleware<Context: LineUserRequestContext>: RouterMiddleware {
    /// Which tokens a client may present.
    public enum AcceptedTokens: Sendable {
        /// Access tokens (verify endpoint, then profile).
        case accessTokens(AccessTokenVerifier)
        /// ID tokens. The nonce is not checked by default: a bearer token is presented on every call
        /// and can't be single-use (use the nonce store where the app first signs in).
        case idTokens(IDTokenVerifier, nonce: IDTokenVerifier.NonceRequirement = .notChecked)
        /// Either: a compact JWS whose `iss` is the platform's issuer is taken as an ID token, anything
        /// else as an access token (LINE access tokens look like JWTs too, but carry no such `iss`).
        case accessOrIDTokens(AccessTokenVerifier, IDTokenVerifier)
    }

    /// The tokens accepted.
    public let accepted: AcceptedTokens
    /// When `false`, a request without an `Authorization` header passes through with no user
    /// (a present but bad token is still refused).
    public let isRequired: Bool

    /// Creates the middleware.
    public init(accepting accepted: AcceptedTokens, isRequired: Bool = true) {
        self.accepted = accepted
        self.isRequired = isRequired
    }

    /// Verifies the bearer token, then calls `next` with ``LineUserRequestContext/lineUser`` set.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let header = request.headers[values: .authorization]
        if header.isEmpty && !isRequired { return try await next(request, context) }
        guard header.count == 1, let token = Self.bearerToken(header[0]) else {
            return Self.refusal(.missingToken)
        }
        let user: LineUser
        do { user = try await authenticate(token) } catch { return Self.refusal(error) }
        var context = context
        context.lineUser = user
        return try await next(request, context)
    }

    /// Verifies one token as configured.
    func authenticate(_ token: String) async throws(VerificationError) -> LineUser {
        switch accepted {
        case .accessTokens(let verifier):
            return try await verifier.verify(token).user
        case .idTokens(let verifier, let nonce):
            return try await verifier.verify(token, nonce: nonce).user
        case .accessOrIDTokens(let accessVerifier, let idVerifier):
            if Self.looksLikeIDToken(token, issuer: idVerifier.platform.issuer) {
                return try await idVerifier.verify(token, nonce: .notChecked).user
            }
            return try await accessVerifier.verify(token).user
        }
    }

    /// The token of `Bearer <token>` (scheme case-insensitive, RFC 6750 §2.1), or `nil`.
    static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    static func looksLikeIDToken(_ token: String, issuer: String) -> Bool {
        guard let jws = try? CompactJWS(parsing: token) else { return false }
        guard let tokenIssuer = jws.claimSet["iss"]?.stringValue else { return false }
        return ExactMatch.equals(tokenIssuer, issuer)
    }

    /// 401 (bad or missing token), 403 (missing scope) or 503 (LINE unavailable), as JSON.
    static func refusal(_ error: VerificationError) -> Response {
        if let retryAfter = error.retryAfter() {
            return .lineJSONError(status: .serviceUnavailable, error: "temporarily_unavailable", description: error.description,
                                  reason: error.code, extraHeaders: [.retryAfter: String(retryAfter)])
        }
        let oauthCode: String
        switch error {
        case .missingToken: oauthCode = "invalid_request"
        case .insufficientScope: oauthCode = "insufficient_scope"
        default: oauthCode = "invalid_token"
        }
        let challenge = error == .missingToken ? "Bearer realm=\"LINE\"" : "Bearer realm=\"LINE\", error=\"\(oauthCode)\""
        return .lineJSONError(status: oauthCode == "insufficient_scope" ? .forbidden : .unauthorized, error: oauthCode,
                              description: error.description, reason: error.code, extraHeaders: [.wwwAuthenticate: challenge])
    }
}
