// expected-error: incorrect argument label in call
// Apple's label is `callbackURLScheme:`.
import AuthenticationServices

func makeSession(_ url: URL) -> ASWebAuthenticationSession {
    ASWebAuthenticationSession(url: url, callbackScheme: "line3rdp.com.example") { _, _ in }
}
