#if Server
import Foundation
import OAuthEngine
import LineLoginPlatform
extension LinePlatform {
    /// LINE's endpoints a server calls, by the names the `endpoint` metric dimension uses.
    var namedEndpoints: [(URL, String)] {
        [
            (jwksURL, "jwks"), (verifyURL, "verify"), (profileURL, "profile"), (tokenURL, "token"), (revokeURL, "revoke"),
            (friendshipURL, "friendship"), (userinfoURL, "userinfo"),
        ]
    }

    /// `transport` counted and timed by endpoint (``InstrumentedTransport``).
    func instrumenting(_ transport: any HTTPTransport, _ observability: LineLoginObservability) -> any HTTPTransport {
        InstrumentedTransport(wrapping: transport, endpoints: namedEndpoints, observability: observability)
    }
}
#endif
