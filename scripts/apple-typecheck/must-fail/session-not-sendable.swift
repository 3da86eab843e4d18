// expected-error: passing closure as a 'sending' parameter risks causing data races
// ASWebAuthenticationSession is not Sendable: it can't be handed to another task.
import AuthenticationServices

func cancelLater(_ session: ASWebAuthenticationSession) {
    Task.detached { session.cancel() }
}
