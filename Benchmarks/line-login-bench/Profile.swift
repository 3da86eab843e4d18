import BenchmarkFixtures
import Foundation
import OAuthEngine

/// Times each stage of one ID-token validation (outside the main actor, as a server would run it).
enum Profile {
    static func run(_ fixtures: TokenFixtures, algorithm: String, count: Int) async throws {
        let token = algorithm == "ES256" ? fixtures.es256 : algorithm == "RS256" ? fixtures.rs256 : fixtures.hs256
        let validator = try fixtures.validator(allowing: [JWSAlgorithm(rawValue: algorithm) ?? .hs256])
        let expectations = IDTokenExpectations(nonce: fixtures.nonce)
        let jws = try CompactJWS(parsing: token)
        let payloadText = token.split(separator: ".")[1]
        func stage(_ name: String, _ body: () async throws -> Void) async throws {
            for _ in 0..<min(count, 1000) { try await body() }
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<count { try await body() }
            let micros = Measure.nanoseconds(clock.now - start) / Double(count) / 1000
            print(name.padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: "%8.2f µs", micros))
        }
        print("\(algorithm), \(count) iterations")
        try await stage("full validate") { _ = try await validator.validate(token, expecting: expectations) }
        try await stage("parse (CompactJWS)") { _ = try CompactJWS(parsing: token) }
        try await stage("signature (verifySignature)") { try await validator.verifySignature(jws) }
        try await stage("claims (checkClaims)") { _ = try validator.checkClaims(jws.claimSet, expecting: expectations) }
        try await stage("claims, dictionary API") { _ = try validator.checkClaims(jws.claims, expecting: expectations) }
        try await stage("ClaimSet (scan payload)") { _ = try ClaimSet(payload: jws.payload) }
        try await stage("base64url decode payload") { _ = Base64URL.decode(payloadText) }
        try await stage("JSON parse payload") { _ = try JSONValue.parseObject(jws.payload) }
    }
}
