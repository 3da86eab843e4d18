public import Foundation

extension AuthorizationRequest {
    /// Recreates a request from the parts a server kept between the redirect and the callback (in a
    /// sealed cookie or a session), so ``AuthorizationResponse`` can check the callback against it.
    /// Generates nothing: `state`, `nonce` and the PKCE verifier are the ones originally sent.
    public init(
        restoringEndpoint endpoint: URL, clientID: String, redirectURI: URL, scopes: [String], state: String,
        nonce: String?, codeVerifier: String?, additionalParameters: [(String, String)] = []
    ) {
        self.endpoint = endpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = state
        self.nonce = nonce
        self.pkce = codeVerifier.map(PKCE.init(verifier:))
        self.additionalParameters = additionalParameters
    }
}
