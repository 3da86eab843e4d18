import Foundation
import OAuthEngine

/// A headless user agent for glewlwyd, doing what its JavaScript login page does over the REST API:
/// `POST /api/auth/` with the user's password (session cookie), `PUT /api/auth/grant/<client_id>` with
/// the requested scopes (consent), then `GET <authorization URL>&g_continue`, which answers 302 to
/// the redirect URI with `code` and `state`. The 302 is read, not followed (``URLSessionTransport``
/// never follows redirects), so nothing needs to listen on the redirect URI.
struct GlewlwydBrowser: UserAgent {
    let baseURL: URL
    let username: String
    let password: String
    /// Used when the client passes no redirect URI.
    let redirectURI: URL
    let transport: URLSessionTransport

    init(environment: InteropEnvironment, redirectURI: URL? = nil, password: String? = nil) {
        baseURL = environment.baseURL
        username = environment.user.username
        self.password = password ?? environment.user.password
        self.redirectURI = redirectURI ?? environment.redirectURIs[0]
        transport = URLSessionTransport()
    }

    func beginSession(redirectURI configured: URL?) async throws(UserAgentError) -> any UserAgentSession {
        Session(browser: self, redirectURI: configured ?? redirectURI)
    }

    /// Signs in and consents for the client and scopes named in `authorizationURL`; returns the redirect.
    func authorize(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
        let query = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let clientID = query.first(where: { $0.name == "client_id" })?.value else {
            throw .unavailable("the authorization URL has no client_id")
        }
        let scope = query.first(where: { $0.name == "scope" })?.value ?? "openid"

        let credentials = try json(["username": username, "password": password])
        let login = try await send(
            HTTPRequest(
                method: "POST", url: baseURL.appendingPathComponent("api/auth/"),
                headers: ["Content-Type": "application/json"], body: credentials))
        guard login.statusCode == 200, let cookie = login.header("set-cookie")?.split(separator: ";").first.map(String.init) else {
            throw .unavailable("glewlwyd login answered HTTP \(login.statusCode)")
        }
        // glewlwyd splits the granted list on spaces.
        let grant = try await send(
            HTTPRequest(
                method: "PUT", url: baseURL.appendingPathComponent("api/auth/grant/\(clientID)"),
                headers: ["Content-Type": "application/json", "Cookie": cookie],
                body: try json(["scope": scope])))
        guard grant.statusCode == 200 else { throw .unavailable("glewlwyd grant answered HTTP \(grant.statusCode)") }
        guard let continued = URL(string: authorizationURL.absoluteString + "&g_continue") else {
            throw .unavailable("the authorization URL can't take g_continue")
        }
        let authorize = try await send(HTTPRequest(url: continued, headers: ["Cookie": cookie]))
        guard authorize.statusCode == 302, let location = authorize.header("location"), let redirect = URL(string: location) else {
            throw .unavailable("glewlwyd /auth answered HTTP \(authorize.statusCode) without a redirect")
        }
        return redirect
    }

    private func send(_ request: HTTPRequest) async throws(UserAgentError) -> HTTPResponse {
        do { return try await transport.send(request) } catch { throw .unavailable("glewlwyd unreachable: \(error)") }
    }

    private func json(_ object: [String: String]) throws(UserAgentError) -> Data {
        do { return try JSONSerialization.data(withJSONObject: object) } catch { throw .unavailable("JSON encoding failed") }
    }

    private struct Session: UserAgentSession {
        let browser: GlewlwydBrowser
        let redirectURI: URL

        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            try await browser.authorize(authorizationURL)
        }

        func cancel() {}
    }
}
