#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func fiftyParallelTokenRequests() async throws {
        try await EmulatorHarness.with { harness in
            harness.emulator.setAutoApprove(userID: EmulatorHarness.brownID)
            var pairs: [(String, PKCE)] = []
            for _ in 0..<50 {
                let pkce = PKCE()
                let result = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce))
                pairs.append((try #require(result.locationQuery["code"]), pkce))
            }
            let results = try await withThrowingTaskGroup(of: HTTPResult.self) { group in
                for (code, pkce) in pairs {
                    group.addTask { try await harness.exchange(code: code, pkce: pkce) }
                }
                var all: [HTTPResult] = []
                for try await result in group { all.append(result) }
                return all
            }
            #expect(results.count == 50)
            #expect(results.allSatisfy { $0.status == 200 })
            let tokens = Set(results.compactMap { $0.string("access_token") })
            #expect(tokens.count == 50)
            let stats = harness.emulator.stats
            #expect(stats.tokenRequests == 50)
            #expect(stats.activeAccessTokens == 50)
            #expect(stats.activeCodes == 0)

            // Parallel refreshes of one token and parallel replays of one code.
            let refreshToken = try #require(results.first?.string("refresh_token"))
            let refreshes = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 { group.addTask { try await harness.refresh(refreshToken).status } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(refreshes.allSatisfy { $0 == 200 })

            let pkce = PKCE()
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce))
            let code = try #require(page.locationQuery["code"])
            let replays = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 { group.addTask { try await harness.exchange(code: code, pkce: pkce).status } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(replays.filter { $0 == 200 }.count == 1)
            #expect(replays.filter { $0 == 400 }.count == 19)
        }
    }
}
#endif
