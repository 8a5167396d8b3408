/// The device a trace was recorded on (or is meant for).
package struct Device: Equatable, Sendable {
  /// Viewport size in points. Default 390 × 844: an iPhone 14/15's full-screen list.
  package var viewportWidth: Double
  package var viewportHeight: Double
  /// Display refresh rate in Hz (frames, did-scroll callbacks and blank time are per frame).
  /// Default 120: ProMotion iPhones, where users notice blanks most.
  package var refreshRate: Int
  /// Physics preset name (`PhysicsPresets.names`). Default `ios`.
  package var physics: String
  /// Physical pixels per point (dp, logical px). Default 3: an iPhone 14/15 (@3x); Android
  /// phones range 2–4. Android's pixel rounding and Flutter's stop tolerances depend on it.
  package var density: Double

  package init(
    viewportWidth: Double = 390, viewportHeight: Double = 844, refreshRate: Int = 120,
    physics: String = "ios", density: Double = 3
  ) {
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.refreshRate = refreshRate
    self.physics = physics
    self.density = density
  }
}
