#if Vapor
public import LineLoginServer
import Foundation
public import Vapor

/// Authenticates `Authorization: Bearer <token>` with LINE and puts the user on the request
/// (`request.lineUser`) — Vapor's own authenticators pass a bad token on unauthenticated, so this
/// refuses instead, with the same table as the Hummingbird middleware (the core's `BearerRefusal`):
/// `401` with a JSON body and `WWW-Authenticate` for a missing or bad token, `403` for a missing scope,
/// `503` with `Retry-After` when LINE can't be reached to decide. Never a 500 for a bad token.
///
/// ```swift
/// let verifier = try IDTokenVerifier(channels: [LineChannel(channelID: "1234567890")])
/// let api = app.grouped(LineBearerMiddleware(accepting: .idTokens(verifier)))
/// api.get("me") { request in request.lineUser?.displayName ?? "" }
/// ```
public struct LineBearerMiddleware: Middleware {
    /// The tokens accepted.
    public let accepted: AcceptedTokens
    /// When `false`, a request without an `Authorization` header passes through with no user
    /// (a present but bad token is still refused).
    public let isRequired: Bool

    /// Creates the middleware.
    /// - Parameters:
    ///   - accepted: which tokens a client may present, and their verifiers.
    ///   - isRequired: whether a request must carry a token.
    public init(accepting accepted: AcceptedTokens, isRequired: Bool = true) {
        self.accepted = accepted
        self.isRequired = isRequired
    }

    /// Verifies the bearer token, then calls `next` with `request.lineUser` set.
    ///
    /// An `EventLoopFuture` middleware rather than an `AsyncMiddleware`: a token a verifier's cache
    /// remembers is answered on the event loop, without the hop into Swift concurrency and back that an
    /// async middleware costs every request (docs/BENCHMARKS.md measures it); only a token that needs
    /// checking goes through `authenticate`.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let header = request.headers[.authorization]
        if header.isEmpty && !isRequired { return next.respond(to: request) }
        guard header.count == 1, let token = BearerAuthorization.token(header[0]) else {
            return request.eventLoop.makeSucceededFuture(Self.response(BearerRefusal(.missingToken)))
        }
        if let user = accepted.rememberedUser(token, logger: request.logger) {
            request.lineUser = user
            return next.respond(to: request)
        }
        let accepted = accepted
        return request.eventLoop.makeFutureWithTask { () async -> Result<LineUser, VerificationError> in
            do throws(VerificationError) {
                return .success(try await accepted.authenticate(token, logger: request.logger))
            } catch {
                return .failure(error)
            }
        }.flatMap { outcome in
            switch outcome {
            case .success(let user):
                request.lineUser = user
                return next.respond(to: request)
            case .failure(let error):
                return request.eventLoop.makeSucceededFuture(Self.response(BearerRefusal(error)))
            }
        }
    }

    /// `refusal` as a Vapor response.
    static func response(_ refusal: BearerRefusal) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        if let challenge = refusal.wwwAuthenticate { headers.replaceOrAdd(name: .wwwAuthenticate, value: challenge) }
        if let seconds = refusal.retryAfter { headers.replaceOrAdd(name: .retryAfter, value: String(seconds)) }
        return Response(status: HTTPResponseStatus(statusCode: refusal.status), headers: headers, body: .init(data: refusal.json))
    }
}
#endif
