// libFuzzer normally supplies `main`. SwiftPM, though, links every executable product on Linux with
// `--defsym main=<module>_main` (its entry point, renamed so test targets can link the executable), and under
// `-parse-as-library` without `@main` no such symbol exists, so the link fails
// (swiftlang/swift-package-manager#8731). This function is that symbol: a C `main` that hands the command
// line to libFuzzer's own driver, exactly as libFuzzer's `main` would.

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("line_login_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // An unknown FUZZ_TARGET ends the process here, before libFuzzer would report the exit as a crash.
    _ = selectedHarness
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv) { start, count in fuzz(start, count) }
}
