import Foundation
import OAuthEngine
import Testing

@Suite("JSONValue parsing")
struct JSONValueTests {
    private static func parse(_ text: String) throws(JOSEError) -> [String: JSONValue] {
        try JSONValue.parseObject(Array(text.utf8))
    }

    private static func refused(_ text: String) -> Bool {
        do {
            _ = try parse(text)
            return false
        } catch {
            if case .malformed = error { return true }
            return false
        }
    }

    private static func refused(bytes: [UInt8]) -> Bool {
        (try? JSONValue.parseObject(bytes)) == nil
    }

    @Test("every value type, nested")
    func values() throws {
        let object = try Self.parse(#" {"s":"x","n":-1.5e2,"t":true,"f":false,"z":null,"a":[1,"b",[],{}],"o":{"k":{"l":[null]}}} "#)
        #expect(object["s"] == .string("x"))
        #expect(object["n"] == .number(-150))
        #expect(object["t"]?.boolValue == true)
        #expect(object["f"]?.boolValue == false)
        #expect(object["z"]?.isNull == true)
        #expect(object["a"] == .array([.number(1), .string("b"), .array([]), .object([:])]))
        #expect(object["o"]?.objectValue?["k"]?.objectValue?["l"]?.arrayValue == [.null])
        #expect(object["s"]?.doubleValue == nil && object["n"]?.stringValue == nil && object["a"]?.objectValue == nil)
        #expect(try Self.parse("{}").isEmpty)
    }

    @Test(
        "numbers",
        arguments: [
            ("0", 0.0), ("-0", -0.0), ("1700000000", 1_700_000_000), ("-42", -42), ("3.25", 3.25), ("1e3", 1000),
            ("1E+3", 1000), ("25e-1", 2.5), ("123456789012345", 123_456_789_012_345), ("9007199254740993", 9_007_199_254_740_992),
            ("12345678901234567890123", 1.2345678901234568e22), ("0.1", 0.1),
        ])
    func numbers(text: String, value: Double) throws {
        #expect(try Self.parse(#"{"n":\#(text)}"#)["n"] == .number(value))
    }

    @Test(
        "malformed numbers",
        arguments: ["01", "-", "1.", ".5", "+1", "1e", "1e+", "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "0x10", "1_000", "--1"])
    func badNumbers(text: String) {
        #expect(Self.refused(#"{"n":\#(text)}"#))
    }

    @Test("strings: escapes, Unicode, surrogate pairs")
    func strings() throws {
        let object = try Self.parse(#"{"e":"\"\\\/\b\f\n\r\t","u":"\u00e9\u4e2d","p":"\ud83d\ude00","r":"é中😀","z":"\u0000"}"#)
        #expect(object["e"] == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(object["u"] == .string("é中"))
        #expect(object["p"] == .string("😀"))
        #expect(object["r"] == .string("é中😀"))
        #expect(object["z"] == .string("\u{0}"))
    }

    @Test(
        "malformed strings",
        arguments: [
            #"{"s":"\ud83d"}"#, #"{"s":"\ude00"}"#, #"{"s":"\ud83d\u0041"}"#, #"{"s":"\x"}"#, #"{"s":"\u12"}"#,
            #"{"s":"\u12G4"}"#, "{\"s\":\"a\tb\"}", "{\"s\":\"a\nb\"}", #"{"s":"abc}"#, #"{"s":"\"#, #"{'s':1}"#,
        ])
    func badStrings(text: String) {
        #expect(Self.refused(text))
    }

    @Test("invalid UTF-8 is refused")
    func invalidUTF8() {
        let prefix = Array(#"{"s":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            #expect(Self.refused(bytes: prefix + bad + suffix), "\(bad)")
            #expect(Self.refused(bytes: Array(#"{"s":"\n"#.utf8) + bad + suffix), "\(bad) after an escape")
        }
        #expect(Self.refused(bytes: Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8)))
    }

    @Test("duplicate member names are refused, at any depth")
    func duplicates() {
        #expect(Self.refused(#"{"a":1,"a":1}"#))
        #expect(Self.refused(#"{"a":1,"b":{"c":1,"c":2}}"#))
        #expect(Self.refused(#"{"a":1,"\u0061":2}"#))
        #expect(Self.refused(#"{"a":[{"x":1,"x":1}]}"#))
        #expect(!Self.refused(#"{"a":{"a":{"a":1}}}"#))
    }

    @Test(
        "the top level must be one object",
        arguments: [
            "", " ", "[]", #""s""#, "1", "true", "null", "{} {}", "{},", "{", "}", "{}}", "\u{FEFF}{}",
            #"{"a":1,}"#, #"{"a":1 "b":2}"#, #"{"a" 1}"#, #"{a:1}"#, "{/* c */}", "{} // c", #"{"a":[1,]}"#, #"{"a":[,1]}"#,
            #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":True}"#,
        ])
    func topLevel(text: String) {
        #expect(Self.refused(text))
    }

    @Test("nesting is capped without crashing")
    func depth() {
        let ok = "{\"a\":" + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "}"
        #expect(!Self.refused(ok))
        let deep = "{\"a\":" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"
        #expect(Self.refused(deep))
        #expect(Self.refused("{\"a\":" + String(repeating: "[", count: 100_000)))
        #expect(Self.refused(String(repeating: "{\"a\":", count: 100_000)))
    }

    @Test("objects and arrays are capped at 1,024 members")
    func members() {
        let members = { (count: Int) in "{" + (0..<count).map { "\"m\($0)\":0" }.joined(separator: ",") + "}" }
        let elements = { (count: Int) in "{\"a\":[" + Array(repeating: "0", count: count).joined(separator: ",") + "]}" }
        #expect(!Self.refused(members(1024)))
        #expect(Self.refused(members(1025)))
        #expect(!Self.refused(elements(1024)))
        #expect(Self.refused(elements(1025)))
    }

    @Test("any byte collection parses: Array, Data, ArraySlice, a non-contiguous view")
    func collections() throws {
        let text = #"{"k":"v"}"#
        #expect(try JSONValue.parseObject(Data(text.utf8)) == ["k": .string("v")])
        #expect(try JSONValue.parseObject(Array(("xx" + text).utf8).dropFirst(2)) == ["k": .string("v")])
        #expect(try JSONValue.parseObject(text.utf8) == ["k": .string("v")])
        #expect(try JSONValue.parseObject(Array(text.utf8).lazy.map { $0 }) == ["k": .string("v")])
    }

    @Test("Codable round trip")
    func codable() throws {
        let value = JSONValue.object([
            "s": .string("é"), "n": .number(1.5), "b": .bool(true), "z": .null,
            "a": .array([.number(1), .object(["k": .string("v")])]),
        ])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        guard case .object(let object) = value else { return }
        #expect(try JSONValue.parseObject(data) == object)
    }
}
