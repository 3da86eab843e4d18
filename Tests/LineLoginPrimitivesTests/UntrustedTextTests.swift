import Foundation
import LineLoginPrimitives
import Testing

/// Provider text on its way to a terminal: cut, and unable to steer it.
@Suite struct UntrustedTextTests {
    @Test func shortTextIsKeptAndLongTextIsCutAndSaysSo() {
        #expect(UntrustedText.bounded("ABCD-EFGH", limit: 64) == "ABCD-EFGH")
        let code = String(repeating: "A", count: 2 * 1024 * 1024)
        let cut = UntrustedText.bounded(code, limit: 64)
        #expect(cut == String(repeating: "A", count: 64) + "… [cut: 2,097,152 characters in all]")
        // Scalars, not graphemes: a pile of combining marks counts for every mark.
        let zalgo = "e" + String(repeating: "\u{301}", count: 100)
        #expect(UntrustedText.bounded(zalgo, limit: 10).unicodeScalars.count < 60)
    }

    @Test func controlsAreWrittenOut() {
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\r\nerror: fake prompt\u{9B}31m\u{202E}txt.exe\u{7F}"
        let shown = UntrustedText.escapingControls(hostile)
        #expect(shown == #"\u{1B}]0;pwned\u{7}\u{1B}[2J\r\nerror: fake prompt\u{9B}31m\u{202E}txt.exe\u{7F}"#)
        #expect(!shown.unicodeScalars.contains(where: UntrustedText.isControl))
        #expect(UntrustedText.escapingControls("Brown ブラウン é") == "Brown ブラウン é")
    }

    @Test func jsonKeepsItsValueAndLosesItsControls() throws {
        let value = "a\u{9B}b\u{202E}c\u{7F}d\u{2028}e\u{1B}f"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["v": value]), as: UTF8.self)
        let escaped = UntrustedText.escapingControlsInJSON(json)
        #expect(!escaped.unicodeScalars.contains(where: UntrustedText.isControl))
        let decoded = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: String]
        #expect(decoded?["v"] == value, "the same JSON value")
    }

    /// The bound is on what is printed: escaped first, then cut, never inside an escape. Cut first and
    /// escaped after, a line of 4,096 controls printed 4,096 × 6 to 8 characters.
    @Test func shownTextIsEscapedThenCutAndNeverLongerThanItsBound() {
        #expect(UntrustedText.shown("ABCD-EFGH", limit: 64) == "ABCD-EFGH")
        #expect(UntrustedText.shown("a\u{1B}b", limit: 64) == #"a\u{1B}b"#)

        let controls = String(repeating: "\u{202E}", count: 4_096)
        let shown = UntrustedText.shown(controls, limit: 4_096)
        let mark = "… [cut: 32,768 characters in all]"
        #expect(shown.hasSuffix(mark), "the mark counts the text as it would print: 4,096 × 8")
        let kept = String(shown.dropLast(mark.count))
        #expect(kept.unicodeScalars.count == 4_096, "512 whole escapes of 8 characters")
        #expect(kept == String(repeating: #"\u{202E}"#, count: 512))
        #expect(!shown.unicodeScalars.contains(where: UntrustedText.isControl))

        // An escape that would cross the bound is left out whole, never cut in two.
        #expect(UntrustedText.shown("abc\u{1B}def", limit: 5) == "abc… [cut: 12 characters in all]")
        #expect(UntrustedText.shown("abc\u{1B}", limit: 9) == #"abc\u{1B}"#, "exactly at the bound: whole, no mark")
        #expect(UntrustedText.shown("abc\u{1B}", limit: 8) == "abc… [cut: 9 characters in all]")
    }
}
