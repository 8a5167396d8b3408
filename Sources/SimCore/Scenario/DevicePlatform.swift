/// The platform a phone runs: what a device profile implies (`DeviceProfiles.Profile.platform`)
/// and what per-class code switches on first (`Platform.OS`, `defaultTargetPlatform`, the user
/// agent), before the RAM that platform reports.
public enum DevicePlatform: String, Sendable, CaseIterable, Comparable {
  case android
  case ios

  /// "Android", "iOS".
  public var label: String { self == .android ? "Android" : "iOS" }

  /// The phone a session of this platform is recorded on when nothing else is said (`generate`
  /// with a mix of both platforms): its physics preset, and a typical phone's viewport and
  /// density. iOS: an iPhone 14's 390 × 844 pt at 3 px per pt (Apple's Human Interface
  /// Guidelines, "Layout", device screen sizes); Android: a Pixel 7's 1080 × 2400 px at 420 dpi,
  /// 2.625 px per dp, so 412 × 915 dp (the device's published display specification) — typical
  /// phones, not every one: give `--viewport-width`, `--viewport-height` and `--density` for yours.
  package var typicalDevice: Device {
    switch self {
    case .ios: Device(viewportWidth: 390, viewportHeight: 844, refreshRate: 120, physics: "ios", density: 3)
    case .android: Device(viewportWidth: 412, viewportHeight: 915, refreshRate: 120, physics: "android", density: 2.625)
    }
  }

  public static func < (lhs: DevicePlatform, rhs: DevicePlatform) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

extension Trace {
  /// The platform the session's phone runs, as its device profile implies (nil: it names none).
  package var platform: DevicePlatform? {
    deviceProfile.flatMap { name in DeviceProfiles.all.first { $0.name == name }?.platform }
  }
}
