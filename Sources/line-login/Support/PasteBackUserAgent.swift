#if CLI
#if canImport(Glibc)
import Glibc
import LineLoginPrimitives
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import OAuthEngine

/// Log in from anywhere: the loopback listener waits as always, and the user may instead paste the
/// address the browser ended on (a browser on another machine, over SSH, can't reach this listener).
/// Whichever comes first is the callback; `state` and PKCE are checked on it exactly as on the listener's.
struct PasteBackUserAgent: UserAgent {
    let base: any UserAgent

    /// Only when standard input is a terminal: a script's closed or redirected stdin changes nothing.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
        Session(base: try await base.beginSession(redirectURI: redirectURI))
    }

    struct Session: UserAgentSession {
        let base: any UserAgentSession
        var redirectURI: URL { base.redirectURI }

        func present(_ authorizationURL: URL) async throws -> URL {
            let first = FirstAnswer()
            let base = self.base
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    first.wait(with: continuation)
                    Task {
                        do { first.answer(.success(try await base.present(authorizationURL))) } catch { first.answer(.failure(error)) }
                    }
                    let redirect = base.redirectURI
                    // readLine blocks and can't be cancelled: a thread of its own, abandoned if the listener wins.
                    Thread.detachNewThread {
                        Console.progress("Or, if the browser is on another machine, paste the address it ended on here and press Enter.")
                        while !first.isAnswered, let line = readLine() {
                            let text = line.trimmingCharacters(in: .whitespaces)
                            guard !text.isEmpty, !first.isAnswered else { continue }
                            guard let url = URL(string: text), AuthorizationResponse.matches(url, redirectURI: redirect) else {
                                Console.progress(
                                    "That is not the callback address: paste the whole address from the browser's "
                                        + "address bar (it starts with \(redirect.absoluteString)).")
                                continue
                            }
                            first.answer(.success(url))
                            base.cancel()
                            return
                        }
                    }
                }
            } onCancel: {
                base.cancel()
            }
        }

        func cancel() { base.cancel() }
    }

    /// One continuation, resumed by whichever source answers first.
    final class FirstAnswer: Sendable {
        private struct State: Sendable {
            var continuation: CheckedContinuation<URL, any Error>?
            var answered = false
        }

        private let state = LockedValue(State())

        var isAnswered: Bool { state.withLock { $0.answered } }

        func wait(with continuation: CheckedContinuation<URL, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        func answer(_ result: Result<URL, any Error>) {
            let waiting = state.withLock { state -> CheckedContinuation<URL, any Error>? in
                guard !state.answered else { return nil }
                state.answered = true
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(with: result)
        }
    }
}
#endif
