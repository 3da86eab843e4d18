/// Seconds as a whole number for display, never trapping: servers and tokens may send any finite time
/// (`"exp": 1e300`), and `Int(Double)` traps outside its range.
enum Seconds {
    static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? Int.max : 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value)
    }
}
