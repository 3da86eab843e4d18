/// How the client proves itself at the token endpoint.
public enum ClientAuthentication: String, Sendable, Codable, CaseIterable {
    /// A public client: `client_id` in the body, PKCE carries the proof.
    case none
    /// `client_id` and `client_secret` in the form body (LINE, LinkedIn).
    case clientSecretPost = "client_secret_post"
    /// HTTP Basic with the URL-encoded ID and secret (the RFC 6749 default).
    case clientSecretBasic = "client_secret_basic"
}
