#if Emulator
import Foundation
import Hummingbird

/// One client check for the token endpoint's grants and for revoke: `client_id` names a channel, a
/// `client_secret` that is sent is right, and one is sent where the channel's type requires it.
enum ClientAuthentication {
    /// The channel, or the OAuth error response.
    enum Outcome {
        case authenticated(EmulatorChannel)
        case refused(Response)
    }

    /// Checks the client of `params`. (A code exchange without PKCE also needs the secret, whatever the
    /// channel's type; the token route checks that once it knows the code.)
    static func check(_ params: FormParameters, store: EmulatorStore) -> Outcome {
        guard let clientID = params.nonEmpty("client_id") else {
            return .refused(Reply.oauthError(.badRequest, "invalid_request", "client_id is required"))
        }
        guard let channel = store.channel(id: clientID) else {
            return .refused(Reply.oauthError(.unauthorized, "invalid_client", "invalid client_id"))
        }
        guard let secret = params["client_secret"] else {
            // LINE: client_secret is "required for web-only channels" on refresh and revoke, and a web
            // login's code exchange always sends it; native apps (LINE's SDK) never hold it.
            if channel.webOnly {
                return .refused(Reply.oauthError(.unauthorized, "invalid_client", "client_secret is required for a web-only channel"))
            }
            return .authenticated(channel)
        }
        guard ConstantTime.equals(secret, channel.channelSecret) else {
            return .refused(Reply.oauthError(.unauthorized, "invalid_client", "invalid client_secret"))
        }
        return .authenticated(channel)
    }
}
#endif
