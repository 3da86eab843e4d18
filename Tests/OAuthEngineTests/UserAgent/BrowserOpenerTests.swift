import Foundation
import OAuthEngine
import Testing

@Suite("BrowserOpener")
struct BrowserOpenerTests {
    private let authorizationURL = URL(string: "https://access.line.me/oauth2/v2.1/authorize?response_type=code")

    @Test func closureOpenerReturnsTheClosuresAnswer() throws {
        let url = try #require(authorizationURL)
        #expect(ClosureBrowserOpener { $0 == url }.open(url))
        #expect(!ClosureBrowserOpener { _ in false }.open(url))
    }

    @Test func printingOpenerNeverOpensABrowser() throws {
        #expect(!PrintingBrowserOpener().open(try #require(authorizationURL)))
    }

    @Test func systemOpenerWithoutALauncherReportsNoBrowser() throws {
        let opener = SystemBrowserOpener(environment: ["PATH": "/nonexistent", "DISPLAY": ":0"])
        #expect(!opener.open(try #require(authorizationURL)))
    }

    #if os(Linux)
    @Test func systemOpenerNeedsAGraphicalSessionOnLinux() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("opened")
        let launcher = directory.appendingPathComponent("xdg-open")
        try "#!/bin/sh\necho \"$1\" > '\(marker.path)'\n".write(to: launcher, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: launcher.path)
        let url = try #require(authorizationURL)

        #expect(!SystemBrowserOpener(environment: ["PATH": directory.path]).open(url))
        #expect(!SystemBrowserOpener(environment: ["PATH": directory.path, "DISPLAY": ""]).open(url))

        #expect(SystemBrowserOpener(environment: ["PATH": directory.path, "WAYLAND_DISPLAY": "wayland-0"]).open(url))
        // The launcher runs detached: wait for the line it writes, however long the machine takes.
        var opened = ""
        while !opened.hasSuffix("\n") {
            try await Task.sleep(for: .milliseconds(20))
            opened = (try? String(contentsOf: marker, encoding: .utf8)) ?? ""
        }
        #expect(opened == url.absoluteString + "\n")
    }
    #endif

    @Test func systemOpenerOnlyOpensWebURLs() throws {
        let opener = SystemBrowserOpener(environment: ["PATH": "/usr/bin:/bin", "DISPLAY": ":0"])
        #expect(!opener.open(try #require(URL(string: "file:///etc/passwd"))))
    }
}
