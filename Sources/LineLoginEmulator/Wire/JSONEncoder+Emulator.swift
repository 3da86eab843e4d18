#if Emulator
import Foundation

extension JSONEncoder {
    /// Sorted keys (stable output on Linux) and unescaped slashes (readable URLs).
    static var emulator: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
#endif
