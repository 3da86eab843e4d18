/// LINE SDK's helpers for folding a `Result` (for Objective-C-style callers and wrappers).
public enum ResultUtil {
    /// `onSuccess(value)` or `onFailure(error)`.
    public static func match<Success, Failure: Error, Output>(
        result: Result<Success, Failure>, onSuccess: (Success) -> Output, onFailure: (Failure) -> Output
    ) -> Output {
        switch result {
        case .success(let value): return onSuccess(value)
        case .failure(let error): return onFailure(error)
        }
    }

    /// `folder(value)` on success, `folder(nil)` on failure.
    public static func matchSuccess<Success, Failure: Error, Output>(
        result: Result<Success, Failure>, with folder: (Success?) -> Output
    ) -> Output {
        match(result: result, onSuccess: { folder($0) }, onFailure: { _ in folder(nil) })
    }

    /// `folder(nil)` on success, `folder(error)` on failure.
    public static func matchFailure<Success, Failure: Error, Output>(
        result: Result<Success, Failure>, with folder: ((any Error)?) -> Output
    ) -> Output {
        match(result: result, onSuccess: { _ in folder(nil) }, onFailure: { folder($0) })
    }

    /// `folder(value, nil)` on success, `folder(nil, error)` on failure.
    public static func match<Success, Failure: Error, Output>(
        result: Result<Success, Failure>, with folder: (Success?, (any Error)?) -> Output
    ) -> Output {
        match(result: result, onSuccess: { folder($0, nil) }, onFailure: { folder(nil, $0) })
    }
}

/// An ID of a LINE entity (user, group, room), as LINE's SDK names it.
public typealias EntityID = String
