import Crypto
import CryptoExtras
import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import BenchmarkFixtures
import OAuthEngine

/// One line of the results table.
struct Row: Codable {
    let figure: String
    let value: String
    let reference: String
    let ratio: String
    let goal: String
    let met: Bool?
}

enum Rows {
    /// ES256, HS256 and RS256 validation against their raw primitive and against jwt-kit on the same
    /// token with the same checks, the three interleaved in the same rounds.
    static func validation(_ fixtures: TokenFixtures, batch: Int) async throws -> [Row] {
        var rows: [Row] = []
        let expectations = IDTokenExpectations(nonce: fixtures.nonce)
        let jwtKit = try await JWTKitVerifier(fixtures)

        let es = try fixtures.validator(allowing: [.es256])
        let esParts = fixtures.es256.split(separator: ".")
        let esInput = Data(fixtures.es256[..<fixtures.es256.lastIndex(of: ".")!].utf8) // fixture, always has dots
        let esSignature = Data(Base64URL.decode(esParts[2]) ?? [])
        let esKey = fixtures.ecKey.publicKey
        let esTimes = try await Measure.interleaved(
            batch: batch,
            [
                {
                    let signature = try P256.Signing.ECDSASignature(rawRepresentation: esSignature)
                    guard esKey.isValidSignature(signature, for: esInput) else { throw BenchError("raw ES256 failed") }
                },
                {
                    _ = try await es.validate(fixtures.es256, expecting: expectations)
                },
                {
                    try await jwtKit.verify(fixtures.es256)
                },
            ])
        rows.append(
            row(
                "ES256 ID-token validation (full)", Measure.Pair(subject: esTimes[1], reference: esTimes[0]),
                referenceName: "raw P-256 verify", goal: 1.08))
        rows.append(jwtKitRow("ES256", times: esTimes))

        let hs = try fixtures.validator(allowing: [.hs256])
        let hsInput = Data(fixtures.hs256[..<fixtures.hs256.lastIndex(of: ".")!].utf8) // fixture, always has dots
        let hsKey = SymmetricKey(data: Data(fixtures.secret.utf8))
        let hsKeyed = HMAC<SHA256>(key: hsKey)
        let hsTimes = try await Measure.interleaved(
            batch: batch * 4,
            [
                {
                    let mac = HMAC<SHA256>.authenticationCode(for: hsInput, using: hsKey)
                    guard Data(mac).count == 32 else { throw BenchError("raw HMAC failed") }
                },
                {
                    _ = try await hs.validate(fixtures.hs256, expecting: expectations)
                },
                {
                    try await jwtKit.verify(fixtures.hs256)
                },
                {
                    // The validator keys HMAC once per secret; this is the hash alone from that keyed state.
                    var hmac = hsKeyed
                    hmac.update(data: hsInput)
                    guard Data(hmac.finalize()).count == 32 else { throw BenchError("keyed HMAC failed") }
                },
            ])
        rows.append(
            row(
                "HS256 ID-token validation (full)", Measure.Pair(subject: hsTimes[1], reference: hsTimes[0]),
                referenceName: "raw HMAC-SHA256", goal: 2))
        rows.append(
            row(
                "HS256 validation against the HMAC from a keyed state (what it now computes)",
                Measure.Pair(subject: hsTimes[1], reference: hsTimes[3]),
                referenceName: "HMAC-SHA256 from a state keyed once", goal: nil))
        rows.append(jwtKitRow("HS256", times: hsTimes))

        let rs = try fixtures.validator(allowing: [.rs256])
        let rsParts = fixtures.rs256.split(separator: ".")
        let rsInput = Data(fixtures.rs256[..<fixtures.rs256.lastIndex(of: ".")!].utf8) // fixture, always has dots
        let rsSignature = Data(Base64URL.decode(rsParts[2]) ?? [])
        let rsKey = fixtures.rsaKey.publicKey
        let rsTimes = try await Measure.interleaved(
            batch: batch,
            [
                {
                    guard
                        rsKey.isValidSignature(
                            _RSA.Signing.RSASignature(rawRepresentation: rsSignature), for: rsInput, padding: .insecurePKCS1v1_5)
                    else {
                        throw BenchError("raw RS256 failed")
                    }
                },
                {
                    _ = try await rs.validate(fixtures.rs256, expecting: expectations)
                },
                {
                    try await jwtKit.verify(fixtures.rs256)
                },
            ])
        rows.append(
            row(
                "RS256 ID-token validation (full)", Measure.Pair(subject: rsTimes[1], reference: rsTimes[0]),
                referenceName: "raw RSA-2048 PKCS#1 v1.5 verify", goal: 1.15))
        rows.append(jwtKitRow("RS256", times: rsTimes))
        return rows
    }

