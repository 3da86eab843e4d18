#if Emulator
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stops URLSession from following redirects, so tests can read `Location`.
///
/// On Linux only a session-level delegate is consulted for redirects.
final class NoRedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
#endif
