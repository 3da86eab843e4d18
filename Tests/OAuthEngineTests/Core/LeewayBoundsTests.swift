import Foundation
@testable import OAuthEngine
import Testing

/// A leeway is 0 to 600 seconds wherever it enters the engine; anything else (negative, larger,
/// infinite, NaN) is a configuration error, never a validator that quietly stops checking times.
@Suite struct LeewayBoundsTests {
    static let outOfRange: [TimeInterval] = [-1, -.ulpOfOne, 600.000_1, 601, 1e308, .infinity, -.infinity, .nan]
    static let inRange: [TimeInterval] = [0, 1, 60, 599.9, 600]

    @Test func theBoundsAreZeroToTenMinutes() {
        #expect(IDTokenValidator.leewayBounds == 0...600)
    }

    @Test(arguments: outOfRange)
    func theValidatorRefusesAnOutOfRangeLeeway(leeway: TimeInterval) {
        #expect(throws: OAuthError.self) {
            try IDTokenValidator(
                issuer: CoreFixtures.issuer, clientID: CoreFixtures.clientID, allowedAlgorithms: [.es256],
                keys: nil, leeway: leeway)
        }
        do {
            try IDTokenValidator.checkLeeway(leeway)
            Issue.record("leeway \(leeway) was accepted")
        } catch {
            guard case .configuration(let message) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(message.contains("leeway"))
        }
    }

    @Test(arguments: outOfRange)
    func aConfigurationWithAnOutOfRangeLeewayIsRefused(leeway: TimeInterval) {
        var configuration = CoreFixtures.configuration()
        configuration.leeway = leeway
        #expect(throws: OAuthError.self) { try configuration.validate() }
        #expect(throws: OAuthError.self) { try IDTokenValidator(configuration: configuration, keys: nil) }
        #expect(throws: OAuthError.self) { try AuthorizationCodeFlow(configuration: configuration) }
        #expect(throws: OAuthError.self) { try OAuthClient(configuration: configuration, store: MemoryTokenStore()) }
    }

    @Test(arguments: inRange)
    func anInRangeLeewayIsAccepted(leeway: TimeInterval) throws {
        var configuration = CoreFixtures.configuration()
        configuration.leeway = leeway
        try configuration.validate()
        #expect(try IDTokenValidator(configuration: configuration, keys: nil).leeway == leeway)
        _ = try AuthorizationCodeFlow(configuration: configuration)
    }
}
