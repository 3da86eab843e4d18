import Foundation
import Testing

/// The example apps' Info.plist and entitlements have what LINE's guide and the platforms ask for, read by a
/// plist parser.
@Suite struct ExampleInfoPlistTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    static func plist(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: examples.appendingPathComponent(path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test func theCallbackSchemeAndTheLINEAppQueryAreDeclared() throws {
        let root = try Self.plist("iOS/LineLoginExample/Info.plist")
        let types = try #require(root["CFBundleURLTypes"] as? [[String: Any]])
        let schemes = types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        #expect(schemes.contains("line3rdp.$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect((root["LSApplicationQueriesSchemes"] as? [String])?.contains("lineauth2") == true)
    }

    @Test("the iOS example is associated with the domain of its LinkedIn https redirect")
    func iOSAssociatedDomain() throws {
        let entitlements = try Self.plist("iOS/LineLoginExample/LineLoginExample.entitlements")
        let domains = try #require(entitlements["com.apple.developer.associated-domains"] as? [String])
        #expect(domains.contains("webcredentials:app.example.com"))
    }

    @Test("the Mac example is sandboxed with outgoing connections, a listener for LinkedIn's loopback, and its keychain group")
    func macSandbox() throws {
        let entitlements = try Self.plist("macOS/LineLoginMacExample/LineLoginMacExample.entitlements")
        #expect(entitlements["com.apple.security.app-sandbox"] as? Bool == true)
        #expect(entitlements["com.apple.security.network.client"] as? Bool == true)
        #expect(entitlements["com.apple.security.network.server"] as? Bool == true)
        #expect((entitlements["keychain-access-groups"] as? [String])?.isEmpty == false)
        let info = try Self.plist("macOS/LineLoginMacExample/Info.plist")
        #expect(info["LSMinimumSystemVersion"] as? String == "14.0")
    }
}
