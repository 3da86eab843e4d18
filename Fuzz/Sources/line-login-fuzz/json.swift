import Foundation
import OAuthEngine

/// `JSONValue.parseObject` on the raw bytes. Properties: the contiguous and the copying paths agree, and a
/// parsed object encoded by `JSONEncoder` parses back to the same value.
func fuzzJSON(_ bytes: UnsafeBufferPointer<UInt8>) {
    let parsed = try? JSONValue.parseObject(bytes)
    // A collection without contiguous storage takes the copying path.
    let copied = try? JSONValue.parseObject(bytes.lazy.map { $0 })
    require(parsed == copied, "the contiguous and copying parses differ")
    guard let parsed else { return }
    for value in parsed.values.prefix(8) { touch(value) }
    guard let encoded = try? JSONEncoder().encode(parsed) else { return }
    let reparsed = try? JSONValue.parseObject(encoded)
    require(reparsed == parsed, "JSONEncoder's output does not parse back: \(String(decoding: encoded, as: UTF8.self))")
}

private func touch(_ value: JSONValue) {
    _ = (value.stringValue, value.doubleValue, value.boolValue, value.arrayValue?.count, value.objectValue?.count, value.isNull)
}
