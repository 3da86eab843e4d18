#if Emulator
/// Runs `body` with a ``TestLinePlatform`` started with `configuration`, and stops the platform when `body`
/// returns or throws.
///
/// ```swift
/// @Test func signsIn() async throws {
///     try await withTestLinePlatform { line in
///         let tokens = try await line.signIn()
///         #expect(tokens.userID == line.userID)
///     }
/// }
/// ```
/// - Parameters:
///   - configuration: channels, users and lifetimes; by default `EmulatorConfiguration.default`.
///   - body: the test.
/// - Returns: what `body` returns.
public func withTestLinePlatform<Result: Sendable>(
    configuration: EmulatorConfiguration = .default, _ body: (TestLinePlatform) async throws -> Result
) async throws -> Result {
    let line = try await TestLinePlatform.start(configuration: configuration)
    do {
        let result = try await body(line)
        await line.stop()
        return result
    } catch {
        await line.stop()
        throw error
    }
}
#endif
