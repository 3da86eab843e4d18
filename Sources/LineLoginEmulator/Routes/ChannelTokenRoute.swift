#if Emulator
import Foundation
import Hummingbird

/// `POST /oauth2/v3/token`: a stateless channel access token (client credentials), what a LINE Login
/// channel needs to call `POST /user/v1/deauthorize`. LINE's reference: `grant_type=client_credentials`,
/// `client_id`, `client_secret`; answers `{token_type, access_token, expires_in: 900}`.
struct ChannelTokenRoute: Sendable {
    let store: EmulatorStore

    private struct Body: Encodable {
        let tokenType = "Bearer"
        let accessToken: String
        let expiresIn: Int
        enum CodingKeys: String, CodingKey {
            case tokenType = "token_type"
            case accessToken = "access_token"
            case expiresIn = "expires_in"
        }
    }

    func handle(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.oauthResponse
        }
        guard params["grant_type"] == "client_credentials" else {
            return Reply.oauthError(.badRequest, "unsupported_grant_type", "grant_type must be client_credentials")
        }
        // A wrong ID or secret is one answer: which one is wrong is not told.
        guard let clientID = params.nonEmpty("client_id"), let secret = params.nonEmpty("client_secret"),
            let channel = store.channel(id: clientID), ConstantTime.equals(secret, channel.channelSecret)
        else {
            return Reply.oauthError(.badRequest, "invalid_client", "invalid client_id or client_secret")
        }
        let issued = store.issueChannelAccessToken(channelID: channel.channelID)
        return Reply.json(Body(accessToken: issued.token, expiresIn: issued.expiresIn), noStore: true)
    }
}
#endif
