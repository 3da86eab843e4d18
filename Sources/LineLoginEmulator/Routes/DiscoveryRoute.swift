#if Emulator
import Foundation
import Hummingbird

/// `GET /.well-known/openid-configuration` and `GET /oauth2/v2.1/certs`.
struct DiscoveryRoute: Sendable {
    let store: EmulatorStore

    /// The OpenID Provider metadata; every endpoint lives on the emulator's own origin, also when the
    /// issuer is another (``EmulatorConfiguration/issuer``).
    /// Answering for LINE's host names, the endpoints are LINE's own URLs (login on `access.line.me`, the
    /// rest on `api.line.me`), as LINE's discovery lists them.
    func configuration(_ request: Request) -> Response {
        let base = RouteSupport.base(store: store, request: request)
        let (access, api) = store.answersForLINEHosts ? (LINEHosts.access, LINEHosts.api) : (base, base)
        return Reply.json(
            DiscoveryDocument(
                issuer: RouteSupport.issuer(store: store, request: request),
                authorizationEndpoint: access + "/oauth2/v2.1/authorize",
                tokenEndpoint: api + "/oauth2/v2.1/token",
                userinfoEndpoint: api + "/oauth2/v2.1/userinfo",
                jwksURI: api + "/oauth2/v2.1/certs",
                revocationEndpoint: api + "/oauth2/v2.1/revoke",
                responseTypesSupported: ["code"],
                subjectTypesSupported: ["pairwise"],
                idTokenSigningAlgValuesSupported: ["ES256"],
                codeChallengeMethodsSupported: ["S256"],
                scopesSupported: ["openid", "profile", "email"]
            )
        )
    }

    /// The JWKS: the current key plus rotated-out keys inside their grace period.
    func certificates(_ request: Request) -> Response {
        Reply.json(JSONWebKeySet(keys: store.publishedKeys().map(\.jwk)))
    }
}
#endif
