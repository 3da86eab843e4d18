public import Foundation

extension OAuthClient {
    /// A client for a provider profile with known endpoints: the profile's own (LinkedIn) or `endpoints`
    /// (a server configured by hand). The profile supplies quirks, client authentication, algorithms and
    /// extra token-request fields.
    public convenience init(
        profile: ProviderProfile, clientID: String, clientSecret: String?, clientAuthentication: ClientAuthentication? = nil,
        endpoints: ProviderEndpoints? = nil, store: any TokenStore, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(), refreshMargin: TimeInterval = 60
    ) throws(OAuthError) {
        let configuration = try profile.configuration(
            clientID: clientID, clientSecret: clientSecret,
            clientAuthentication: clientAuthentication, endpoints: endpoints)
        try self.init(
            configuration: configuration, store: store, transport: transport, clock: clock, random: random,
            refreshMargin: refreshMargin)
    }

    /// A client from the issuer's discovery document (`<issuer>/.well-known/openid-configuration`, whose
    /// `issuer` must equal `issuer` exactly) under a provider profile, usually ``ProviderProfile/genericOIDC``.
    public static func discover(
        issuer: String, clientID: String, clientSecret: String?, profile: ProviderProfile,
        clientAuthentication: ClientAuthentication? = nil, store: any TokenStore,
        transport: any HTTPTransport = URLSessionTransport(), clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(), refreshMargin: TimeInterval = 60
    ) async throws(OAuthError) -> OAuthClient {
        let document = try await DiscoveryDocument.fetch(issuer: issuer, transport: transport)
        let configuration = profile.configuration(
            document: document, clientID: clientID, clientSecret: clientSecret,
            clientAuthentication: clientAuthentication)
        return try OAuthClient(
            configuration: configuration, store: store, transport: transport, clock: clock, random: random,
            refreshMargin: refreshMargin)
    }
}