    /// jwt-kit's time beside the raw primitive's and this package's, from the same rounds (`times` is
    /// raw, this package, jwt-kit).
    static func jwtKitRow(_ algorithm: String, times: [Double]) -> Row {
        Row(
            figure: "jwt-kit 5.8, \(algorithm) validation (same token and checks)",
            value: String(format: "%.0f/s (%.1f µs)", 1e9 / times[2], times[2] / 1000),
            reference: String(format: "this package %.0f/s (%.1f µs); raw %.0f/s", 1e9 / times[1], times[1] / 1000, 1e9 / times[0]),
            ratio: String(format: "cost %.2f× raw; this package %.2f× jwt-kit's speed", times[2] / times[0], times[2] / times[1]),
            goal: "report", met: nil)
    }

    static func row(_ figure: String, _ pair: Measure.Pair, referenceName: String, goal: Double?) -> Row {
        Row(
            figure: figure,
            value: String(format: "%.0f/s (%.1f µs)", 1e9 / pair.subject, pair.subject / 1000),
            reference: String(format: "%@ %.0f/s (%.1f µs)", referenceName, 1e9 / pair.reference, pair.reference / 1000),
            ratio: String(format: "cost %.2f× raw", pair.ratio),
            goal: goal.map { String(format: "≤ %.2f×", $0) } ?? "report",
            met: goal.map { pair.ratio <= $0 })
    }

    /// Full logins (authorize → code → token → ID-token validation → profile) against the in-process emulator.
    static func loginLatency(count: Int) async throws -> Row {
        var configuration = EmulatorConfiguration.default
        configuration.autoApproveUserID = configuration.users[0].userID
        let emulator = LineLoginEmulator(configuration: configuration)
        let base = try await emulator.start()
        defer { Task { await emulator.shutdown() } }
        let manager = try LoginManager(
            configuration: LoginConfiguration(
                channelID: configuration.channels[0].channelID, platform: .custom(baseURL: base), tokenStore: MemoryTokenStore(),
                userAgent: ScriptedBrowser(email: "", password: "")))
        var samples: [Double] = []
        for index in 0..<(count + 20) {
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await manager.login(permissions: [.profile, .openID])
            if index >= 20 { samples.append(Measure.nanoseconds(clock.now - start) / 1e6) }
        }
        let p50 = Measure.percentile(samples, 0.5)
        let p99 = Measure.percentile(samples, 0.99)
        return Row(
            figure: "full login vs in-process emulator (\(count) logins)", value: String(format: "p50 %.2f ms, p99 %.2f ms", p50, p99),
            reference: "—", ratio: "—", goal: "p50 ≤ 5 ms", met: p50 <= 5)
    }

