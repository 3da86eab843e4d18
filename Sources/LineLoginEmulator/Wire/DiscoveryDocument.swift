#if Emulator
import Foundation

/// The body of `GET /.well-known/openid-configuration`.
struct DiscoveryDocument: Codable, Sendable {
    var issuer: String
    var authorizationEndpoint: String
    var tokenEndpoint: String
    var userinfoEndpoint: String
    var jwksURI: String
    var revocationEndpoint: String
    var responseTypesSupported: [String]
    var subjectTypesSupported: [String]
    var idTokenSigningAlgValuesSupported: [String]
    var codeChallengeMethodsSupported: [String]
    var scopesSupported: [String]

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksURI = "jwks_uri"
        case revocationEndpoint = "revocation_endpoint"
        case responseTypesSupported = "response_types_supported"
        case subjectTypesSupported = "subject_types_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case scopesSupported = "scopes_supported"
    }
}
#endif
