#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator

/// `ClientCredentials.read` alone: RFC 6749 §2.3.1's two ways of sending the client's credentials, and
/// every mixed or malformed case, with no server in between.
@Suite("Client credentials (Basic or body)")
struct ClientCredentialsTests {
    static func form(_ string: String) -> FormParameters? {
        guard case .success(let form) = FormParameters.parse(string) else { return nil }
        return form
    }

    /// `Basic base64(user:password)`, the two parts taken as they are (already form-urlencoded or not).
    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// `nil` only if the test's own form is malformed (then every expectation on it fails).
    static func read(_ body: String, _ authorization: String?) -> Result<ClientCredentials, ClientCredentials.Problem>? {
        form(body).map { ClientCredentials.read(form: $0, authorization: authorization) }
    }

    @Test func theBodyAlone() {
        #expect(
            Self.read("client_id=1234567890&client_secret=s", nil) == .success(.init(clientID: "1234567890", secret: "s", viaBasic: false)))
        #expect(Self.read("client_id=1234567890", nil) == .success(.init(clientID: "1234567890", secret: nil, viaBasic: false)))
        #expect(Self.read("client_secret=s", nil) == .failure(.missingClientID))
        #expect(Self.read("client_id=", nil) == .failure(.missingClientID))
    }

    @Test func basicAloneOrWithTheSameClientIDInTheBody() {
        let expected = ClientCredentials(clientID: "1234567890", secret: "s3cret", viaBasic: true)
        #expect(Self.read("grant_type=x", Self.basic("1234567890", "s3cret")) == .success(expected))
        #expect(Self.read("client_id=1234567890", Self.basic("1234567890", "s3cret")) == .success(expected))
        // The scheme is case-insensitive; spaces around the credentials don't matter.
        let token = Data("1234567890:s3cret".utf8).base64EncodedString()
        #expect(Self.read("", "basic \(token)") == .success(expected))
        #expect(Self.read("", "  BASIC   \(token)  ") == .success(expected))
        // `id:` is Basic without a secret (a public client).
        #expect(Self.read("", Self.basic("1234567890", "")) == .success(.init(clientID: "1234567890", secret: nil, viaBasic: true)))
    }

    @Test func basicPartsAreFormURLEncoded() {
        // RFC 6749 §2.3.1: each part is form-urlencoded before base64, so a colon or a plus can be in a secret.
        #expect(
            Self.read("", Self.basic("1234567890", "a%3Ab+c%2B"))
                == .success(.init(clientID: "1234567890", secret: "a:b c+", viaBasic: true)))
        #expect(Self.read("", Self.basic("1234567890", "a:b")) == .success(.init(clientID: "1234567890", secret: "a:b", viaBasic: true)))
    }

    @Test func givenBothWaysOrDisagreeingIsAnInvalidRequest() {
        let basic = Self.basic("1234567890", "s")
        guard case .failure(.conflicting)? = Self.read("client_secret=s", basic) else {
            Issue.record("a secret given both ways must be refused")
            return
        }
        guard case .failure(.conflicting)? = Self.read("client_secret=", basic) else {
            Issue.record("an empty body secret next to Basic is still two methods")
            return
        }
        guard case .failure(.conflicting)? = Self.read("client_id=1111111111", basic) else {
            Issue.record("a Basic user that differs from the body's client_id must be refused")
            return
        }
        // Compared as bytes: a canonically equivalent spelling is another client.
        guard case .failure(.conflicting)? = Self.read("client_id=%C3%A9", Self.basic("e%CC%81", "s")) else {
            Issue.record("client_id must be compared as bytes")
            return
        }
    }

    @Test(arguments: [
        "Basic", "Basic ", "Basic !!!!", "Basic " + Data("no-colon".utf8).base64EncodedString(),
        "Basic " + Data(":secret".utf8).base64EncodedString(), "Basic " + Data("1234567890:%zz".utf8).base64EncodedString(),
        "Basic " + Data("%C3:x".utf8).base64EncodedString(), "Basic " + Data([0xFF, 0x3A, 0x61]).base64EncodedString(),
        "Basic MTIzNDU2Nzg5MDphYg", "Basic " + Data("1234567890:s".utf8).base64EncodedString() + " extra",
    ])
    func malformedBasicIsRefused(_ header: String) {
        #expect(Self.read("client_id=1234567890", header) == .failure(.malformedBasic), "\(header)")
    }

    @Test func otherSchemesAreNotClientAuthentication() {
        #expect(Self.read("client_id=1234567890", "Bearer abc") == .success(.init(clientID: "1234567890", secret: nil, viaBasic: false)))
        #expect(Self.read("client_id=1234567890", "Basicx abc") == .success(.init(clientID: "1234567890", secret: nil, viaBasic: false)))
    }
}
#endif
