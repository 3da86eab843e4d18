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

    @Option(name: .customLong("redirect-port"), help: "Listen on this loopback port (must match the client's registered redirect URI, http://127.0.0.1:PORT/callback).")
    var redirectPort: Int?

    @Flag(name: .customLong("no-browser"), help: "Print the login URL instead of opening a browser.")
    var noBrowser = false

    @Option(help: "Seconds to wait for the browser.")
    var timeout: Int = 300

    func validate() throws {
        try options.validateOptions()
        if let redirectPort, !(1...65535).contains(redirectPort) { throw ValidationError("--redirect-port must be 1–65535") }
        if timeout <= 0 { throw ValidationError("--timeout must be positive") }
        if options.clientID == nil { throw ValidationError("--client-id is required") }
        if options.issuer == nil && options.provider == nil { throw ValidationError("give --issuer URL (or --provider linkedin)") }
    }

    func run() async throws {
        try await reportingOAuthFailures(options.diagnostics) {
            let client = try await options.makeClient()
            let profile = try options.resolvedProfile()
            let agent = LoopbackUserAgent(port: redirectPort, timeout: .seconds(timeout),
                                          browser: noBrowser ? PrintingBrowserOpener() : SystemBrowserOpener())
            let redirect = redirectPort.flatMap { URL(string: "http://127.0.0.1:\($0)/callback") }
            let requested = scopes.isEmpty ? profile.defaultScopes : scopes
            Console.progress("Signing in to \(client.configuration.endpoints.issuer) as client \(client.configuration.clientID) (\(profile.description)).")
            Console.progress("Waiting for the login in the browser (Ctrl-C to stop)…")
            let login = Task { () async throws(OAuthError) -> SignInResult in
                try await client.signIn(scopes: requested, userAgent: agent, redirectURI: redirect)
            }
            // Ctrl-C stops the login (the listener closes) and exits as "cancelled", not killed by the signal.
            let interrupt = SignalWatcher(signals: [SIGINT, SIGTERM]) { login.cancel() }
            defer { interrupt.stop() }
            let result: SignInResult
            do { result = try await login.value } catch let error as OAuthError { throw CommandFailure(oauth: error) } catch {
                throw CommandFailure(oauth: .userAgent(.cancelled))
            }
            try options.remember(client)
            if options.json {
                Console.json(OAuthTokenSummary.dictionary(result.tokens, issuer: client.configuration.endpoints.issuer, clientID: client.configuration.clientID))
            } else {
                let who = result.idTokenClaims.map { " as \($0.name ?? $0.email ?? $0.subject) (\($0.subject))" } ?? ""
                Console.out("Signed in\(who).")
                OAuthTokenSummary.lines(result.tokens).forEach(Console.out)
            }
        }
    }
}
