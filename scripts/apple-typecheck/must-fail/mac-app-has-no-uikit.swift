// platform: macos
// expected-error: no such module 'UIKit'
// A Mac app (not Mac Catalyst) builds LineSDK's AppKit branch: UIKit is not there.
import UIKit

@MainActor func window() -> UIWindow? { nil }
