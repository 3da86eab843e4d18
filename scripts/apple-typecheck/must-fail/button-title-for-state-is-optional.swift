// expected-error: value of optional type 'String?' must be unwrapped to a value of type 'String'
// `title(for:)` returns `String?` (a state may have no title).
import UIKit

@MainActor func title(of button: UIButton) -> String {
    button.title(for: .normal)
}
