/// LINE SDK's constants.
public struct Constant: Sendable {
    /// This package's version (LINE's SDK reports its own here; code that logs it keeps working).
    public static let SDKVersion = "0.9.0"
}
