#if Emulator
import Foundation
import Hummingbird

/// `GET /v2/profile`, `GET /friendship/v1/status` and `/oauth2/v2.1/userinfo`.
struct UserRoutes: Sendable {
    let store: EmulatorStore

    /// The bearer token's record, or why there is none.
    private enum Authorization {
        case valid(AccessTokenRecord, EmulatorUser)
        case invalid
        case expired
    }

    private func authorize(_ request: Request) -> Authorization {
        guard let token = RouteSupport.bearerToken(of: request) else { return .invalid }
        switch store.lookupAccessToken(token) {
        case .valid(let record, _):
            guard let user = store.user(id: record.userID) else { return .invalid }
            return .valid(record, user)
        case .expired: return .expired
        case .unknown: return .invalid
        }
    }

    /// API-style errors (LINE's profile and friendship endpoints answer `{"message"}`, not OAuth's
    /// `{"error"}`) with a bearer challenge.
    private func apiFailure(_ authorization: Authorization) -> Response {
        let message = if case .expired = authorization { "The access token expired" } else { "invalid token" }
        return Reply.withBearerChallenge(Reply.apiError(.unauthorized, message), error: "invalid_token")
    }

    /// The user's profile; needs the `profile` scope.
    func profile(_ request: Request) -> Response {
        let authorization = authorize(request)
        guard case .valid(let record, let user) = authorization else { return apiFailure(authorization) }
        guard record.scopes.contains("profile") else {
            return Reply.apiError(.forbidden, "Not allowed to use the API.")
        }
        return Reply.json(
            ProfileBody(
                userId: user.userID,
                displayName: user.displayName,
                pictureUrl: user.pictureURL,
                statusMessage: user.statusMessage
            )
        )
    }

    /// Whether the user is a friend of the channel's linked official account; needs `profile`.
    func friendship(_ request: Request) -> Response {
        let authorization = authorize(request)
        guard case .valid(let record, let user) = authorization else { return apiFailure(authorization) }
        guard record.scopes.contains("profile") else {
            return Reply.apiError(.forbidden, "Not allowed to use the API.")
        }
        let hasBot = store.channel(id: record.channelID)?.botName != nil
        return Reply.json(FriendshipBody(friendFlag: hasBot && user.isFriend))
    }

    /// OIDC userinfo; needs `openid`; never returns an email.
    func userinfo(_ request: Request) -> Response {
        let authorization = authorize(request)
        switch authorization {
        case .valid(let record, let user):
            guard record.scopes.contains("openid") else {
                return Reply.withBearerChallenge(
                    Reply.oauthError(.forbidden, "insufficient_scope", "the openid scope is required"),
                    error: "insufficient_scope"
                )
            }
            let profile = record.scopes.contains("profile")
            return Reply.json(
                UserinfoBody(
                    sub: user.userID,
                    name: profile ? user.displayName : nil,
                    picture: profile ? user.pictureURL : nil
                )
            )
        case .expired:
            return Reply.withBearerChallenge(
                Reply.oauthError(.unauthorized, "invalid_token", "The access token expired"),
                error: "invalid_token"
            )
        case .invalid:
            return Reply.withBearerChallenge(
                Reply.oauthError(.unauthorized, "invalid_token", "invalid token"),
                error: "invalid_token"
            )
        }
    }
}
#endif
