#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

/// `line-login oauth login`: sign in with an OpenID Connect issuer (or LinkedIn) through the system
/// browser and a loopback redirect.
struct OAuthLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in with an OpenID Connect issuer or LinkedIn (system browser, loopback redirect).")

    @OptionGroup var options: OAuthOptions

    @Option(name: .customLong("scope"), parsing: .upToNextOption, help: "Scopes (default: the provider's, e.g. openid profile email).")
    var scopes: [String] = []

    @Option(
        name: .customLong("redirect-port"),
        help: "Listen on this loopback port (must match the client's registered redirect URI, http://127.0.0.1:PORT/callback).")
    var redirectPort: Int?

    @Flag(name: .customLong("no-browser"), help: "Print the login URL instead of opening a browser.")
    var noBrowser = false

    @Option(help: "Seconds to wait for the browser.")
    var timeout: Int = 300

    @Flag(
        help:
            "Sign in on another device (RFC 8628): print a code and an address to open anywhere, then wait. Needs a provider that offers the device flow."
    )
    var device = false

    func validate() throws {
        try options.validateOptions()
        if let redirectPort { try PortOption.check(redirectPort, option: "--redirect-port", allowsAnyFreePort: false) }
        if device && (redirectPort != nil || noBrowser) {
            throw ValidationError("--device signs in without a browser here: drop --redirect-port and --no-browser")
        }
        if timeout <= 0 { throw ValidationError("--timeout must be positive") }
        if options.clientID == nil { throw ValidationError("--client-id is required") }
        if options.issuer == nil && options.provider == nil { throw ValidationError("give --issuer URL (or --provider linkedin)") }
    }

    func run() async throws {
        try await reportingOAuthFailures(options.diagnostics) {
            let client = try await options.makeClient()
            let profile = try options.resolvedProfile()
            let requestedScopes = scopes.isEmpty ? profile.defaultScopes : scopes
            if device {
                try await signInOnAnotherDevice(client, scopes: requestedScopes)
                return
            }
            let agent = LoopbackUserAgent(
                port: redirectPort, timeout: .seconds(timeout),
                browser: noBrowser ? PrintingBrowserOpener() : SystemBrowserOpener())
            let redirect = redirectPort.flatMap { URL(string: "http://127.0.0.1:\($0)/callback") }
            let requested = requestedScopes
            Console.progress(
                "Signing in to \(client.configuration.endpoints.issuer) as client \(client.configuration.clientID) (\(profile.description))."
            )
            Console.progress("Waiting for the login in the browser (Ctrl-C to stop)…")
            let result = try await interruptibly { () async throws(OAuthError) -> SignInResult in
                try await client.signIn(scopes: requested, userAgent: agent, redirectURI: redirect)
            }
            try report(result, client: client)
        }
    }

    /// The device authorization grant: the code and address on stderr, then polling until the user
    /// approves (exit 0), denies or lets the code expire (exit 5).
    private func signInOnAnotherDevice(_ client: OAuthClient, scopes: [String]) async throws {
        guard client.configuration.endpoints.deviceAuthorizationEndpoint != nil else {
            throw CommandFailure(
                "\(client.configuration.endpoints.issuer) offers no device sign-in (its discovery document has no "
                    + "device_authorization_endpoint). Sign in with the browser instead: drop --device.", exit: .usage)
        }
        let authorization: DeviceAuthorization
        do { authorization = try await client.startDeviceAuthorization(scopes: scopes) } catch { throw CommandFailure(oauth: error) }
        Console.progress(
            "To sign in, open \(TerminalText.field(authorization.verificationURI.absoluteString, limit: TerminalText.urlLimit)) on any device and enter the code:"
        )
        Console.progress("    \(TerminalText.field(authorization.userCode, limit: TerminalText.userCodeLimit))")
        if let complete = authorization.verificationURIComplete {
            Console.progress("(or open \(TerminalText.field(complete.absoluteString, limit: TerminalText.urlLimit)))")
        }
        Console.progress(
            "Waiting for the approval (the code works for \(LoginCommand.duration(max(1, Int(authorization.expiresAt.timeIntervalSinceNow)))); Ctrl-C to stop)…"
        )
        let result = try await interruptibly { () async throws(OAuthError) -> SignInResult in
            try await client.completeDeviceAuthorization(authorization)
        }
        try report(result, client: client)
    }

    /// Runs a sign-in that Ctrl-C (or SIGTERM) stops: the listener closes or the polling ends, and the
    /// command exits as "cancelled" instead of being killed by the signal.
    private func interruptibly(_ operation: @escaping @Sendable () async throws(OAuthError) -> SignInResult) async throws -> SignInResult {
        // Armed before the sign-in starts: it prints the URL, and a Ctrl-C right after must not kill the process.
        let cancellation = SignalCancellation()
        let interrupt = SignalWatcher(signals: [SIGINT, SIGTERM]) { cancellation.fire() }
        defer { interrupt.stop() }
        let login = Task { () async throws(OAuthError) -> SignInResult in try await operation() }
        cancellation.cancel(with: { login.cancel() })
        do { return try await login.value } catch let error as OAuthError { throw CommandFailure(oauth: error) } catch {
            throw CommandFailure(oauth: .userAgent(.cancelled))
        }
    }

    private func report(_ result: SignInResult, client: OAuthClient) throws {
        try options.remember(client)
        if options.json {
            Console.json(
                OAuthTokenSummary.dictionary(
                    result.tokens, issuer: client.configuration.endpoints.issuer, clientID: client.configuration.clientID))
        } else {
            let who =
                result.idTokenClaims.map {
                    " as \(TerminalText.field($0.name ?? $0.email ?? $0.subject)) (\(TerminalText.field($0.subject)))"
                } ?? ""
            Console.out("Signed in\(who).")
            OAuthTokenSummary.lines(result.tokens).forEach(Console.out)
        }
    }
}
#endif
