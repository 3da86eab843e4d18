import Foundation
import LineSDK
import OAuthEngine

/// Before a login opens a browser: does the platform answer? A platform that is down, or a URL that is
/// not a LINE platform, fails here in seconds, named, instead of as a login that never comes back.
enum PlatformProbe {
    /// Reads the platform's discovery document (`/.well-known/openid-configuration`) and checks its issuer.
    static func check(_ platform: LinePlatform, transport: any HTTPTransport = URLSessionTransport(), timeout: TimeInterval = 10) async throws {
        let discovery = platform.issuer + "/.well-known/openid-configuration"
        let onThisMachine = URL(string: platform.issuer).map { EndpointPolicy.isLoopbackAddress(host: $0.host) } ?? false
        let hint = onThisMachine
            ? " Is the emulator running? Start it with `line-login emulator --port \(URL(string: platform.issuer)?.port ?? 8400)`."
            : " Check the network, and --platform if you gave one."
        let document: DiscoveryDocument
        do { document = try await DiscoveryDocument.fetch(issuer: platform.issuer, transport: transport, timeout: timeout) } catch {
            switch error {
            case .transport(let failure):
                throw CommandFailure("The LINE platform at \(platform.issuer) did not answer (\(failure)).\(hint)", exit: .network)
            case .server(let server):
                throw CommandFailure("The LINE platform at \(platform.issuer) answered HTTP \(server.statusCode) for \(discovery).\(hint)", exit: .network)
            default:
                throw CommandFailure("\(discovery) is not a LINE platform's discovery document.\(hint)", exit: .network)
            }
        }
        guard ExactMatch.equals(document.issuer, platform.issuer) else {
            throw CommandFailure("The platform at \(platform.issuer) calls itself \(document.issuer), so its ID tokens would be refused. "
                                 + "Pass --platform \(document.issuer).", exit: .usage)
        }
    }
}
