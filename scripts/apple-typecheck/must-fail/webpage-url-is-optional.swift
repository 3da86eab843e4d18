// expected-error: value of optional type 'URL?' must be unwrapped to a value of type 'URL'
// NSUserActivity.webpageURL is `URL?`: a universal-link handler must unwrap it.
import UIKit

@MainActor func handle(_ url: URL) {}

@MainActor func continueActivity(_ userActivity: NSUserActivity) {
    handle(userActivity.webpageURL)
}
