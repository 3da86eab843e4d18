#if Emulator
import Foundation
import OAuthEngine

/// Wraps a user agent and rewrites the redirect it returns (to forge a state, replay a callback, …).
struct RewritingAgent: UserAgent {
    let base: any UserAgent
    let rewrite: @Sendable (URL) -> URL

    init(base: any UserAgent, rewrite: @escaping @Sendable (URL) -> URL = { $0 }) {
        self.base = base
        self.rewrite = rewrite
    }

    func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
        Session(base: try await base.beginSession(redirectURI: redirectURI), rewrite: rewrite)
    }

    struct Session: UserAgentSession {
        let base: any UserAgentSession
        let rewrite: @Sendable (URL) -> URL
        var redirectURI: URL { base.redirectURI }
        func present(_ authorizationURL: URL) async throws -> URL {
            rewrite(try await base.present(authorizationURL))
        }
        func cancel() { base.cancel() }
    }
}
#endif
