/// A strict, allocation-lean RFC 8259 parser for the small JSON documents of JOSE (headers, claims,
/// keys). Works on a borrowed buffer so a decoded token part is parsed without another copy.
struct JSONParser {
    static let maximumDepth = 64
    /// The most members an object, or elements an array, may have: JOSE documents have a few dozen at most,
    /// and a bound keeps a hostile document from becoming millions of tiny allocations.
    static let maximumMembers = 1024

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// Parses a whole JSON text whose top level must be an object.
    static func parseObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(JOSEError) -> [String: JSONValue] {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else { throw .malformed("JSON text is not an object") }
        let object = try parser.parseObject(depth: 1)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw .malformed("data after the JSON text") }
        return object
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JOSEError) -> JSONValue {
        guard let byte = peek() else { throw .malformed("JSON value expected") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw .malformed("unexpected character in JSON")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JOSEError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw .malformed("invalid JSON literal") }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw .malformed("invalid JSON literal")
        }
        index += count
    }

    /// Called with `index` on `{`.
    private mutating func parseObject(depth: Int) throws(JOSEError) -> [String: JSONValue] {
        guard depth <= Self.maximumDepth else { throw .malformed("JSON nested too deeply") }
        index += 1
        var object: [String: JSONValue] = [:]
        // JOSE objects are small (a header has 2–4 members, an ID token 8–15): one allocation, not a
        // grow-and-rehash cascade.
        object.reserveCapacity(16)
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return object
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw .malformed("JSON member name expected") }
            let name = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw .malformed("':' expected in JSON object") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            // RFC 7515 §5.2 and RFC 7519 §4: a duplicate name must be refused, never resolved
            // to its first or last value.
            guard object.updateValue(value, forKey: name) == nil else {
                throw .malformed("duplicate member name in JSON object")
            }
            guard object.count <= Self.maximumMembers else { throw .malformed("JSON object has too many members") }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return object
            default:
                throw .malformed("',' or '}' expected in JSON object")
            }
        }
    }

    /// Called with `index` on `[`.
    private mutating func parseArray(depth: Int) throws(JOSEError) -> [JSONValue] {
        guard depth <= Self.maximumDepth else { throw .malformed("JSON nested too deeply") }
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return array
        }
        while true {
            array.append(try parseValue(depth: depth))
            guard array.count <= Self.maximumMembers else { throw .malformed("JSON array has too many elements") }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return array
            default:
                throw .malformed("',' or ']' expected in JSON array")
            }
        }
    }

    /// Called with `index` on the opening quote.
    mutating func parseString() throws(JOSEError) -> String {
        index += 1
        let start = index
        var asciiOnly = true
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return asciiOnly ? String(decoding: raw, as: UTF8.self) : try Self.validatedString(raw)
            case UInt8(ascii: "\\"):
                return try parseEscapedString(from: start)
            case 0x00..<0x20:
                throw .malformed("control character in JSON string")
            default:
                if byte >= 0x80 { asciiOnly = false }
                index += 1
            }
        }
        throw .malformed("unterminated JSON string")
    }

    /// The slow path, from the first backslash on.
    mutating func parseEscapedString(from start: Int) throws(JOSEError) -> String {
        var buffer: [UInt8] = []
        // Room for the text so far and some more, so that a short string isn't copied as it grows.
        buffer.reserveCapacity(index - start + 32)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        // Escapes always decode to valid UTF-8, so only raw bytes of 0x80 and up can make the text invalid.
        var rawNonASCII = buffer.contains { $0 >= 0x80 }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard rawNonASCII else { return String(decoding: buffer, as: UTF8.self) }
                return try buffer.withUnsafeBufferPointer { raw throws(JOSEError) in try Self.validatedString(raw) }
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = peek() else { throw .malformed("unterminated JSON string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &buffer)
                default: throw .malformed("invalid escape in JSON string")
                }
            case 0x00..<0x20:
                throw .malformed("control character in JSON string")
            default:
                if byte >= 0x80 { rawNonASCII = true }
                buffer.append(byte)
                index += 1
            }
        }
        throw .malformed("unterminated JSON string")
    }

    /// Called with `index` after `\u`; reads one code point (a surrogate pair counts as one).
    mutating func appendUnicodeEscape(to buffer: inout [UInt8]) throws(JOSEError) {
        let unit = try readHex4()
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw .malformed("lone surrogate in JSON string")
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .malformed("lone surrogate in JSON string") }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw .malformed("lone surrogate in JSON string")
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw .malformed("invalid code point in JSON string") }
        if let encoded = UTF8.encode(scalar) { buffer.append(contentsOf: encoded) }
    }

    mutating func readHex4() throws(JOSEError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw .malformed("invalid \\u escape in JSON string") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .malformed("invalid \\u escape in JSON string")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Decoding repairs invalid UTF-8 with U+FFFD, so the text is valid exactly when decoding
    /// gave back the same bytes.
    static func validatedString(_ raw: UnsafeBufferPointer<UInt8>) throws(JOSEError) -> String {
        let string = String(decoding: raw, as: UTF8.self)
        guard string.utf8.elementsEqual(raw) else { throw .malformed("invalid UTF-8 in JSON string") }
        return string
    }

    /// Called with `index` on `-` or a digit.
    mutating func parseNumber() throws(JOSEError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw .malformed("invalid JSON number") }
        var integer: Int64 = 0
        var integerDigits = 0
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = peek(), Self.isDigit(byte) {
                if integerDigits < 18 { integer = integer * 10 + Int64(byte - UInt8(ascii: "0")) }
                integerDigits += 1
                index += 1
            }
        }
        if let byte = peek(), Self.isDigit(byte) { throw .malformed("leading zero in JSON number") }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try skipDigits()
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            try skipDigits()
        }
        // Up to 15 digits an integer converts to Double exactly; the rest goes through the
        // correctly rounded library conversion.
        if isInteger && integerDigits <= 15 {
            return negative ? -Double(integer) : Double(integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .malformed("JSON number out of range") }
        return value
    }

    private mutating func skipDigits() throws(JOSEError) {
        guard let first = peek(), Self.isDigit(first) else { throw .malformed("invalid JSON number") }
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
