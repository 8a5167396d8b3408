/// How the device reads the finger, where no platform source gives the number: each field is
/// an assumption a team can measure and set (docs/physics.md).
package struct TouchSpec: Equatable, Sendable {
  /// The fastest release the iOS presets fling (pt/s): `IOSPhysics.maxFlingVelocity`, 8000,
  /// assumed (UIKit publishes no cap).
  package var iosMaxFlingVelocity: Double

  package init(iosMaxFlingVelocity: Double = IOSPhysics.maxFlingVelocity) {
    self.iosMaxFlingVelocity = iosMaxFlingVelocity
  }
}
