import Foundation

/// `flutter-ios`: `BouncingScrollPhysics` / `BouncingScrollSimulation`
/// (`widgets/scroll_physics.dart`, `widgets/scroll_simulation.dart`):
/// - fling: `FrictionSimulation(0.135, x, v)` (0.998¹⁰⁰⁰ ≈ 0.135, from UIScrollView),
///   `x(t) = x₀ + v·0.135ᵗ/ln 0.135 − v/ln 0.135`, done once |dx| < 1/(0.050·dpr);
/// - past an edge, `ScrollSpringSimulation` with `SpringDescription.withDampingRatio(mass 0.5,
///   stiffness 100, ratio 1.1)`, handing over `min(velocity, 5000)` (maxSpringTransferVelocity);
/// - dragging past an edge: `frictionFactor = 0.52·(1 − overscroll/viewport)²`, less
///   resistance when easing back (`applyPhysicsToUserOffset`);
/// - flings from 100 px/s (`kMinFlingVelocity · 2`) to 8000 px/s, 18 px touch slop.
/// Default release-velocity estimator: `IOSScrollViewFlingVelocityTracker` (`ios-weighted`).
/// Simplified: no `carriedMomentum` (a fling during a fling adds no speed), no 3.5 px
/// `dragStartDistanceMotionThreshold`.
package struct FlutterIOSPhysics: ScrollPhysics {
  package static let drag = 0.135
  package static let maxSpringTransferVelocity = 5000.0
  package static let springMass = 0.5
  package static let springStiffness = 100.0
  package static let springRatio = 1.1

  package let devicePixelRatio: Double
  package var name: String { "flutter-ios" }
  package var unit: String { "px" }
  package var defaultTracker: VelocityTrackerKind { .iosWeighted }
  package var touchSlop: Double { FlutterConstants.touchSlop }

  package init(devicePixelRatio: Double) { self.devicePixelRatio = devicePixelRatio }

  package func flingVelocity(forRelease velocity: Double) -> Double {
    guard abs(velocity) >= FlutterConstants.minFlingVelocity * 2 else { return 0 }
    return capped(velocity, at: FlutterConstants.maxFlingVelocity)
  }

  package func fling(velocity: Double) -> any Trajectory {
    FrictionSimulation(
      drag: Self.drag, velocity: velocity, velocityTolerance: FlutterConstants.velocityTolerance(devicePixelRatio))
  }

  /// `BouncingScrollPhysics.frictionFactor` for the normal deceleration rate.
  package static func frictionFactor(_ overscrollFraction: Double) -> Double {
    0.52 * Foundation.pow(1 - overscrollFraction, 2)
  }

  /// `applyPhysicsToUserOffset`, in content coordinates (Flutter's user offset is the finger
  /// delta, the opposite sign).
  package func drag(from offset: Double, by delta: Double, bounds: ClosedRange<Double>, viewport: Double) -> Double {
    guard delta != 0 else { return offset }
    let pastStart = max(bounds.lowerBound - offset, 0)
    let pastEnd = max(offset - bounds.upperBound, 0)
    guard pastStart > 0 || pastEnd > 0 else { return offset + delta }
    let userOffset = -delta
    let overscroll = max(pastStart, pastEnd)
    let easing = (pastStart > 0 && userOffset < 0) || (pastEnd > 0 && userOffset > 0)
    let friction =
      easing
      ? Self.frictionFactor((overscroll - abs(userOffset)) / viewport)
      : Self.frictionFactor(overscroll / viewport)
    let applied = Self.applyFriction(extentOutside: overscroll, absDelta: abs(userOffset), gamma: friction)
    return offset - (userOffset < 0 ? -applied : applied)
  }

  static func applyFriction(extentOutside: Double, absDelta: Double, gamma: Double) -> Double {
    var remaining = absDelta
    var total = 0.0
    if extentOutside > 0 {
      let deltaToLimit = extentOutside / gamma
      if remaining < deltaToLimit { return remaining * gamma }
      total += extentOutside
      remaining -= deltaToLimit
    }
    return total + remaining
  }

  package func edgeSpring(overshoot: Double, velocity: Double) -> (any Trajectory)? {
    DampedSpring(
      mass: Self.springMass, stiffness: Self.springStiffness, ratio: Self.springRatio, displacement: overshoot,
      velocity: min(velocity, Self.maxSpringTransferVelocity),
      distanceTolerance: FlutterConstants.distanceTolerance(devicePixelRatio),
      velocityTolerance: FlutterConstants.velocityTolerance(devicePixelRatio))
  }
}
