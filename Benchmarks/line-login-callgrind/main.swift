import BenchmarkFixtures
import Dispatch
import Foundation

// line-login-callgrind ES256|RS256|HS256 validator|raw|jwt-kit N: see Callgrind.swift.
// The main thread waits on a semaphore instead of running an async `main`, for valgrind (see Package.swift).
let arguments = CommandLine.arguments
guard arguments.count > 3, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: line-login-callgrind ES256|RS256|HS256 validator|raw|jwt-kit N\n".utf8))
    exit(2)
}
let done = DispatchSemaphore(value: 0)
nonisolated(unsafe) var failure: (any Error)?
Task.detached {
    do {
        try await Callgrind.run(try TokenFixtures(), algorithm: arguments[1], path: arguments[2], count: count)
    } catch {
        failure = error
    }
    done.signal()
}
done.wait()
if let failure {
    FileHandle.standardError.write(Data("line-login-callgrind: \(failure)\n".utf8))
    exit(1)
}
