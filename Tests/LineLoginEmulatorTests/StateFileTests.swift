#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// `--state FILE`: what survives a restart, and what a bad file gets.
@Suite(.timeLimit(.minutes(5)))
struct StateFileTests {
    static func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("state.json")
    }

    /// Runs `body` against an emulator that keeps its state in `file`.
    static func with(_ file: URL, _ configuration: EmulatorConfiguration = .default, _ body: (EmulatorHarness) async throws -> Void)
        async throws
    {
        let emulator = try LineLoginEmulator(configuration: configuration, stateFile: file)
        let baseURL = try await emulator.start()
        let harness = EmulatorHarness(emulator: emulator, client: TestHTTPClient(baseURL: baseURL))
        do { try await body(harness) } catch {
            await emulator.shutdown()
            throw error
        }
        await emulator.shutdown()
    }

    @Test func keysSecretsSessionsAndTokensSurviveARestart() async throws {
        let file = try Self.temporaryFile()
        var secret = ""
        var kids: [String] = []
        var tokens: HTTPResult?
        var cookie = ""
        try await Self.with(file) { harness in
            secret = harness.secret
            kids = Array(try await harness.jwks().keys)
            tokens = try await harness.login()
            cookie = try await SignInFlowTests.passwordLogin(harness).cookie
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "it holds private keys")
        let written = try String(contentsOf: file, encoding: .utf8)
        let accessToken = try #require(tokens?.string("access_token"))
        let refreshToken = try #require(tokens?.string("refresh_token"))
        #expect(!written.contains(accessToken) && !written.contains(refreshToken), "tokens are kept as digests only")
        #expect(!written.contains(cookie.split(separator: "=").last.map(String.init) ?? "-"), "SSO cookies too")

        // A new process with the default configuration: a new random secret, unless the file has one.
        try await Self.with(file) { harness in
            #expect(harness.secret == secret, "the generated secret is kept")
            #expect(Array(try await harness.jwks().keys) == kids, "the signing key is kept")
            let verify = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", accessToken)])
            #expect(verify.status == 200)
            #expect(try await harness.refresh(refreshToken).status == 200)
            let silent = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(), headers: ["Cookie": cookie])
            #expect(silent.status == 302, "the SSO session and the consent are kept")
        }
    }

    @Test func aSecretFromTheConfigurationWins() async throws {
        let file = try Self.temporaryFile()
        try await Self.with(file) { _ in }
        var configuration = EmulatorConfiguration.default
        configuration.channels[0].channelSecret = "given-in-the-config-file"
        configuration.generatedSecretChannelIDs = []
        try await Self.with(file, configuration) { harness in
            #expect(harness.secret == "given-in-the-config-file")
        }
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("given-in-the-config-file"), "only generated secrets are stored")
    }

    @Test func requestsAreWrittenInTheBackground() async throws {
        let file = try Self.temporaryFile()
        let emulator = try LineLoginEmulator(stateFile: file)
        let baseURL = try await emulator.start()
        let harness = EmulatorHarness(emulator: emulator, client: TestHTTPClient(baseURL: baseURL))
        let before = try Data(contentsOf: file)
        _ = try await harness.login()
        // No shutdown yet: the writer must have written the new tokens by itself.
        var after = before
        while after == before {
            try Task.checkCancellation()
            try await Task.sleep(for: .milliseconds(100))
            after = try Data(contentsOf: file)
        }
        #expect(after != before)
        await emulator.shutdown()
    }

    @Test func aBadFileIsRefusedInWords() throws {
        let file = try Self.temporaryFile()
        try Data("not json".utf8).write(to: file)
        #expect(throws: EmulatorStateError.corrupt(path: file.path)) { _ = try LineLoginEmulator(stateFile: file) }
        try Data(#"{"version": 99}"#.utf8).write(to: file)
        #expect(throws: EmulatorStateError.self) { _ = try LineLoginEmulator(stateFile: file) }
        let nowhere = file.deletingLastPathComponent().appendingPathComponent("missing/state.json")
        do {
            _ = try LineLoginEmulator(stateFile: nowhere)
            Issue.record("a state file in a missing folder was accepted")
        } catch {
            guard case .unwritable(let path, let reason) = error else { throw error }
            #expect(path == nowhere.path && reason.contains("No such file or directory"), "\(reason)")
        }
        #expect(EmulatorStateError.corrupt(path: "/x").description.hasPrefix("The state file /x is not an emulator state file"))
    }
}
#endif
