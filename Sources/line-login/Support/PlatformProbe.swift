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
        let discovery = platform.issuer + "/.well-known/openid-configuration"
        let onThisMachine = URL(string: platform.issuer).map { EndpointPolicy.isLoopbackAddress(host: $0.host) } ?? false
        let hint =
            onThisMachine
            ? " Is the emulator running? Start it with `line-login emulator --port \(URL(string: platform.issuer)?.port ?? 8400)`."
            : " Check the network, and --platform if you gave one."
        let document: DiscoveryDocument
        do {
            document = try await DiscoveryDocument.fetch(
                issuer: platform.issuer, at: platform.discoveryURL, transport: transport, timeout: timeout)
        } catch {
            switch error {
            case .transport(let failure):
                throw CommandFailure("The LINE platform at \(platform.issuer) did not answer (\(failure)).\(hint)", exit: .network)
            case .server(let server):
                throw CommandFailure(
                    "The LINE platform at \(platform.issuer) answered HTTP \(server.statusCode) for \(discovery).\(hint)", exit: .network)
            default:
                throw CommandFailure("\(discovery) is not a LINE platform's discovery document.\(hint)", exit: .network)
            }
        }
        guard ExactMatch.equals(document.issuer, platform.issuer) else {
            throw CommandFailure(
                "The platform at \(platform.issuer) calls itself \(document.issuer), so its ID tokens would be refused. "
                    + "Pass --platform \(document.issuer).", exit: .usage)
        }
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
