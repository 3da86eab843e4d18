import Foundation
import Testing

/// The PrivacyInfo.xcprivacy of every target an app reaches (LineLoginPrimitives, OAuthEngine, LineSDK) declares exactly the required-reason API categories their
/// sources call, with reasons Apple approves for them; a fixture that calls an undeclared one is refused.
@Suite("Privacy manifests")
struct PrivacyManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under folder: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    @Test("each target's manifest matches its sources", arguments: ["LineLoginPrimitives", "OAuthEngine", "LineSDK"])
    func target(_ name: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(name)")
        let files = Self.swiftFiles(under: folder)
        #expect(files.count > 3, "the sources of \(name) were not found")
        let used = try PrivacyManifestAudit.used(in: files)
        let manifest = try Data(contentsOf: folder.appendingPathComponent("PrivacyInfo.xcprivacy"))
        #expect(try PrivacyManifestAudit.problems(manifest: manifest, used: used) == [])
    }

    @Test("FileTokenStore's stat and fstat are what OAuthEngine declares (file timestamps: C617.1)")
    func oauthEngineUsesFileMetadata() throws {
        let used = try PrivacyManifestAudit.used(in: Self.swiftFiles(under: Self.root.appendingPathComponent("Sources/OAuthEngine")))
        #expect(used.keys.sorted() == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
        #expect(used["NSPrivacyAccessedAPICategoryFileTimestamp"]?.hasPrefix("FileTokenStore.swift:") == true)
    }

    @Test("the must-fail fixture: an undeclared boot-time call, a reason from another category, an unused declaration")
    func fixtureIsRefused() throws {
        let folder = Self.root.appendingPathComponent("Tests/Fixtures/PrivacyManifest/undeclared-boot-time")
        let used = try PrivacyManifestAudit.used(in: Self.swiftFiles(under: folder))
        let problems = try PrivacyManifestAudit.problems(
            manifest: Data(contentsOf: folder.appendingPathComponent("PrivacyInfo.xcprivacy")), used: used)
        #expect(
            problems.sorted() == [
                "DDA9.1 is not an approved reason for NSPrivacyAccessedAPICategoryUserDefaults",
                "NSPrivacyAccessedAPICategorySystemBootTime is not declared, but Uptime.swift:6 systemUptime calls it",
                "NSPrivacyAccessedAPICategoryUserDefaults is declared but no source calls its APIs",
            ])
    }

    @Test("a symbol in a comment or a string is no call; a longer identifier is not the symbol")
    func scanning() {
        let lines = PrivacyManifestAudit.strippedLines(
            """
            // stat() here is a comment
            let text = "fstat(" /* lstat */
            let statistics = 1; var restat = 2
            let info = stat()
            """)
        #expect(!lines[0...2].contains { line in ["stat", "fstat", "lstat"].contains { PrivacyManifestAudit.contains(line, word: $0) } })
        #expect(PrivacyManifestAudit.contains(lines[3], word: "stat"))
    }
}
