import Foundation
import OAuthEngine

/// `JSONValue.parseObject` on the raw bytes. Properties: the contiguous and the copying paths agree, the
/// scanner behind `ClaimSet` (which checks a payload without building it) gives the same verdict, error and
/// values, and a parsed object encoded by `JSONEncoder` parses back to the same value.
func fuzzJSON(_ bytes: UnsafeBufferPointer<UInt8>) {
    let outcome = Result { () throws(JOSEError) in try JSONValue.parseObject(bytes) }
    let parsed = try? outcome.get()
    // A collection without contiguous storage takes the copying path.
    let copied = try? JSONValue.parseObject(bytes.lazy.map { $0 })
    require(parsed == copied, "the contiguous and copying parses differ")
    switch (outcome, Result { () throws(JOSEError) in try ClaimSet(payload: Array(bytes)) }) {
    case (.success(let object), .success(let claims)):
        require(claims.dictionary == object && claims.names.count == object.count, "ClaimSet reads other claims")
        for (name, value) in object.prefix(8) { require(claims[name] == value, "ClaimSet decodes \(name) differently") }
    case (.failure(let parseError), .failure(let scanError)):
        require(parseError == scanError, "ClaimSet refuses with \(scanError), the parser with \(parseError)")
    default:
        require(false, "ClaimSet and the parser disagree on accepting the document")
    }
    guard let parsed else { return }
    for value in parsed.values.prefix(8) { touch(value) }
    guard let encoded = try? JSONEncoder().encode(parsed) else { return }
    let reparsed = try? JSONValue.parseObject(encoded)
    require(reparsed == parsed, "JSONEncoder's output does not parse back: \(String(decoding: encoded, as: UTF8.self))")
}

private func touch(_ value: JSONValue) {
    _ = (value.stringValue, value.doubleValue, value.boolValue, value.arrayValue?.count, value.objectValue?.count, value.isNull)
}
