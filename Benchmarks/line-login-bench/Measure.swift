import Foundation

/// Interleaved measurement: a figure and its reference alternate in rounds within one run, so a noisy
/// machine slows both alike and their ratio holds.
enum Measure {
    /// Nanoseconds per operation, the median of `rounds` batches of `batch` operations each.
    struct Pair {
        let subject: Double
        let reference: Double
        var ratio: Double { subject / reference }
    }

    static func interleaved(rounds: Int = 9, batch: Int, subject: () async throws -> Void, reference: () async throws -> Void)
        async rethrows -> Pair
    {
        var subjectTimes: [Double] = []
        var referenceTimes: [Double] = []
        // Warm both paths (caches, lazy initialisation) before timing.
        for _ in 0..<max(10, batch / 10) {
            try await reference()
            try await subject()
        }
        for _ in 0..<rounds {
            referenceTimes.append(try await time(batch, reference))
            subjectTimes.append(try await time(batch, subject))
        }
        return Pair(subject: median(subjectTimes), reference: median(referenceTimes))
    }

    /// Nanoseconds per operation of each body, the median of `rounds` batches; in each round every body runs
    /// one batch, in order, so all of them see the same machine.
    static func interleaved(rounds: Int = 9, batch: Int, _ bodies: [() async throws -> Void]) async throws -> [Double] {
        var times = [[Double]](repeating: [], count: bodies.count)
        // Warm every path (caches, lazy initialisation) before timing.
        for _ in 0..<max(10, batch / 10) { for body in bodies { try await body() } }
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() { times[index].append(try await time(batch, body)) }
        }
        return times.map(median)
    }

    static func time(_ count: Int, _ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { try await body() }
        return nanoseconds(clock.now - start) / Double(count)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
        return sorted[max(0, index)]
    }

    /// A process's resident set size in KiB (Linux `/proc/<pid>/status`; this process by default), or 0.
    static func residentKiB(pid: Int32? = nil, field: String = "VmRSS") -> Int {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "0") ?? 0
        }
        return 0
    }
}
