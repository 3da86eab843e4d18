import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LineLoginPrimitives
import OAuthEngine

/// What the simulated browser got back from the loopback agent.
struct LoopbackBrowserVisit: Sendable {
    var status: Int
    var contentType: String?
    var cacheControl: String?
    var connection: String?
    var body: String
}

/// Plays browser and provider: when asked to open the authorization URL, it reads `redirect_uri`
/// from it and (like a browser after sign-in) requests that URI with `query`, via URLSession.
final class LoopbackTestBrowser: Sendable {
    /// The callback request under way and how often the opener ran.
    private let state = LockedValue<(visit: Task<LoopbackBrowserVisit?, Never>?, opened: Int)>((nil, 0))
    private let query: String
    private let before: (@Sendable (Int) async -> Void)?

    /// - Parameters:
    ///   - query: what the provider appends to the redirect URI.
    ///   - before: run with the redirect port before the callback request (favicon, garbage, …).
    init(query: String = "code=abc&state=xyz", before: (@Sendable (Int) async -> Void)? = nil) {
        self.query = query
        self.before = before
    }

    /// The opener to hand to the agent.
    var opener: ClosureBrowserOpener {
        ClosureBrowserOpener { [self] url in
            guard
                let redirect = URLComponents(url: url, resolvingAgainstBaseURL: false)?
                    .queryItems?.first(where: { $0.name == "redirect_uri" })?.value,
                let target = URL(string: redirect + "?" + query),
                let port = target.port
            else { return false }
            let before = self.before
            state.withLock {
                $0.opened += 1
                $0.visit = Task {
                    await before?(port)
                    return await Self.fetch(target)
                }
            }
            return true
        }
    }

    /// How often the opener was called.
    var openCount: Int { state.current.opened }

    /// Waits for the callback request's response.
    func response() async -> LoopbackBrowserVisit? {
        guard let task = state.current.visit else { return nil }
        return await task.value
    }

    /// A GET through URLSession, as a browser would send it.
    static func fetch(_ url: URL) async -> LoopbackBrowserVisit? {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        guard let (data, response) = try? await session.data(from: url),
            let http = response as? HTTPURLResponse
        else { return nil }
        return LoopbackBrowserVisit(
            status: http.statusCode,
            contentType: http.value(forHTTPHeaderField: "Content-Type"),
            cacheControl: http.value(forHTTPHeaderField: "Cache-Control"),
            connection: http.value(forHTTPHeaderField: "Connection"),
            body: String(decoding: data, as: UTF8.self)
        )
    }

    /// An authorization URL carrying `redirectURI`, as the engine would build it.
    static func authorizationURL(redirectURI: URL) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "provider.example"
        components.path = "/authorize"
        components.queryItems = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString),
            URLQueryItem(name: "state", value: "xyz"),
        ]
        return components.url ?? redirectURI
    }
}
