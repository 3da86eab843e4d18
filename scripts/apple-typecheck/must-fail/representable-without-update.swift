// expected-error: type 'LoginButtonWrapper' does not conform to protocol 'UIViewRepresentable'
// UIViewRepresentable requires both makeUIView(context:) and updateUIView(_:context:); only
// makeCoordinator() and dismantleUIView(_:coordinator:) have defaults.
import SwiftUI

struct LoginButtonWrapper: UIViewRepresentable {
    func makeUIView(context: Context) -> UIButton {
        UIButton(type: .system)
    }
}
