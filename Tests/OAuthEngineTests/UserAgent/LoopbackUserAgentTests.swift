@testable import ClientTestSupport
import Foundation
import LineLoginPrimitives
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OAuthEngine
import Testing
@testable import TransportTestSupport

@Suite("LoopbackUserAgent")
struct LoopbackUserAgentTests {
    /// A browser that never calls back.
    private static let silentBrowser = ClosureBrowserOpener { _ in true }

    private static func port(of session: any UserAgentSession) -> Int {
        session.redirectURI.port ?? -1
    }

    /// The session's listening socket, identified while it listens; fails the test when it can't be
    /// told apart from whatever binds the port next.
    private static func probe(_ session: any UserAgentSession) throws -> ListeningSocketProbe {
        let probe = ListeningSocketProbe(port: port(of: session))
        try #require(!probe.lostTheSocket, "the listener on port \(probe.port) is not in /proc/net/tcp")
        return probe
    }

    private static func isRedirectFormat(_ url: URL, path: String = "/callback") -> Bool {
        url.scheme == "http" && url.host == "127.0.0.1" && (url.port ?? 0) > 0 && url.path == path
    }

    // MARK: - The callback

    @Test func returnsTheCallbackURLAndShowsThePage() async throws {
        let browser = LoopbackTestBrowser()
        let agent = LoopbackUserAgent(timeout: .seconds(30), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)
        #expect(Self.isRedirectFormat(session.redirectURI))

        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))

        #expect(callback.absoluteString == session.redirectURI.absoluteString + "?code=abc&state=xyz")
        let visit = try #require(await browser.response())
        #expect(visit.status == 200)
        #expect(visit.contentType == "text/html; charset=utf-8")
        #expect(visit.cacheControl == "no-store")
        #expect(visit.body.contains("You can close this tab; the terminal shows the result."))
        // The page is sent before the state check and the code exchange: it must not claim success.
        #expect(!visit.body.contains("Signed in") && !visit.body.contains("Sign-in is complete"))
        #expect(!visit.body.contains("abc") && !visit.body.contains("xyz"))
        #expect(browser.openCount == 1)
    }

    @Test func errorRedirectSaysSignInDidNotCompleteAndEchoesNothing() async throws {
        let browser = LoopbackTestBrowser(
            query: "error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=xyz"
        )
        let agent = LoopbackUserAgent(timeout: .seconds(30), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)

        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))

        // The agent hands the error on untouched; the engine checks state and maps it.
        #expect(callback.query?.hasPrefix("error=access_denied") == true)
        let visit = try #require(await browser.response())
        #expect(visit.status == 200)
        #expect(visit.body.contains("did not complete"))
        #expect(!visit.body.contains("access_denied"))
        #expect(!visit.body.contains("script>alert"))
    }

    @Test func customSuccessPage() async throws {
        let browser = LoopbackTestBrowser()
        let agent = LoopbackUserAgent(
            timeout: .seconds(30), browser: browser.opener,
            successPage: "<p>Welcome back</p>")
        let session = try await agent.beginSession(redirectURI: nil)
        _ = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        #expect(await browser.response()?.body == "<p>Welcome back</p>")
    }

    @Test func otherPathsAndMethodsAreRefusedWhileWaiting() async throws {
        let answers = LoopbackAnswers()
        let browser = LoopbackTestBrowser { port in
            await answers.append(LoopbackTestClient.get(port: port, target: "/favicon.ico"))
            await answers.append(LoopbackTestClient.get(port: port, target: "/callback", method: "POST"))
            await answers.append(LoopbackTestClient.get(port: port, target: "/callbackx?code=1"))
            await answers.append(LoopbackTestClient.get(port: port, target: "/"))
        }
        let agent = LoopbackUserAgent(timeout: .seconds(30), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)

        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))

        #expect(callback.query == "code=abc&state=xyz")
        let responses = await answers.values
        #expect(responses.count == 4)
        #expect(responses[0]?.hasPrefix("HTTP/1.1 404 ") == true)
        #expect(responses[1]?.hasPrefix("HTTP/1.1 405 ") == true)
        #expect(responses[1]?.contains("Allow: GET") == true)
        #expect(responses[2]?.hasPrefix("HTTP/1.1 404 ") == true)
        #expect(responses[3]?.hasPrefix("HTTP/1.1 404 ") == true)
    }

    @Test func acceptsExactlyOneCallbackThenCloses() async throws {
        let browser = LoopbackTestBrowser()
        let agent = LoopbackUserAgent(timeout: .seconds(30), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)
        let listener = try Self.probe(session)

        _ = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))

        // Closed, so no second callback can be accepted.
        #expect(await listener.isClosed())
        #expect((session as? LoopbackSession)?.localAddress == nil)
        // The session is spent.
        await #expect(throws: UserAgentError.unavailable("this sign-in attempt was already used")) {
            try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        }
    }

    // MARK: - Robustness

    @Test func garbageAndHostileRequestsDoNotEndTheWait() async throws {
        let answers = LoopbackAnswers()
        let idleConnection = Locked<Int32?>(nil)
        let browser = LoopbackTestBrowser { port in
            // A pre-connection that never sends anything, still open when the real callback comes, must not
            // hold it up: it is closed only after the callback arrived.
            let idle = await LoopbackTestClient.openIdleConnection(port: port)
            idleConnection.wrappedValue = idle
            await answers.append(LoopbackTestClient.exchange(port: port, request: Array("GARBAGE\r\n\r\n".utf8)))
            await answers.append(LoopbackTestClient.exchange(port: port, request: [0, 0xFF, 0xFE, 13, 10, 13, 10]))
            await answers.append(
                LoopbackTestClient.exchange(
                    port: port,
                    request: Array("GET /callback?code=1 HTTP/1.1\r\n".utf8)
                        + [UInt8](repeating: UInt8(ascii: "a"), count: 20 * 1024)))
            await answers.append(LoopbackTestClient.get(port: port, target: "/callback?code=evil", host: "evil.example:\(port)"))
            await answers.append(LoopbackTestClient.get(port: port, target: "http://127.0.0.1/callback?code=1"))
            await answers.append(LoopbackTestClient.exchange(port: port, request: Array("GET /callback?code=1 HTTP/2.0\r\n\r\n".utf8)))
            await answers.append(LoopbackTestClient.exchange(port: port, request: Array("GET /callback?code=a b HTTP/1.1\r\n\r\n".utf8)))
        }
        let agent = LoopbackUserAgent(timeout: .seconds(30), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)

        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        #expect(idleConnection.wrappedValue != nil, "the idle connection was open while the callback came")
        if let idle = idleConnection.wrappedValue { close(idle) }

        #expect(callback.query == "code=abc&state=xyz")
        let responses = await answers.values
        #expect(responses.count == 7)
        #expect(responses[0]?.hasPrefix("HTTP/1.1 400 ") == true)
        #expect(responses[1]?.hasPrefix("HTTP/1.1 400 ") == true)
        #expect(responses[2]?.hasPrefix("HTTP/1.1 431 ") == true)
        #expect(responses[3]?.hasPrefix("HTTP/1.1 400 ") == true)
        #expect(responses[4]?.hasPrefix("HTTP/1.1 400 ") == true)
        #expect(responses[5]?.hasPrefix("HTTP/1.1 400 ") == true)
        #expect(responses[6]?.hasPrefix("HTTP/1.1 400 ") == true)
    }

    @Test func aClientThatHangsUpEarlyIsIgnored() async throws {
        let browser = LoopbackTestBrowser { port in
            _ = await LoopbackTestClient.offload {
                guard let descriptor = LoopbackTestClient.openConnection(port: port) else { return false }
                let partial = Array("GET /call".utf8)
                _ = partial.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
                close(descriptor)
                return true
            }
        }
        let agent = LoopbackUserAgent(timeout: .seconds(30), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)
        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        #expect(callback.query == "code=abc&state=xyz")
    }

    // MARK: - Ending without a callback

    @Test func timesOut() async throws {
        let agent = LoopbackUserAgent(timeout: .milliseconds(300), browser: Self.silentBrowser)
        let session = try await agent.beginSession(redirectURI: nil)
        let listener = try Self.probe(session)

        let started = ContinuousClock.now
        await #expect(throws: UserAgentError.timedOut) {
            try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        }
        // Behaviour, not speed: the timeout must not fire before it is due.
        #expect(ContinuousClock.now - started >= .milliseconds(250))
        #expect(await listener.isClosed())
    }

    /// Who ends a `present` that is waiting for its callback.
    enum Canceller: String, CaseIterable, CustomTestStringConvertible {
        case session, task
        var testDescription: String { self == .session ? "session.cancel()" : "the task's cancellation" }
    }

    @Test(arguments: Canceller.allCases)
    func cancellingEndsAPendingPresent(by canceller: Canceller) async throws {
        let agent = LoopbackUserAgent(timeout: .seconds(60), browser: Self.silentBrowser)
        let session = try await agent.beginSession(redirectURI: nil)
        let listener = try Self.probe(session)
        let authorizationURL = LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI)

        let pending = Task { try await session.present(authorizationURL) }
        try await Task.sleep(for: .milliseconds(100))
        switch canceller {
        case .session: session.cancel()
        case .task: pending.cancel()
        }

        let result = await pending.result
        #expect(throws: UserAgentError.cancelled) { try result.get() }
        #expect(await listener.isClosed())
    }

    @Test func cancelBeforePresentClosesAndSkipsTheBrowser() async throws {
        let browser = LoopbackTestBrowser()
        let agent = LoopbackUserAgent(timeout: .seconds(60), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)
        let listener = try Self.probe(session)

        session.cancel()

        #expect(await listener.isClosed())
        await #expect(throws: UserAgentError.cancelled) {
            try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        }
        #expect(browser.openCount == 0)
    }

    @Test func anAlreadyCancelledTaskDoesNotOpenTheBrowser() async throws {
        let browser = LoopbackTestBrowser()
        let agent = LoopbackUserAgent(timeout: .seconds(60), browser: browser.opener)
        let session = try await agent.beginSession(redirectURI: nil)
        let authorizationURL = LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI)

        let pending = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await session.present(authorizationURL)
        }
        let result = await pending.result
        #expect(throws: UserAgentError.cancelled) { try result.get() }
        #expect(browser.openCount == 0)
    }

    @Test func droppingAnUnusedSessionClosesTheListener() async throws {
        let agent = LoopbackUserAgent(browser: Self.silentBrowser)
        var session: (any UserAgentSession)? = try await agent.beginSession(redirectURI: nil)
        let listener = try Self.probe(try #require(session))
        #expect(await listener.isClosed() == false)
        session = nil
        #expect(session == nil)
        #expect(await listener.isClosed())
    }

    // MARK: - Address and port

    @Test func listensOnLoopbackOnly() async throws {
        let agent = LoopbackUserAgent(browser: Self.silentBrowser)
        let session = try await agent.beginSession(redirectURI: nil)
        let loopback = try #require(session as? LoopbackSession)
        let bound = try #require(loopback.localAddress)
        #expect(bound.host == "127.0.0.1")
        #expect(bound.port == Self.port(of: session))
    }

    @Test func listensOnIPv6LoopbackWhenAsked() async throws {
        let agent = LoopbackUserAgent(browser: Self.silentBrowser)
        let session: any UserAgentSession
        do {
            session = try await agent.beginSession(redirectURI: URL(string: "http://[::1]/callback"))
        } catch .unavailable {
            return // No IPv6 on this machine.
        }
        let bound = try #require((session as? LoopbackSession)?.localAddress)
        #expect(bound.host == "::1")
        #expect(session.redirectURI.absoluteString == "http://[::1]:\(bound.port)/callback")
    }

    @Test func usesAFixedPortFromTheInitializer() async throws {
        let browser = LoopbackTestBrowser()
        let (port, session) = try await Self.onAFreePort { port in
            try await LoopbackUserAgent(port: port, timeout: .seconds(30), browser: browser.opener).beginSession(redirectURI: nil)
        }
        #expect(session.redirectURI.absoluteString == "http://127.0.0.1:\(port)/callback")
        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        #expect(callback.absoluteString == "http://127.0.0.1:\(port)/callback?code=abc&state=xyz")
    }

    @Test func theRedirectURIOverridesPortAndPath() async throws {
        let browser = LoopbackTestBrowser()
        let agent = LoopbackUserAgent(port: 1, path: "/ignored", timeout: .seconds(30), browser: browser.opener)
        let (port, session) = try await Self.onAFreePort { port in
            try await agent.beginSession(redirectURI: URL(string: "http://127.0.0.1:\(port)/auth/line"))
        }
        #expect(session.redirectURI.absoluteString == "http://127.0.0.1:\(port)/auth/line")
        let callback = try await session.present(LoopbackTestBrowser.authorizationURL(redirectURI: session.redirectURI))
        #expect(callback.absoluteString == "http://127.0.0.1:\(port)/auth/line?code=abc&state=xyz")
    }

    @Test func aRedirectURIWithoutPortGetsAFreeOne() async throws {
        let agent = LoopbackUserAgent(browser: Self.silentBrowser)
        let session = try await agent.beginSession(redirectURI: URL(string: "http://127.0.0.1/cb"))
        #expect(Self.isRedirectFormat(session.redirectURI, path: "/cb"))
    }

    @Test func aPortInUseIsUnavailable() async throws {
        let agent = LoopbackUserAgent(browser: Self.silentBrowser)
        let first = try await agent.beginSession(redirectURI: nil)
        let port = Self.port(of: first)
        await #expect(throws: UserAgentError.unavailable("port \(port) is in use")) {
            _ = try await LoopbackUserAgent(port: port, browser: Self.silentBrowser).beginSession(redirectURI: nil)
        }
        first.cancel()
    }

    @Test(arguments: [
        "https://127.0.0.1:8080/callback",
        "http://example.com/callback",
        "http://localhost:8080/callback",
        "http://192.168.1.10:8080/callback",
        "http://0.0.0.0:8080/callback",
        "http://127.0.0.1.example.com/callback",
        "http://127.0.0.1:8080/callback?next=1",
        "http://127.0.0.1:8080/callback#fragment",
        "http://user:pass@127.0.0.1:8080/callback",
        "http://127.0.0.1:70000/callback",
        "myapp://callback",
    ])
    func refusesNonLoopbackRedirectURIs(_ text: String) async throws {
        let agent = LoopbackUserAgent(browser: Self.silentBrowser)
        guard let url = URL(string: text) else { return }
        do {
            _ = try await agent.beginSession(redirectURI: url)
            Issue.record("accepted \(text)")
        } catch {
            guard case .invalidRedirectURI = error else {
                Issue.record("unexpected \(error) for \(text)")
                return
            }
        }
    }

    @Test(arguments: ["localhost", "0.0.0.0", "10.0.0.1", "::"])
    func refusesANonLoopbackListeningHost(_ host: String) async throws {
        let agent = LoopbackUserAgent(host: host, browser: Self.silentBrowser)
        do {
            _ = try await agent.beginSession(redirectURI: nil)
            Issue.record("listened on \(host)")
        } catch {
            #expect(error == .invalidRedirectURI("\(host) is not a loopback address; use 127.0.0.1 or [::1]"))
        }
    }

    /// A port that was free a moment ago.
    private static func freePort() async throws -> Int {
        let session = try await LoopbackUserAgent(browser: silentBrowser).beginSession(redirectURI: nil)
        defer { session.cancel() }
        return port(of: session)
    }

    /// A session begun on a port that was free a moment ago. Between freeing a port and binding it again,
    /// a parallel test (a listener on port 0, or a client's ephemeral port) can take it; then the session
    /// is `.unavailable` and another port is tried.
    private static func onAFreePort(
        _ begin: (Int) async throws -> any UserAgentSession
    ) async throws -> (port: Int, session: any UserAgentSession) {
        var attempt = 0
        while true {
            let port = try await freePort()
            do {
                return (port, try await begin(port))
            } catch UserAgentError.unavailable where attempt < 4 {
                attempt += 1
            }
        }
    }
}

/// Responses collected by a test browser, in order.
actor LoopbackAnswers {
    private(set) var values: [String?] = []

    func append(_ value: String?) {
        values.append(value)
    }
}