    /// 1,000 concurrent API calls with an expired access token.
    static func singleFlight() async throws -> Row {
        let emulator = LineLoginEmulator()
        let base = try await emulator.start()
        defer { Task { await emulator.shutdown() } }
        let user = emulator.configuration.users[0]
        let manager = try LoginManager(
            configuration: LoginConfiguration(
                channelID: emulator.configuration.channels[0].channelID, platform: .custom(baseURL: base), tokenStore: MemoryTokenStore(),
                userAgent: ScriptedBrowser(email: user.email ?? "", password: user.password)))
        _ = try await manager.login(permissions: [.profile])
        emulator.expireAccessTokens()
        let before = emulator.stats.refreshRequests
        let api = try manager.api
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1000 { group.addTask { (try? await api.getProfile()) != nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let refreshes = emulator.stats.refreshRequests - before
        return Row(
            figure: "single-flight refresh: 1,000 concurrent calls, expired token", value: "\(refreshes) refresh, \(successes) succeeded",
            reference: "—", ratio: "—", goal: "1 refresh, 1000 succeed", met: refreshes == 1 && successes == 1000)
    }

    /// The resident size of an emulator running in its own process (`pid`, started with `--test-controls`
    /// and `--auto-approve`) while logging in `total` times through it; between checkpoints its clock moves
    /// past every lifetime so that everything issued so far expires and is purged.
    static func memory(base: URL, pid: Int32, total: Int, checkpoints: Int = 8) async throws -> Row {
        let channelID = "1234567890"
        let client = TokenClient(
            configuration: LinePlatform.custom(baseURL: base).configuration(channelID: channelID, channelSecret: nil),
            transport: URLSessionTransport())
        let browser = ScriptedBrowser(email: "", password: "")
        let control = URLSessionTransport()
        var readings: [Int] = []
        var records: [Int] = []
        let perCheckpoint = max(1, total / checkpoints)
        for _ in 0..<checkpoints {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        for _ in stride(from: worker, to: perCheckpoint, by: 4) {
                            let session = try await browser.beginSession(redirectURI: nil)
                            let request = AuthorizationRequest(
                                endpoint: base.appendingPathComponent("oauth2/v2.1/authorize"), clientID: channelID,
                                redirectURI: session.redirectURI, scopes: ["profile", "openid"], generateNonce: true)
                            let callback = try await session.present(request.url)
                            let response = try AuthorizationResponse(url: callback, request: request, issuer: nil)
                            _ = try await client.exchange(
                                code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let lifetimes = String(Int(EmulatorConfiguration.default.refreshTokenLifetime) + 2 * 86_400)
            let answer = try await control.send(
                .form(
                    url: base.appendingPathComponent("_emulator/control"),
                    fields: [("action", "advance-clock"), ("seconds", lifetimes)]))
            let stats = try JSONValue.parseObject(answer.body)
            records.append(Int(stats["storedRecords"]?.doubleValue ?? -1))
            readings.append(Measure.residentKiB(pid: pid))
        }
        // The first checkpoints grow the heap to its working size; after that it must stay flat.
        let half = readings.count / 2
        let settled = readings[half...]
        let bounded = (settled.max() ?? 0) <= readings[half - 1] + readings[half - 1] / 10 && records.allSatisfy { $0 == 0 }
        return Row(
            figure: "memory: emulator process RSS over \(total) logins (clock moved past all lifetimes at each checkpoint)",
            value: readings.map { "\($0 / 1024) MiB" }.joined(separator: " → ")
                + " (records held after each purge: \(records.map(String.init).joined(separator: ", ")))",
            reference: "—", ratio: "—", goal: "bounded (no growth once purged)", met: bounded)
    }
}

extension Rows {
    /// RSS while one `URLSessionTransport` GETs the emulator's discovery document `total` times: the
    /// client's share of the memory row.
    static func urlSessionMemory(total: Int) async throws -> String {
        let emulator = LineLoginEmulator()
        let base = try await emulator.start()
        defer { Task { await emulator.shutdown() } }
        let transport = URLSessionTransport()
        let url = base.appendingPathComponent(".well-known/openid-configuration")
        var readings: [Int] = []
        for _ in 0..<8 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { for _ in 0..<(total / 32) { _ = try await transport.send(HTTPRequest(url: url)) } }
                }
                try await group.waitForAll()
            }
            readings.append(Measure.residentKiB())
        }
        return "URLSession GETs: " + readings.map { "\($0 / 1024) MiB" }.joined(separator: " → ")
    }
}
