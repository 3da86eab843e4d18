#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login verify-id-token`: validates ID tokens with the SDK's own validator.
struct VerifyIDTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-id-token",
        abstract: "Validate LINE ID tokens (signature and every claim check) with the code the SDK uses.",
        discussion: """
            With TOKEN = -, reads one token per line from stdin and writes one JSON object per input line, in order \
            (a blank line is a malformed token): \
            {"valid":true,"claims":{…}} or {"valid":false,"error":"<code>","message":"…"}. \
            Exit 0 when all are valid, 1 when any is invalid, 2 on a usage error, 4 when the keys could not be fetched.
            """)

    /// The channel the token must be issued to (`aud`), and a platform to discover the keys and issuer from.
    @OptionGroup var channel: ChannelOptions

    /// Validation requires it, so `run` may rely on it.
    private var channelID: String { channel.channelID ?? "" }

    @Option(
        name: .customLong("channel-secret"),
        help:
            "Accept HS256 (web login) tokens keyed with this channel secret (prefer $LINE_CHANNEL_SECRET: arguments show in ps and shell history)."
    )
    var channelSecretOption: String?

    /// The flag, else `$LINE_CHANNEL_SECRET`.
    var channelSecret: String? {
        ChannelSecret.resolve(flag: channelSecretOption)
    }

    @Option(help: "A JWKS file with the ES256/RS256 keys.")
    var jwks: String?

    @Option(name: .customLong("jwks-url"), help: "Fetch the keys from this JWKS URL.")
    var jwksURL: String?

    @Option(help: "Discover jwks_uri from this OpenID Connect issuer's openid-configuration (and expect it as iss).")
    var issuer: String?

    @Option(name: .customLong("expected-issuer"), help: "The iss to require (default: --issuer, else https://access.line.me).")
    var expectedIssuer: String?

    @Option(help: "The nonce the token must carry.")
    var nonce: String?

    @Option(help: "Validate as of this time (seconds since 1970).")
    var now: Double?

    @Option(help: "Allowed clock skew in seconds (0 to 600).")
    var leeway: Double = 60

    @Argument(help: "The ID token, or - to read one per line from stdin.")
    var token: String

    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if channel.channelID == nil {
            throw ValidationError("give the channel the token must be issued to: --channel-id (or set LINE_CHANNEL_ID)")
        }
        let sources = [jwks, jwksURL, issuer, channel.platformString].compactMap { $0 }.count
        if sources > 1 { throw ValidationError("use only one of --jwks, --jwks-url, --issuer, --platform") }
        if sources == 0 && channelSecret == nil {
            throw ValidationError("give a key source: --jwks, --jwks-url, --issuer, --platform or --channel-secret")
        }
        do { try IDTokenValidator.checkLeeway(leeway) } catch {
            let bounds = IDTokenValidator.leewayBounds
            throw ValidationError("--leeway must be a number of seconds from \(Int(bounds.lowerBound)) to \(Int(bounds.upperBound))")
        }
    }

    func run() async throws {
        let validator: IDTokenValidator
        do { validator = try await makeValidator() } catch let failure as CommandFailure {
            Console.error(failure.message)
            throw failure.exit.exitCode
        }
        var outcome = Outcome.valid
        if token == "-" {
            // One result per input line, a blank line included (it is a malformed token), so that line N of
            // the output always answers line N of the input.
            while let line = readLine() {
                outcome = max(outcome, await check(line.trimmingCharacters(in: .whitespaces), with: validator))
            }
        } else {
            outcome = await check(token, with: validator)
        }
        switch outcome {
        case .valid: return
        case .invalid: throw CLIExit.checkFailed.exitCode
        // The keys could not be fetched: the token may be fine, the network is not.
        case .keysUnavailable: throw CLIExit.network.exitCode
        }
    }

    private enum Outcome: Int, Comparable {
        case valid, invalid, keysUnavailable
        static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private func check(_ candidate: String, with validator: IDTokenValidator) async -> Outcome {
        do {
            let claims = try await validator.validate(candidate, expecting: IDTokenExpectations(nonce: nonce))
            let object = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(claims.raw))) ?? [:]
            Console.json(["valid": true, "claims": object])
            return .valid
        } catch {
            Console.json(["valid": false, "error": error.code, "message": error.description])
            if case .keysUnavailable = error { return .keysUnavailable }
            return .invalid
        }
    }

    private func makeValidator() async throws -> IDTokenValidator {
        let transport = diagnostics.transport()
        let clock: any WallClock = now.map { FixedClock(date: Date(timeIntervalSince1970: $0)) } ?? SystemClock()
        var expected = expectedIssuer ?? issuer ?? "https://access.line.me"
        let keys: KeySetCache?
        if let jwks {
            guard let data = FileManager.default.contents(atPath: jwks) else { throw CommandFailure("cannot read \(jwks)", exit: .usage) }
            do { keys = KeySetCache(keySet: try JWKSet(data: data), clock: clock) } catch {
                throw CommandFailure("\(jwks) is not a JWKS: \(error)", exit: .usage)
            }
        } else if let jwksURL {
            guard let url = URL(string: jwksURL), EndpointPolicy.isAllowed(url) else {
                throw CommandFailure("--jwks-url must be an https URL (http only on loopback)", exit: .usage)
            }
            keys = KeySetCache(url: url, transport: transport, clock: clock)
        } else if let issuer = try issuer ?? channel.platformString.map({ _ in try channel.platform().issuer }) {
            // A LINE platform's keys are found the way an OpenID Connect issuer's are: LINE's own, and the
            // emulator's, publish openid-configuration at the issuer.
            let document: DiscoveryDocument
            do { document = try await DiscoveryDocument.fetch(issuer: issuer, transport: transport) } catch {
                throw CommandFailure(
                    "\(issuer)'s discovery document could not be read. \(OAuthErrorText.describe(error))", exit: .network,
                    underlying: error)
            }
            guard let url = document.jwksURI else { throw CommandFailure("the issuer has no jwks_uri", exit: .network) }
            keys = KeySetCache(url: url, transport: transport, clock: clock)
            expected = expectedIssuer ?? document.issuer
        } else {
            keys = nil
        }
        var algorithms: Set<JWSAlgorithm> = keys == nil ? [] : [.es256, .rs256]
        if channelSecret != nil { algorithms.insert(.hs256) }
        return try IDTokenValidator(
            issuer: expected, clientID: channelID, allowedAlgorithms: algorithms, hmacSecret: channelSecret,
            keys: keys, leeway: leeway, clock: clock)
    }
}

/// A clock stopped at one instant (`--now`).
struct FixedClock: WallClock {
    let date: Date
    func now() -> Date { date }
}
#endif
