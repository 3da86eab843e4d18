import Foundation
import Testing

/// The example iOS app's Info.plist has what LINE's guide asks for, read by a plist parser.
@Suite struct ExampleInfoPlistTests {
    static let plist = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/iOS/LineLoginExample/Info.plist")

    @Test func theCallbackSchemeAndTheLINEAppQueryAreDeclared() throws {
        let data = try Data(contentsOf: Self.plist)
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let types = try #require(root["CFBundleURLTypes"] as? [[String: Any]])
        let schemes = types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        #expect(schemes.contains("line3rdp.$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect((root["LSApplicationQueriesSchemes"] as? [String])?.contains("lineauth2") == true)
    }
}
