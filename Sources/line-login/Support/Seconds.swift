#if CLI
/// Seconds as a whole number for display, never trapping: servers and tokens may send any finite time
/// (`"exp": 1e300`), and `Int(Double)` traps outside its range.
enum Seconds {
    static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? Int.max : 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value)
    }

    /// A time from now as people say it: "in 29 days", "in 3 hours", "in 40 seconds", "2 hours ago".
    /// Rounded down to the largest whole unit, so "in 29 days" is never sooner than it says.
    static func relative(_ interval: Double) -> String {
        let seconds = whole(interval)
        let magnitude = seconds == Int.min ? Int.max : abs(seconds)
        let units: [(Int, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        let (size, name) = units.first { magnitude >= $0.0 } ?? (1, "second")
        let count = magnitude / size
        let phrase = "\(count) \(name)\(count == 1 ? "" : "s")"
        return seconds >= 0 ? "in \(phrase)" : "\(phrase) ago"
    }
}
#endif
