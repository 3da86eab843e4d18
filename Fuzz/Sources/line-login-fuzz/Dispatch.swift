import Foundation

// One libFuzzer binary, many harnesses: `FUZZ_TARGET` picks the one every input goes to
// (`FUZZ_TARGET=jws line-login-fuzz corpus/ Fuzz/Corpus/jws`). EntryPoint.swift starts libFuzzer.

/// A harness: feeds one input to a parser. Errors the parser throws are the expected outcome; a harness
/// traps (`fatalError`) only when a property that must hold for every input does not.
typealias Harness = @Sendable (UnsafeBufferPointer<UInt8>) -> Void

let harnesses: [String: Harness] = [
    "jws": fuzzJWS,
    "json": fuzzJSON,
    "jwks": fuzzJWKS,
    "form": fuzzForm,
    "callback": fuzzCallback,
    "loopback": fuzzLoopback,
]

/// The harness named by `FUZZ_TARGET`, read once (a global `let` is initialized lazily, exactly once).
let selectedHarness: Harness = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let harness = harnesses[name] else {
        let known = harnesses.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(Data("line-login-fuzz: set FUZZ_TARGET to one of: \(known) (got \"\(name)\")\n".utf8))
        exit(64)
    }
    return harness
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // The harness reads libFuzzer's own buffer (no copy), so AddressSanitizer sees any read past its end.
    selectedHarness(UnsafeBufferPointer(start: count > 0 ? start : nil, count: count))
    return 0
}

/// Traps with `message` unless `condition` holds: a broken property is reported by libFuzzer as a crash.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("property broken: \(message())", file: file, line: line) }
}
