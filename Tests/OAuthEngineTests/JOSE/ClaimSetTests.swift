import Foundation
import OAuthEngine
import Testing

/// `ClaimSet` checks a payload without building it, so it must accept and refuse exactly what
/// `JSONValue.parseObject` does, with the same error, and read back the same values.
@Suite("ClaimSet agrees with the parser")
struct ClaimSetTests {
    private static func outcome(_ bytes: [UInt8]) -> Result<[String: JSONValue], JOSEError> {
        Result { () throws(JOSEError) in try JSONValue.parseObject(bytes) }
    }

    /// Both accept with the same claims (read one by one and all at once), or both refuse with the same error.
    private static func agree(_ bytes: [UInt8]) -> Bool {
        let parsed = outcome(bytes)
        let scanned = Result { () throws(JOSEError) in try ClaimSet(payload: bytes) }
        switch (parsed, scanned) {
        case (.success(let object), .success(let claims)):
            guard claims.dictionary == object, claims.names.count == object.count else { return false }
            for (name, value) in object where claims[name] != value || !claims.contains(name) { return false }
            return claims["no such claim"] == nil
        case (.failure(let parseError), .failure(let scanError)):
            return parseError == scanError
        default:
            return false
        }
    }

    private static func agree(_ text: String) -> Bool {
        agree(Array(text.utf8))
    }

    @Test(
        "accepted documents read back the same",
        arguments: [
            #" {"s":"x","n":-1.5e2,"t":true,"f":false,"z":null,"a":[1,"b",[],{}],"o":{"k":{"l":[null]}}} "#,
            #"{"e":"\"\\\/\b\f\n\r\t","u":"\u00e9\u4e2d","p":"\ud83d\ude00","r":"é中😀","z":"\u0000"}"#,
            #"{"iss":"https:\/\/access.line.me","aud":["1234567890","x"],"exp":1700000000,"name":"ブラウン"}"#,
            #"{"\u0069ss":"escaped name","n\u00e4me":1,"é":2}"#, "{}", #"{"a":{"a":{"a":1}}}"#, #"{"big":123456789012345678901}"#,
        ])
    func accepted(text: String) {
        #expect(Self.agree(text))
    }

    @Test(
        "refused documents fail with the parser's error",
        arguments: [
            "", " ", "[]", "{} {}", "{", #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, #"{"a":[1,]}"#, #"{"a":tru}"#, "\u{FEFF}{}",
            #"{"s":"\ud83d"}"#, #"{"s":"\ude00"}"#, #"{"s":"\ud83d\u0041"}"#, #"{"s":"\x"}"#, #"{"s":"\u12G4"}"#, "{\"s\":\"a\tb\"}",
            #"{"n":01}"#, #"{"n":1e400}"#, #"{"n":-}"#, #"{"n":1.}"#,
            #"{"a":1,"a":1}"#, #"{"a":1,"b":{"c":1,"c":2}}"#, #"{"a":1,"\u0061":2}"#, #"{"a":[{"x":1,"x":1}]}"#,
            // Canonically equivalent names are one name to a `[String: JSONValue]`, so they are duplicates here too.
            #"{"K":1,"\u212A":2}"#, "{\"\u{212A}\":1,\"K\":2}", "{\"é\":1,\"e\u{301}\":2}",
        ])
    func refused(text: String) {
        #expect(Self.agree(text))
    }

    @Test("invalid UTF-8, with and without escapes before it")
    func invalidUTF8() {
        let suffix = Array(#""}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xC3]] {
            #expect(Self.agree(Array(#"{"s":""#.utf8) + bad + suffix), "\(bad)")
            #expect(Self.agree(Array(#"{"s":"\n"#.utf8) + bad + suffix), "\(bad) after an escape")
            #expect(Self.agree(Array(#"{"s":""#.utf8) + bad + Array(#"\n"#.utf8) + suffix), "\(bad) before an escape")
            #expect(Self.agree(Array(#"{"s":""#.utf8) + bad + Array(#"\x"#.utf8) + suffix), "\(bad) before a bad escape")
        }
        #expect(Self.agree(Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8)))
    }

    @Test("duplicates past the pairwise limit and limits on size and depth")
    func limits() {
        let members = { (count: Int, duplicate: Bool) in
            "{" + (0..<count).map { "\"m\($0)\":0" }.joined(separator: ",") + (duplicate ? ",\"m3\":1" : "") + "}"
        }
        for count in [15, 16, 17, 40, 1023] {
            #expect(Self.agree(members(count, false)))
            #expect(Self.agree(members(count, true)))
        }
        #expect(Self.agree(members(1025, false)))
        #expect(Self.agree("{\"a\":" + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "}"))
        #expect(Self.agree("{\"a\":" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"))
        #expect(Self.agree(String(repeating: "{\"a\":", count: 100_000)))
        #expect(Self.agree("{\"a\":[" + Array(repeating: "0", count: 1025).joined(separator: ",") + "]}"))
    }

    @Test("random documents from JSON pieces: the same verdict and the same claims")
    func random() {
        let pieces = [
            "{", "}", "[", "]", ":", ",", "\"a\"", "\"b\"", "\"\\u0061\"", "\"K\"", "\"\\u212A\"", "\"é\"", "\"e\u{301}\"",
            "1", "-0.5", "1e400", "01", "true", "null", "\"\\ud800\"", "\"\\ud83d\\ude00\"", "\"x\\\"y\"", " ", "\"\\/\"",
        ]
        var generator = SplitMix(seed: 15)
        for _ in 0..<20_000 {
            var text = "{"
            for _ in 0..<Int(generator.next() % 12) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var bytes = Array(text.utf8)
            if generator.next() % 8 == 0, !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            #expect(Self.agree(bytes), "\(bytes)")
        }
    }
}

/// A small seeded generator, so a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
