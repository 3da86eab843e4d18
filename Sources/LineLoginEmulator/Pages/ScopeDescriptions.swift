import Foundation

/// Scopes in words, for the consent page.
enum ScopeDescriptions {
    /// A sentence for `scope`.
    static func describe(_ scope: String) -> String {
        switch scope {
        case "profile": "Your profile information (display name, profile picture and status message)"
        case "openid": "Your internal identifier (OpenID Connect ID token)"
        case "email": "Your email address"
        default: scope
        }
    }
}
