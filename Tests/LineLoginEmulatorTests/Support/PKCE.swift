#if Emulator
import Crypto
import Foundation

/// PKCE values computed independently of the emulator.
struct PKCE: Sendable {
    let verifier: String
    let challenge: String

    init(verifier: String = PKCE.randomVerifier()) {
        self.verifier = verifier
        self.challenge = TestBase64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    static func randomVerifier() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return String((0..<64).map { _ in alphabet.randomElement() ?? "a" })
    }
}

/// Base64url via Foundation (independent of the emulator's own encoder).
enum TestBase64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ string: some StringProtocol) -> Data? {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
#endif
