/// The platform a phone runs: what a device profile implies (`DeviceProfiles.Profile.platform`)
/// and what per-class code switches on first (`Platform.OS`, `defaultTargetPlatform`, the user
/// agent), before the RAM that platform reports.
public enum DevicePlatform: String, Sendable, CaseIterable, Comparable {
  case android
  case ios

  /// "Android", "iOS".
  public var label: String { self == .android ? "Android" : "iOS" }

  public static func < (lhs: DevicePlatform, rhs: DevicePlatform) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
