import Foundation
import OAuthEngine
import Testing

@Suite("CompactJWS parsing")
struct CompactJWSTests {
    private static func malformed(_ text: String) -> Bool {
        do {
            _ = try CompactJWS(parsing: text)
            return false
        } catch {
            if case .malformed = error { return true }
            return false
        }
    }

    @Test("a well-formed token exposes its parts")
    func wellFormed() throws {
        let token = TestTokens.hs256(header: #"{"alg":"HS256","typ":"JWT","kid":"k1"}"#)
        let jws = try CompactJWS(parsing: token)
        #expect(jws.header.algorithm == "HS256")
        #expect(jws.header.type == "JWT")
        #expect(jws.header.keyID == "k1")
        #expect(jws.header.critical == nil)
        #expect(jws.header.fields["typ"] == .string("JWT"))
        #expect(jws.payload == Array(TestTokens.claims.utf8))
        #expect(jws.claims["sub"] == .string("U1234"))
        #expect(jws.claims["exp"]?.doubleValue == 1_700_000_000)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(jws.signingInput == Array((parts[0] + "." + parts[1]).utf8))
        #expect(jws.signature.count == 32)
        // A Substring parses the same.
        let padded = "x" + token + "x"
        let inner = padded.dropFirst().dropLast()
        #expect(try CompactJWS(parsing: inner).signingInput == jws.signingInput)
    }

    @Test("base64url padding in any part is refused")
    func padding() {
        let parts = TestTokens.hs256().split(separator: ".").map(String.init)
        #expect(Self.malformed(parts[0] + "=." + parts[1] + "." + parts[2]))
        #expect(Self.malformed(parts[0] + "." + parts[1] + "==." + parts[2]))
        #expect(Self.malformed(parts[0] + "." + parts[1] + "." + parts[2] + "="))
        // Standard base64 characters are not base64url.
        #expect(
            Self.malformed(
                parts[0] + "." + parts[1] + "." + parts[2].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                    + "+"))
    }

    @Test("whitespace anywhere is refused")
    func whitespace() {
        let token = TestTokens.hs256()
        let parts = token.split(separator: ".").map(String.init)
        #expect(Self.malformed(" " + token))
        #expect(Self.malformed(token + "\n"))
        #expect(Self.malformed(parts[0] + " ." + parts[1] + "." + parts[2]))
        #expect(Self.malformed(parts[0] + "." + parts[1] + ".\t" + parts[2]))
        #expect(Self.malformed(parts[0] + "\r\n." + parts[1] + "." + parts[2]))
    }

    @Test("anything but three parts is refused")
    func partCount() {
        let parts = TestTokens.hs256().split(separator: ".").map(String.init)
        #expect(Self.malformed(""))
        #expect(Self.malformed(parts[0]))
        #expect(Self.malformed(parts[0] + "." + parts[1]))
        #expect(Self.malformed(parts.joined(separator: ".") + "."))
        #expect(Self.malformed(parts.joined(separator: ".") + "." + parts[2]))
        #expect(Self.malformed(".."))
        #expect(Self.malformed("." + parts[1] + "." + parts[2]))
    }

    @Test("non-canonical base64url (non-zero trailing bits) is refused")
    func nonCanonical() {
        // "e30" is "{}"; "e31" decodes to the same byte with a non-zero leftover bit.
        #expect(throws: Never.self) { try CompactJWS(parsing: "eyJhbGciOiJIUzI1NiJ9.e30.", payload: .jsonObject) }
        #expect(Self.malformed("eyJhbGciOiJIUzI1NiJ9.e31."))
    }

    @Test("an empty signature parses and never verifies")
    func emptySignature() throws {
        let input = TestTokens.signingInput(header: #"{"alg":"HS256"}"#)
        let jws = try CompactJWS(parsing: input + ".")
        #expect(jws.signature.isEmpty)
        #expect(throws: JOSEError.invalidSignature) {
            try JWSVerifier.verify(jws, allowed: [.hs256], key: .hmac(TestTokens.secret))
        }
    }

