#if Hummingbird
public import LineLoginServer
import Foundation
public import Hummingbird
import OAuthEngine
import NIOCore

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
    /// Which tokens a client may present (the core's `AcceptedTokens`).
    public typealias AcceptedTokens = LineLoginServer.AcceptedTokens

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
        // A token a cache remembers is answered without entering the verifier (as on Vapor, where it also
        // saves the hop into Swift concurrency).
        if let remembered = accepted.rememberedUser(token, logger: context.logger) {
            user = remembered
        } else {
            do { user = try await accepted.authenticate(token, logger: context.logger) } catch { return Self.refusal(error) }
        }
        var context = context
        context.lineUser = user
        return try await next(request, context)
    }

    /// The token of `Bearer <token>`, or `nil` (the core's `BearerAuthorization.token(_:)`).
    static func bearerToken(_ header: String) -> String? {
        BearerAuthorization.token(header)
    }

    /// 401 (bad or missing token), 403 (missing scope) or 503 (LINE unavailable), as JSON: the core's
    /// `BearerRefusal` rendered for Hummingbird.
    static func refusal(_ error: VerificationError) -> Response {
        let refusal = BearerRefusal(error)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let challenge = refusal.wwwAuthenticate { headers[.wwwAuthenticate] = challenge }
        if let seconds = refusal.retryAfter { headers[.retryAfter] = String(seconds) }
        return Response(
            status: HTTPResponse.Status(code: refusal.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: refusal.json)))
    }
}
#endif
