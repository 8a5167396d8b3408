/// The presets scrollsim knows. A new platform is one file plus one line here.
package enum PhysicsPresets {
  package static let names = [
    "ios", "ios-fast", "android", "flutter-ios", "flutter-android", "chromium", "chromium-chromeos",
  ]

  /// The preset `name` for a device of `density` physical pixels per point/dp (Android's
  /// pixel rounding and Flutter's tolerances depend on it) and a viewport `viewport` high
  /// (Chromium's flings go at most three viewports); `iosMaxFlingVelocity` is the assumed cap
  /// of the iOS presets (`IOSPhysics`, the scenario's `touch.iosMaxFlingVelocity`).
  package static func named(
    _ name: String, density: Double = 3, viewport: Double = 844,
    iosMaxFlingVelocity: Double = IOSPhysics.maxFlingVelocity
  ) -> (any ScrollPhysics)? {
    switch name {
    case "ios": IOSPhysics(rate: Momentum.normalRate, name: name, maxFlingVelocity: iosMaxFlingVelocity)
    case "ios-fast": IOSPhysics(rate: Momentum.fastRate, name: name, maxFlingVelocity: iosMaxFlingVelocity)
    case "android": AndroidPhysics(density: density)
    case "flutter-ios": FlutterIOSPhysics(devicePixelRatio: density)
    case "flutter-android": FlutterAndroidPhysics(devicePixelRatio: density)
    case "chromium": ChromiumPhysics(viewport: viewport)
    case "chromium-chromeos": ChromiumChromeOSPhysics()
    default: nil
    }
  }

  package static func lookup(
    _ name: String, density: Double = 3, viewport: Double = 844,
    iosMaxFlingVelocity: Double = IOSPhysics.maxFlingVelocity
  ) throws(SimError) -> any ScrollPhysics {
    guard let physics = named(name, density: density, viewport: viewport, iosMaxFlingVelocity: iosMaxFlingVelocity)
    else {
      throw SimError(
        .usage,
        "unknown physics preset \"\(name)\"\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
      )
    }
    return physics
  }
}

extension PhysicsPresets {
  /// The physics a run of `trace` scrolls with: `override` (`--physics`) or the trace's own
  /// preset, for its device, with `touch`'s parameters.
  package static func lookup(
    for trace: Trace, override: String? = nil, touch: TouchSpec = TouchSpec()
  ) throws(SimError) -> any ScrollPhysics {
    try lookup(
      override ?? trace.device.physics, density: trace.device.density, viewport: trace.device.viewportHeight,
      iosMaxFlingVelocity: touch.iosMaxFlingVelocity)
  }
}
