#if Emulator
import Foundation
import Hummingbird

/// One client check for the token endpoint's grants and for revoke: the credentials are read from the
/// `Authorization: Basic` header or the body (``ClientCredentials``), `client_id` names a channel, a
/// secret that is sent is right, and one is sent where the channel's type requires it.
enum ClientAuthentication {
    /// The channel and the credentials it was authenticated with, or the OAuth error response.
    enum Outcome {
        case authenticated(EmulatorChannel, ClientCredentials)
        case refused(Response)
    }

    /// Checks the client of a request with form `params`. (A code exchange without PKCE also needs the
    /// secret, whatever the channel's type; the token route checks that once it knows the code.)
    static func check(_ params: FormParameters, request: Request, store: EmulatorStore) -> Outcome {
        check(params, authorization: request.headers[.authorization], store: store)
    }

    /// ``check(_:request:store:)`` with the `Authorization` header's value.
    static func check(_ params: FormParameters, authorization: String?, store: EmulatorStore) -> Outcome {
        let credentials: ClientCredentials
        switch ClientCredentials.read(form: params, authorization: authorization) {
        case .success(let read): credentials = read
        case .failure(.missingClientID):
            return .refused(Reply.oauthError(.badRequest, "invalid_request", "client_id is required"))
        case .failure(.malformedBasic):
            return .refused(invalidClient("malformed Basic client credentials", basic: true))
        case .failure(.conflicting(let description)):
            return .refused(Reply.oauthError(.badRequest, "invalid_request", description))
        }
        guard let channel = store.channel(id: credentials.clientID) else {
            return .refused(invalidClient("invalid client_id", basic: credentials.viaBasic))
        }
        guard let secret = credentials.secret else {
            // LINE: client_secret is "required for web-only channels" on refresh and revoke, and a web
            // login's code exchange always sends it; native apps (LINE's SDK) never hold it.
            if channel.webOnly {
                return .refused(invalidClient("client_secret is required for a web-only channel", basic: credentials.viaBasic))
            }
            return .authenticated(channel, credentials)
        }
        guard ConstantTime.equals(secret, channel.channelSecret) else {
            return .refused(invalidClient("invalid client_secret", basic: credentials.viaBasic))
        }
        return .authenticated(channel, credentials)
    }

    /// 401 `invalid_client`; with `WWW-Authenticate: Basic` when the client tried Basic (RFC 6749 §5.2:
    /// the challenge matches the scheme the client used).
    static func invalidClient(_ description: String, basic: Bool) -> Response {
        var response = Reply.oauthError(.unauthorized, "invalid_client", description)
        if basic { response.headers[.wwwAuthenticateHeader] = #"Basic realm="LINE Login emulator", charset="UTF-8""# }
        return response
    }
}
#endif
