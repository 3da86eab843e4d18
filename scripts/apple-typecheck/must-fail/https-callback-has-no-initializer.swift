// expected-error: 'init()' is unavailable
// ASWebAuthenticationSession.Callback is made with `.customScheme(_:)` or `.https(host:path:)`, never `init()`.
import AuthenticationServices

@available(iOS 17.4, macOS 14.4, *)
func callback() -> ASWebAuthenticationSession.Callback {
    ASWebAuthenticationSession.Callback()
}
