#if Emulator
import Foundation
import Hummingbird

/// `POST /oauth2/v2.1/revoke`: takes `access_token` or `refresh_token`, not RFC 7009's `token`, as
/// LINE's revoke endpoint does.
struct RevokeRoute: Sendable {
    let store: EmulatorStore

    func handle(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.oauthResponse
        }
        let channel: EmulatorChannel
        switch ClientAuthentication.check(params, request: request, store: store) {
        case .authenticated(let found, _): channel = found
        case .refused(let response): return response
        }
        let accessToken = params.nonEmpty("access_token")
        let refreshToken = params.nonEmpty("refresh_token")
        guard accessToken != nil || refreshToken != nil else {
            return Reply.oauthError(.badRequest, "invalid_request", "access_token or refresh_token is required")
        }
        var valid = true
        if let accessToken { valid = store.revoke(accessToken: accessToken, channelID: channel.channelID) && valid }
        if let refreshToken { valid = store.revoke(refreshToken: refreshToken, channelID: channel.channelID) && valid }
        // LINE's reference doesn't say what an unknown, expired or already revoked token gets. LINE's SDK
        // (API+Auth.swift: "We recognize response 400 as a success for revoking (since the token itself is
        // invalid)") shows LINE answers 400, not RFC 7009 §2.2's 200; this package's client treats that
        // 400 as revoked (ProviderQuirks.revokeBadRequestMeansRevoked).
        guard valid else { return Reply.oauthError(.badRequest, "invalid_request", "invalid token") }
        return Reply.empty()
    }
}
#endif
