#if Emulator
import Foundation

/// The body of a successful `POST /oauth2/v2.1/token`.
struct TokenResponse: Codable, Sendable {
    var accessToken: String
    var expiresIn: Int
    var idToken: String?
    var refreshToken: String
    var scope: String
    var tokenType: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresIn = "expires_in"
        case idToken = "id_token"
        case refreshToken = "refresh_token"
        case scope
        case tokenType = "token_type"
    }
}

extension TokenResponse {
    /// The answer for `issued`, with an ID token on the code grant only (none on refresh: LINE's
    /// refresh responses carry no ID token).
    init(_ issued: IssuedTokens, idToken: String?) {
        self.init(
            accessToken: issued.accessToken, expiresIn: issued.expiresIn, idToken: idToken,
            refreshToken: issued.refreshToken, scope: RouteSupport.scopeString(issued.scopes), tokenType: "Bearer")
    }
}
#endif
