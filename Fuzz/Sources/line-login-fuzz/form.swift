import OAuthEngine

/// `FormEncoding.decode` on the input as text. Properties: whatever decodes re-encodes to text that decodes
/// back to the same pairs, byte for byte, and an escaped component holds only unreserved characters and `%XX`.
func fuzzForm(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let pairs = FormEncoding.decode(text) else { return }
    let encoded = FormEncoding.encode(pairs)
    guard let decoded = FormEncoding.decode(encoded) else {
        fatalError("property broken: FormEncoding.encode produced text decode refuses: \(encoded)")
    }
    require(decoded.count == pairs.count, "round trip changed the number of pairs: \(pairs.count) → \(decoded.count)")
    for (before, after) in zip(pairs, decoded) {
        require(
            before.0.utf8.elementsEqual(after.0.utf8),
            "round trip changed a name: \(before.0.debugDescription) → \(after.0.debugDescription)")
        require(
            before.1.utf8.elementsEqual(after.1.utf8),
            "round trip changed a value: \(before.1.debugDescription) → \(after.1.debugDescription)")
    }
    for (name, value) in pairs.prefix(4) {
        for component in [name, value] {
            let escaped = FormEncoding.escape(component)
            require(escaped.utf8.allSatisfy(isEscapedByte), "escape left a reserved byte in \(escaped.debugDescription)")
            require(component.isEmpty || !escaped.isEmpty, "escape dropped \(component.debugDescription)")
        }
    }
}

private func isEscapedByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"): true
    default: false
    }
}
