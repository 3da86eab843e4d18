/// Sentences for people: what the CLI prints and what LineSDK's `untypedError` shows. No token, code,
/// state, nonce or secret appears (none of these errors carries one); Swift case names stay behind
/// `--verbose` (`String(reflecting:)`).
extension OAuthError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .configuration(let message): return "the configuration can't be used: \(message)"
        case .transport(.responseTooLarge(let limit)):
            return "the provider's answer could not be used: \(TransportError.responseTooLarge(limit: limit))"
        case .transport(let transport): return "the provider could not be reached: \(transport)"
        case .server(let server):
            var parts: [String] = []
            if let code = server.code { parts.append(code) }
            if let message = server.message { parts.append(message) }
            let detail = parts.isEmpty ? (server.body.isEmpty ? " with an empty body" : "") : " (" + parts.joined(separator: ": ") + ")"
            return "the provider answered HTTP \(server.statusCode)\(detail)"
        case .invalidResponse(let server):
            return "the provider's answer (HTTP \(server.statusCode)) could not be read: \(server.reason ?? "it is malformed")"
        case .authorization(let authorization): return authorization.description
        case .idToken(let idToken): return "the ID token was refused: " + (LinkedInProvider.explain(idToken) ?? idToken.description)
        case .userAgent(let agent): return agent.description
        case .tokenStore(let store): return store.description
        case .notSignedIn: return "not signed in"
        case .noRefreshToken: return "the session has no refresh token"
        }
    }
}

extension AuthorizationError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noPendingLogin: return "no login is waiting for this callback"
        case .missingState: return "the login callback has no state"
        case .stateMismatch: return "the login callback's state does not match the login (a forged or replayed callback)"
        case .providerError(let code, let description):
            return "the provider refused the login (\(code)\(description.map { ": \($0)" } ?? ""))"
        case .issuerMismatch: return "the login callback names another issuer"
        case .missingCode: return "the login callback has no code"
        case .malformedRedirect: return "the login callback is not a valid redirect"
        }
    }
}

extension UserAgentError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .cancelled: return "the login was cancelled"
        case .timedOut: return "no login came back in time"
        case .invalidRedirectURI(let reason): return "the login came back to an unexpected address: \(reason)"
        case .unavailable(let reason): return "the browser could not be used: \(reason)"
        }
    }
}

extension TokenStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .corrupt(let reason): return "the stored tokens could not be read: \(reason)"
        case .io(let reason): return "the token store failed: \(reason)"
        case .unavailable(let reason): return "the token store is not available yet: \(reason)"
        case .insecure(let reason): return "the token store is not safe to use: \(reason)"
        }
    }
}

extension String {
    /// A phrase as a sentence: "the provider …" → "The provider …." (the descriptions above are phrases,
    /// so they can be embedded; a message shown on its own is a sentence).
    package var asSentence: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst() + (hasSuffix(".") ? "" : ".")
    }
}
