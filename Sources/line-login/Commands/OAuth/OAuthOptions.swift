#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

/// Options shared by the `oauth` commands: which provider and client, where the tokens are kept.
struct OAuthOptions: ParsableArguments {
    @Option(help: "The OpenID Connect issuer URL (discovered from <issuer>/.well-known/openid-configuration; default: the last login's).")
    var issuer: String?

    @Option(help: "A provider profile: oidc (default), linkedin, linkedin-native, glewlwyd. linkedin needs no --issuer.")
    var provider: String?

    @Option(name: .customLong("client-id"), help: "The client ID (default: the last login's).")
    var clientID: String?

    @Option(
        name: .customLong("client-secret"),
        help: "The client secret of a confidential client (default: $OAUTH_CLIENT_SECRET). Never stored.")
    var clientSecret: String?

    @Option(
        name: .customLong("client-auth"),
        help: "Client authentication: client_secret_basic, client_secret_post or none (default: the provider's or the advertised one).")
    var clientAuthentication: String?

    @Option(name: .customLong("store-dir"), help: "Where tokens are kept (default: $XDG_DATA_HOME/line-login).")
    var storeDirectory: String?

    @OptionGroup var diagnostics: DiagnosticOptions

    @Flag(help: "Machine-readable JSON on stdout.")
    var json = false

    /// The last login's provider and client (never a secret), so later commands need no flags.
    struct Remembered: Codable {
        var provider: String
        var issuer: String?
        var clientID: String
        var clientAuthentication: String?
    }

    var directory: URL {
        storeDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileTokenStore.defaultDirectory()
    }

    private var rememberedURL: URL { directory.appendingPathComponent("oauth-cli.json") }

    func remembered() -> Remembered? {
        guard let data = try? Data(contentsOf: rememberedURL) else { return nil }
        return try? JSONDecoder().decode(Remembered.self, from: data)
    }

    func validateOptions() throws {
        if let provider, ProviderProfile.named(provider) == nil {
            throw ValidationError("--provider must be one of \(ProviderProfile.builtIn.map(\.name).joined(separator: ", "))")
        }
        if let clientAuthentication, ClientAuthentication(rawValue: clientAuthentication) == nil {
            throw ValidationError("--client-auth must be client_secret_basic, client_secret_post or none")
        }
    }

    /// The profile: `--provider`, else the remembered one when no other issuer is named, else generic OIDC.
    func resolvedProfile() throws -> ProviderProfile {
        let name = provider ?? (issuer == nil ? remembered()?.provider : nil) ?? ProviderProfile.genericOIDC.name
        guard var profile = ProviderProfile.named(name) else { throw CommandFailure("unknown provider \(name)", exit: .usage) }
        // LinkedIn's issuer is configurable (it changed in 2024): --issuer replaces it, never disables the check.
        if profile.endpoints != nil, let issuer = resolvedIssuer() {
            profile = name == "linkedin-native" ? .linkedIn(issuer: issuer, nativePKCE: true) : .linkedIn(issuer: issuer)
        }
        return profile
    }

    func resolvedIssuer() -> String? {
        if let issuer { return issuer }
        if provider == nil || provider == remembered()?.provider { return remembered()?.issuer }
        return nil
    }

    func resolvedClientID() throws -> String {
        if let clientID { return clientID }
        if let remembered = remembered() { return remembered.clientID }
        throw CommandFailure("no client: pass --client-id (and --issuer or --provider)", exit: .usage)
    }

    var resolvedSecret: String? {
        if let clientSecret, !clientSecret.isEmpty { return clientSecret }
        if let fromEnvironment = ProcessInfo.processInfo.environment["OAUTH_CLIENT_SECRET"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return nil
    }

    var resolvedAuthentication: ClientAuthentication? {
        (clientAuthentication ?? (clientID == nil ? remembered()?.clientAuthentication : nil)).flatMap(ClientAuthentication.init(rawValue:))
    }

    /// Whether a provider and client are known (flags or a previous login).
    var hasClient: Bool { (try? resolvedClientID()) != nil }

    /// A file store per issuer and client: `oidc-<16 characters of base64url(SHA-256(issuer \n client))>`.
    func store(issuer: String, clientID: String) -> FileTokenStore {
        // PKCE's S256 transform is exactly base64url(SHA-256(·)); it saves this target a crypto dependency.
        let digest = PKCE.challenge(for: "\(issuer)\n\(clientID)").prefix(16)
        return FileTokenStore(directory: directory, key: "oidc-\(digest)", onWarning: { Console.progress($0.description) })
    }

    /// The client: LinkedIn's built-in endpoints, or discovery from the issuer.
    func makeClient(transport explicit: (any HTTPTransport)? = nil) async throws -> OAuthClient {
        let transport = explicit ?? diagnostics.transport()
        let profile = try resolvedProfile()
        let clientID = try resolvedClientID()
        do {
            if profile.endpoints != nil {
                let issuer = profile.endpoints?.issuer ?? ""
                return try OAuthClient(
                    profile: profile, clientID: clientID, clientSecret: resolvedSecret,
                    clientAuthentication: resolvedAuthentication,
                    store: store(issuer: issuer, clientID: clientID), transport: transport)
            }
            guard let issuer = resolvedIssuer() else {
                throw CommandFailure("no issuer: pass --issuer URL (or --provider linkedin)", exit: .usage)
            }
            return try await OAuthClient.discover(
                issuer: issuer, clientID: clientID, clientSecret: resolvedSecret, profile: profile,
                clientAuthentication: resolvedAuthentication, store: store(issuer: issuer, clientID: clientID), transport: transport)
        } catch let error as OAuthError {
            throw CommandFailure(oauth: error)
        }
    }

    /// Remembers provider, issuer, client and client authentication (no secret) for later commands.
    func remember(_ client: OAuthClient) throws {
        let value = Remembered(
            provider: try resolvedProfile().name, issuer: client.configuration.endpoints.issuer,
            clientID: client.configuration.clientID, clientAuthentication: clientAuthentication)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try JSONEncoder().encode(value).write(to: rememberedURL, options: .atomic)
    }
}
#endif
