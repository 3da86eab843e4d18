import Foundation
import OAuthEngine

/// LINE as an engine provider profile: endpoints, client authentication and LINE's quirks.
public enum LineProviderProfile {
    /// The quirks LINE needs (see the LINE spec's "Quirks"): the engine's LINE profile owns them.
    public static var quirks: ProviderQuirks { ProviderProfile.line.quirks }

    /// A provider configuration for a channel. ES256 is always accepted; HS256 only when a channel
    /// secret is given (web-login tokens are keyed with it).
    public static func configuration(channelID: String, channelSecret: String?, platform: LinePlatform,
                                     leeway: TimeInterval = 60, timeout: TimeInterval = 30) -> ProviderConfiguration {
        ProviderConfiguration(
            issuer: platform.issuer, authorizationEndpoint: platform.authorizeURL, tokenEndpoint: platform.tokenURL,
            jwksURI: platform.jwksURL, userinfoEndpoint: platform.userinfoURL, revocationEndpoint: platform.revokeURL,
            clientID: channelID, clientSecret: channelSecret,
            clientAuthentication: channelSecret == nil ? ClientAuthentication.none : .clientSecretPost,
            idTokenAlgorithms: channelSecret == nil ? [.es256] : [.es256, .hs256],
            quirks: quirks, leeway: leeway, timeout: timeout)
    }

    /// `id_token_key_type=JWK`: asks LINE for an ES256 ID token, verifiable with the public JWKS.
    public static var tokenParameters: [(String, String)] { ProviderProfile.line.tokenParameters }
}
