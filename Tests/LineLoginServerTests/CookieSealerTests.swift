#if Hummingbird && Emulator
import Crypto
import Foundation
import Testing
@testable import LineLoginServer

@Suite struct CookieSealerTests {
    struct Payload: Codable, Equatable { var name: String }
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func roundTripsAndHidesThePayload() throws {
        let sealer = CookieSealer.randomKey()
        let sealed = try sealer.seal(Payload(name: "secret-state-value"), purpose: "p", expiresAt: now.addingTimeInterval(60))
        #expect(!sealed.contains("secret"))
        #expect(sealed.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "cookie-safe")
        #expect(try sealer.open(sealed, as: Payload.self, purpose: "p", now: now) == Payload(name: "secret-state-value"))
    }

    @Test func refusesExpiredTamperedMisdirectedAndForeignValues() throws {
        let sealer = CookieSealer.randomKey()
        let sealed = try sealer.seal(Payload(name: "x"), purpose: "p", expiresAt: now.addingTimeInterval(60))
        #expect(throws: CookieSealer.Failure.expired) {
            try sealer.open(sealed, as: Payload.self, purpose: "p", now: now.addingTimeInterval(60))
        }
        #expect(throws: CookieSealer.Failure.invalid) { try sealer.open(sealed, as: Payload.self, purpose: "q", now: now) }
        #expect(throws: CookieSealer.Failure.invalid) {
            try CookieSealer.randomKey().open(sealed, as: Payload.self, purpose: "p", now: now)
        }
        var bytes = Array(sealed)
        bytes[bytes.count / 2] = bytes[bytes.count / 2] == "A" ? "B" : "A"
        #expect(throws: CookieSealer.Failure.invalid) { try sealer.open(String(bytes), as: Payload.self, purpose: "p", now: now) }
        #expect(throws: CookieSealer.Failure.invalid) { try sealer.open("", as: Payload.self, purpose: "p", now: now) }
        #expect(throws: CookieSealer.Failure.invalid) { try sealer.open("not base64!", as: Payload.self, purpose: "p", now: now) }
    }

    @Test func opensWithAPreviousKeyAfterRotation() throws {
        let old = SymmetricKey(size: .bits256)
        let sealed = try CookieSealer(key: old).seal(Payload(name: "x"), purpose: "p", expiresAt: now.addingTimeInterval(60))
        let rotated = CookieSealer(key: SymmetricKey(size: .bits256), previousKeys: [old])
        #expect(try rotated.open(sealed, as: Payload.self, purpose: "p", now: now).name == "x")
    }

    @Test func cookieAttributesAndParsing() {
        let cookie = ResponseCookie(name: "a", value: "v", maxAge: 60, path: "/callback", secure: true)
        #expect(cookie.headerValue == "a=v; Path=/callback; Max-Age=60; HttpOnly; Secure; SameSite=Lax")
        #expect(!cookie.description.contains("=v;"))
        #expect(cookie.deletion.headerValue == "a=; Path=/callback; Max-Age=0; HttpOnly; Secure; SameSite=Lax")
        #expect(ResponseCookie.value(named: "b", inCookieHeader: "a=1; b=two=2;c=3") == "two=2")
        #expect(ResponseCookie.value(named: "c", inCookieHeader: "a=1; b=two=2;c=3") == "3")
        #expect(ResponseCookie.value(named: "ab", inCookieHeader: "a=1") == nil)
        #expect(ResponseCookie.value(named: "a", inCookieHeader: nil) == nil)
    }
}
#endif
