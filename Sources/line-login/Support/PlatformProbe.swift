#if CLI
import Foundation
import LineSDK
import OAuthEngine

/// Before a login opens a browser: does the platform answer? A platform that is down, or a URL that is
/// not a LINE platform, fails here in seconds, named, instead of as a login that never comes back.
enum PlatformProbe {
    /// Reads the platform's discovery document (`/.well-known/openid-configuration`) and checks its issuer.
    static func check(_ platform: LinePlatform, transport: any HTTPTransport = URLSessionTransport(), timeout: TimeInterval = 10)
        async throws
    {
        // Where the platform is (not its issuer: an emulator started with --issuer carries LINE's).
        let discovery = platform.discoveryURL
        let address = discovery.deletingLastPathComponent().deletingLastPathComponent().absoluteString
        let place = address.hasSuffix("/") ? String(address.dropLast()) : address
        let onThisMachine = EndpointPolicy.isLoopbackAddress(host: discovery.host)
        let hint =
            onThisMachine
            ? " Is the emulator running? Start it with `line-login emulator --port \(discovery.port ?? 8400)`."
            : " Check the network, and --platform if you gave one."
        do {
            _ = try await DiscoveryDocument.fetch(issuer: platform.issuer, at: discovery, transport: transport, timeout: timeout)
        } catch {
            switch error {
            case .transport(let failure):
                throw CommandFailure("The LINE platform at \(place) did not answer (\(failure)).\(hint)", exit: .network)
            case .server(let server):
                throw CommandFailure(
                    "The LINE platform at \(place) answered HTTP \(server.statusCode) for \(discovery.absoluteString).\(hint)",
                    exit: .network)
            default:
                if let claimed = await claimedIssuer(at: discovery, transport: transport, timeout: timeout),
                    !ExactMatch.equals(claimed, platform.issuer)
                {
                    let shown = TerminalText.field(claimed)
                    throw CommandFailure(
                        "The platform at \(place) says its ID tokens carry the issuer \(shown), not \(platform.issuer), so they would "
                            + "be refused. Pass --platform-issuer \(shown) (an emulator started with --issuer), or --platform \(shown) "
                            + "if the platform is there.", exit: .usage)
                }
                throw CommandFailure("\(discovery.absoluteString) is not a LINE platform's discovery document.\(hint)", exit: .network)
            }
        }
    }

    /// The `issuer` a discovery document names, read without the checks (for the message only).
    private static func claimedIssuer(at url: URL, transport: any HTTPTransport, timeout: TimeInterval) async -> String? {
        struct Claim: Decodable { var issuer: String }
        let request = HTTPRequest(
            url: url, headers: ["Accept": "application/json"], timeout: timeout, maximumResponseSize: ResponseSizeLimit.discovery)
        guard let response = try? await transport.perform(request), response.isSuccess else { return nil }
        return try? JSONDecoder().decode(Claim.self, from: response.body).issuer
    }
}

extension PlatformProbe {
    /// Asks the platform's authorization endpoint for a login page for `channelID` and `redirectURI`,
    /// without following anything: a page or a redirect means it knows both; an error page (4xx) means
    /// the channel ID or the callback URL is wrong, which would otherwise surface only in the browser,
    /// after a wait. Nothing is signed in (against the emulator with --auto-approve a code is issued and
    /// never used).
    static func checkChannel(
        _ platform: LinePlatform, channelID: String, redirectURI: URL,
        transport: any HTTPTransport = URLSessionTransport(), timeout: TimeInterval = 10
    ) async throws {
        guard var components = URLComponents(url: platform.authorizeURL, resolvingAgainstBaseURL: false) else { return }
        components.percentEncodedQuery = FormEncoding.encode([
            ("response_type", "code"), ("client_id", channelID), ("redirect_uri", redirectURI.absoluteString),
            ("state", "line-login-probe"), ("scope", "profile"),
        ])
        guard let url = components.url else { return }
        let response: HTTPResponse
        do { response = try await transport.perform(HTTPRequest(url: url, headers: ["Accept": "text/html"], timeout: timeout)) } catch {
            throw CommandFailure("The LINE platform at \(platform.issuer) did not answer a login request (\(error)).", exit: .network)
        }
        guard HTTPResponse.isRefusal(statusCode: response.statusCode) else { return }
        throw CommandFailure(
            "\(platform.issuer) refused a login for channel \(channelID) with the callback URL "
                + "\(redirectURI.absoluteString): check --channel-id, and that this callback URL is registered "
                + "for the channel (or pass --redirect-port for one that is).", exit: .usage)
    }
}
#endif
