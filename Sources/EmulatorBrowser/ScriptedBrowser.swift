public import Foundation
public import OAuthEngine

/// A user agent that does what a person does on the emulator's login page, over real HTTP: open the
/// authorization URL, sign in as a user, allow (or cancel) the consent screen, and hand back the
/// redirect. For the demo, end-to-end tests and headless clients.
///
/// It relies only on the page's documented form contract (`/oauth2/v2.1/login` and
/// `/oauth2/v2.1/consent` forms with a hidden `session` field), never on emulator internals.
public struct ScriptedBrowser: UserAgent {
    /// What the scripted user does on the consent screen.
    public enum Decision: Sendable {
        /// Allow, optionally adding the linked official account as a friend.
        case allow(addFriend: Bool)
        /// Press Cancel on the consent screen.
        case cancel
        /// Press Cancel on the login screen.
        case cancelAtLogin
    }

    /// One step the browser took, for progress output.
    public struct Step: Sendable {
        /// What happened, e.g. "authorize: login page".
        public let name: String
        /// How long it took.
        public let duration: Duration
    }

    /// Errors from the scripted session (the page did not look as expected).
    public enum BrowserError: Error, Sendable, CustomStringConvertible {
        /// A page or redirect was not what the contract promises.
        case unexpectedPage(step: String, status: Int)
        /// The page had no `session` field.
        case missingSession(step: String)

        /// A one-line explanation.
        public var description: String {
            switch self {
            case .unexpectedPage(let step, let status): return "\(step): unexpected HTTP \(status)"
            case .missingSession(let step): return "\(step): no session field in the page"
            }
        }
    }

    let email: String
    let password: String
    let decision: Decision
    let redirectURI: URL
    let transport: any HTTPTransport
    let onStep: (@Sendable (Step) -> Void)?

    /// - Parameters:
    ///   - email: the user to sign in as (an emulator user's email).
    ///   - password: that user's password.
    ///   - decision: what to do on the consent screen.
    ///   - redirectURI: the redirect URI to use when the login doesn't name one (a registered loopback callback).
    ///   - transport: HTTP without redirect following.
    ///   - onStep: called after each step with its timing.
    public init(
        email: String, password: String, decision: Decision = .allow(addFriend: true),
        redirectURI: URL = URL(string: "http://127.0.0.1/callback")!, // literal, cannot fail
        transport: any HTTPTransport = URLSessionTransport(), onStep: (@Sendable (Step) -> Void)? = nil
    ) {
        self.email = email
        self.password = password
        self.decision = decision
        self.redirectURI = redirectURI
        self.transport = transport
        self.onStep = onStep
    }

    /// Starts an attempt; no listener is needed because the redirect is read from the `Location` header.
    public func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        Session(browser: self, redirectURI: redirectURI ?? self.redirectURI)
    }

    struct Session: UserAgentSession {
        let browser: ScriptedBrowser
        let redirectURI: URL

        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            do { return try await browser.run(authorizationURL) } catch let error as UserAgentError { throw error } catch {
                throw .unavailable(String(describing: error))
            }
        }

        func cancel() {}
    }

    func run(_ authorizationURL: URL) async throws -> URL {
        let clock = ContinuousClock()
        var start = clock.now
        func step(_ name: String) {
            let now = clock.now
            onStep?(Step(name: name, duration: now - start))
            start = now
        }
        let loginPage = try await send(HTTPRequest(url: authorizationURL))
        if let location = redirect(loginPage) {
            step("authorize: auto-approved")
            return location
        }
        guard loginPage.statusCode == 200 else { throw BrowserError.unexpectedPage(step: "authorize", status: loginPage.statusCode) }
        let session = try sessionField(loginPage, step: "authorize")
        step("authorize: login page served")
        let origin = try originURL(of: authorizationURL)

        let loginAction = decisionIsCancelAtLogin ? "cancel" : "login"
        let consentPage = try await send(
            .form(
                url: origin.appendingPathComponent("oauth2/v2.1/login"),
                fields: [("session", session), ("email", browser.email), ("password", browser.password), ("action", loginAction)]))
        if let location = redirect(consentPage) {
            // A cancel, or a channel the user consented to before (LINE asks once per scope).
            step(decisionIsCancelAtLogin ? "sign-in: cancelled" : "sign-in: consent given before")
            return location
        }
        guard consentPage.statusCode == 200 else { throw BrowserError.unexpectedPage(step: "sign-in", status: consentPage.statusCode) }
        let consentSession = try sessionField(consentPage, step: "sign-in")
        step("sign-in as \(browser.email)")

        var fields = [("session", consentSession)]
        switch browser.decision {
        case .allow(let addFriend):
            fields.append(("action", "allow"))
            if addFriend { fields.append(("add_friend", "on")) }
        case .cancel, .cancelAtLogin:
            fields.append(("action", "cancel"))
        }
        var callback = try await send(.form(url: origin.appendingPathComponent("oauth2/v2.1/consent"), fields: fields))
        // bot_prompt=aggressive asks on a screen of its own after consent.
        if callback.statusCode == 200, String(decoding: callback.body, as: UTF8.self).contains(#"value="add-friend""#) {
            step("consent → add-friend screen")
            var addFriend = false
            if case .allow(let wanted) = browser.decision { addFriend = wanted }
            callback = try await send(
                .form(
                    url: origin.appendingPathComponent("oauth2/v2.1/consent"),
                    fields: [("session", consentSession), ("action", addFriend ? "add-friend" : "skip-friend")]))
        }
        guard let location = redirect(callback) else { throw BrowserError.unexpectedPage(step: "consent", status: callback.statusCode) }
        step("consent → redirect to the callback")
        return location
    }

    private var browser: ScriptedBrowser { self }

    private var decisionIsCancelAtLogin: Bool {
        if case .cancelAtLogin = decision { return true }
        return false
    }

    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        request.headers["Accept"] = "text/html"
        return try await transport.send(request)
    }

    private func redirect(_ response: HTTPResponse) -> URL? {
        guard (300..<400).contains(response.statusCode), let location = response.header("location") else { return nil }
        return URL(string: location)
    }

    private func sessionField(_ response: HTTPResponse, step: String) throws -> String {
        let html = String(decoding: response.body, as: UTF8.self)
        let marker = "name=\"session\" value=\""
        guard let range = html.range(of: marker), let end = html[range.upperBound...].firstIndex(of: "\"") else {
            throw BrowserError.missingSession(step: step)
        }
        return String(html[range.upperBound..<end])
    }

    private func originURL(of url: URL) throws -> URL {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        guard let origin = components.url else { throw BrowserError.unexpectedPage(step: "authorize", status: 0) }
        return origin
    }
}
