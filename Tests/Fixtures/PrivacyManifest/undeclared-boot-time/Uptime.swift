// A must-fail fixture for PrivacyManifestTests (not compiled: no target holds it): it reads the system boot time,
// and its manifest declares no SystemBootTime reason, as App Store Connect would refuse (ITMS-91053).
import Foundation

func secondsSinceBoot() -> TimeInterval {
    ProcessInfo.processInfo.systemUptime
}