    @Test(
        "header must be a JSON object with a string alg",
        arguments: [
            #"[]"#, #""HS256""#, #"1"#, #"null"#, #"{}"#, #"{"alg":1}"#, #"{"alg":null}"#,
            #"{"alg":"HS256","kid":7}"#, #"{"alg":"HS256","typ":true}"#,
            #"{"alg":"HS256","crit":[]}"#, #"{"alg":"HS256","crit":"exp"}"#, #"{"alg":"HS256","crit":[1]}"#,
            #"{"alg":"HS256"} x"#, #"{"alg":"HS256",}"#, "",
        ])
    func badHeader(header: String) {
        #expect(Self.malformed(TestTokens.hs256(header: header)))
    }

    @Test("duplicate member names are refused in header and payload")
    func duplicates() {
        #expect(Self.malformed(TestTokens.hs256(header: #"{"alg":"none","alg":"HS256"}"#)))
        #expect(Self.malformed(TestTokens.hs256(header: #"{"alg":"HS256","kid":"a","kid":"b"}"#)))
        // Equal after unescaping is still a duplicate.
        #expect(Self.malformed(TestTokens.hs256(header: #"{"alg":"HS256","\u0061lg":"none"}"#)))
        #expect(Self.malformed(TestTokens.hs256(payload: #"{"sub":"a","sub":"b"}"#)))
    }

    @Test("the payload must be a JSON object unless declared opaque")
    func payloadFormat() throws {
        let token = TestTokens.hs256(payload: "foo")
        #expect(Self.malformed(token))
        #expect(Self.malformed(TestTokens.hs256(payload: "[1]")))
        #expect(Self.malformed(TestTokens.hs256(payload: "")))
        let jws = try CompactJWS(parsing: token, payload: .opaque)
        #expect(jws.payload == Array("foo".utf8))
        #expect(jws.claims.isEmpty)
        #expect(throws: Never.self) { try JWSVerifier.verify(jws, allowed: [.hs256], key: .hmac(TestTokens.secret)) }
    }

    @Test("alg none parses but is never accepted")
    func algNone() throws {
        for name in ["none", "None", "NONE"] {
            let jws = try CompactJWS(parsing: TestTokens.signingInput(header: #"{"alg":"\#(name)"}"#) + ".")
            #expect(throws: JOSEError.unsupportedAlgorithm(name)) {
                try JWSVerifier.verify(jws, allowed: Set(JWSAlgorithm.allCases), key: .hmac(TestTokens.secret))
            }
        }
    }

    @Test("crit is refused even for a correctly signed token")
    func critical() throws {
        let jws = try CompactJWS(parsing: TestTokens.hs256(header: #"{"alg":"HS256","crit":["exp"],"exp":1}"#))
        #expect(jws.header.critical == ["exp"])
        #expect(throws: JOSEError.criticalHeader) {
            try JWSVerifier.verify(jws, allowed: [.hs256], key: .hmac(TestTokens.secret))
        }
    }

    @Test("error messages carry no token material")
    func messagesAreClean() {
        let marker = "SECRETMARKER"
        let tokens = [
            TestTokens.hs256(header: #"{"alg":"HS256","kid":"\#(marker)","kid":"x"}"#),
            TestTokens.hs256(payload: #"{"sub":"\#(marker)",}"#),
            TestTokens.hs256(payload: marker),
            marker + ".e30.",
            "eyJhbGciOiJIUzI1NiJ9." + marker + "=.",
        ]
        for token in tokens {
            do {
                _ = try CompactJWS(parsing: token)
                Issue.record("parsed")
            } catch {
                #expect(!error.description.contains(marker))
                #expect(!"\(error)".contains(marker))
            }
        }
    }

    @Test("a token over the size limit is refused before any decoding")
    func tooLarge() throws {
        let limit = CompactJWS.maximumLength
        #expect(limit == 64 * 1024)
        // Not even base64url: had anything been decoded, the error would be `.malformed`.
        let garbage = String(repeating: "!", count: limit - 1) + ".."
        #expect(throws: JOSEError.tooLarge(limit: limit)) { try CompactJWS(parsing: garbage) }
        #expect(throws: JOSEError.tooLarge(limit: limit)) { try CompactJWS(parsing: garbage, payload: .opaque) }
        // At the limit, the usual checks apply (here: bad base64url).
        #expect(Self.malformed(String(repeating: "!", count: limit - 2) + ".."))
        #expect(!"\(JOSEError.tooLarge(limit: limit))".isEmpty)
    }
}
