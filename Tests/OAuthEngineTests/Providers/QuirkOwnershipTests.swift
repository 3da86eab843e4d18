import Foundation
import Testing
@testable import OAuthEngine

/// Every quirk is on for the profile(s) that need it and off for every other built-in profile.
@Suite("Provider profiles: who owns each quirk")
struct QuirkOwnershipTests {
    /// The one source of truth for this test: quirk name → the profiles that have it.
    static let owners: [String: Set<String>] = [
        "revokeWithTokenTypeField": ["line"],
        "scopeOmitsEmail": ["line"],
        "requestsJWKSignedIDToken": ["line"],
        "revokeBadRequestMeansRevoked": ["line"],
        "idTokenOmitsNonce": ["linkedin", "linkedin-native"],
        "tokenTypeMayBeMissing": ["linkedin", "linkedin-native"],
        "pkceUnsupported": ["linkedin"],
        "publicClientAuthenticatesWithAccessToken": ["glewlwyd"],
    ]

    @Test("every named quirk has an owner list", arguments: ProviderQuirks.named.map(\.name))
    func everyQuirkIsListed(_ name: String) {
        #expect(Self.owners[name] != nil, "add \(name) to the ownership table")
    }

    @Test("on for its profiles, off for the others", arguments: ProviderQuirks.named.map(\.name), ProfileFixtures.profileNames)
    func ownership(_ quirkName: String, _ profileName: String) throws {
        let quirk = try #require(ProviderQuirks.named.first { $0.name == quirkName }?.quirk)
        let profile = ProfileFixtures.profile(profileName)
        let expected = Self.owners[quirkName]?.contains(profileName) ?? false
        #expect(profile.quirks.contains(quirk) == expected, "\(quirkName) on \(profileName)")
    }

    @Test("the generic OIDC profile has no quirks at all")
    func genericHasNone() {
        #expect(ProviderProfile.genericOIDC.quirks.isEmpty)
        #expect(ProviderProfile.genericOIDC.description == "oidc []")
    }

    @Test("quirk names round-trip and are distinct bits")
    func names() {
        let bits = ProviderQuirks.named.map(\.quirk.rawValue)
        #expect(Set(bits).count == bits.count)
        #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
        #expect(ProviderProfile.linkedIn().quirks.names == ["idTokenOmitsNonce", "tokenTypeMayBeMissing", "pkceUnsupported"])
        #expect(ProviderProfile.named("LinkedIn")?.name == "linkedin")
        #expect(ProviderProfile.named("nope") == nil)
    }
}
