import Foundation

/// Flutter's constants shared by its two presets (`packages/flutter/lib/src/gestures/
/// constants.dart`, `widgets/scroll_physics.dart`), in logical pixels.
enum FlutterConstants {
  /// `kTouchSlop`: the drag recognizer's slop for touch.
  static let touchSlop = 18.0
  /// `kMinFlingVelocity`, `kMaxFlingVelocity`.
  static let minFlingVelocity = 50.0
  static let maxFlingVelocity = 8000.0

  /// `ScrollPhysics.toleranceFor`: velocity 1/(0.050·dpr) px/s, distance 1/dpr px.
  static func velocityTolerance(_ devicePixelRatio: Double) -> Double { 1 / (0.050 * devicePixelRatio) }
  static func distanceTolerance(_ devicePixelRatio: Double) -> Double { 1 / devicePixelRatio }
}

/// `flutter-android`: `ClampingScrollPhysics` / `ClampingScrollSimulation`
/// (`widgets/scroll_simulation.dart`): OverScroller's distance with a ballistic curve
/// `x = x₀ + D·(1 − (1 − t/T)^DECELERATION_RATE)`, `T = DECELERATION_RATE · INFLEXION ·
/// T_android`, `D = v·T / DECELERATION_RATE` (so it ends where Android ends, a little sooner).
/// Flings from 50 to 8000 px/s (`kMinFlingVelocity`, `kMaxFlingVelocity`), 18 px touch slop;
/// clamps at the edges. Default release-velocity estimator: Flutter's `VelocityTracker` (LSQ2).
package struct FlutterAndroidPhysics: ClampsAtEdges {
  package let devicePixelRatio: Double
  package var name: String { "flutter-android" }
  package var unit: String { "px" }
  package var defaultTracker: VelocityTrackerKind { .lsq2 }
  package var touchSlop: Double { FlutterConstants.touchSlop }

  package init(devicePixelRatio: Double) { self.devicePixelRatio = devicePixelRatio }

  package func flingVelocity(forRelease velocity: Double) -> Double {
    guard abs(velocity) >= FlutterConstants.minFlingVelocity,
      abs(velocity) >= FlutterConstants.velocityTolerance(devicePixelRatio)
    else { return 0 }
    return capped(velocity, at: FlutterConstants.maxFlingVelocity)
  }

  package func fling(velocity: Double) -> any Trajectory {
    guard velocity != 0 else { return Stationary() }
    return ClampingScrollSimulation(velocity: velocity)
  }
}

/// Flutter's `ClampingScrollSimulation` (friction 0.015), relative to its start.
package struct ClampingScrollSimulation: Trajectory {
  /// 9.80665 · 39.37 · 160 · 0.84: Android's physical coefficient for 160 logical px per inch.
  static let physicalCoeff = 9.80665 * 39.37 * 160.0 * 0.84

  package let initialVelocity: Double
  package let duration: Double
  package let totalDistance: Double

  package init(velocity: Double, friction: Double = 0.015) {
    initialVelocity = velocity
    let rate = AndroidPhysics.decelerationRate
    let referenceVelocity = friction * Self.physicalCoeff / AndroidPhysics.inflexion
    let androidDuration = Foundation.pow(abs(velocity) / referenceVelocity, 1 / (rate - 1))
    duration = rate * AndroidPhysics.inflexion * androidDuration
    totalDistance = velocity * duration / rate
  }

  package func offset(at t: Double) -> Double {
    let fraction = duration > 0 && !t.isNaN ? min(max(t / duration, 0), 1) : 1
    return totalDistance * (1 - Foundation.pow(1 - fraction, AndroidPhysics.decelerationRate))
  }

  package func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let fraction = duration > 0 && !t.isNaN ? min(max(t / duration, 0), 1) : 1
    return initialVelocity * Foundation.pow(1 - fraction, AndroidPhysics.decelerationRate - 1)
  }
}

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

/// Flutter's `FrictionSimulation(drag, 0, v)`: `x(t) = v·dragᵗ/ln(drag) − v/ln(drag)`,
/// `dx(t) = v·dragᵗ`, done once |dx| < the velocity tolerance.
package struct FrictionSimulation: Trajectory {
  package let drag: Double
  package let initialVelocity: Double
  package let duration: Double

  package init(drag: Double, velocity: Double, velocityTolerance: Double) {
    self.drag = drag
    initialVelocity = velocity
    duration =
      abs(velocity) <= velocityTolerance
      ? 0 : Foundation.log(velocityTolerance / abs(velocity)) / Foundation.log(drag)
  }

  /// The unbounded position at `t` (Flutter's `x`, without the end of the motion).
  package func position(at t: Double) -> Double {
    initialVelocity * Foundation.pow(drag, t) / Foundation.log(drag) - initialVelocity / Foundation.log(drag)
  }

  package func offset(at t: Double) -> Double { position(at: min(max(t, 0), duration)) }

  package func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    return initialVelocity * Foundation.pow(drag, max(t, 0))
  }
}

/// A damped harmonic spring toward 0 from `displacement` at `velocity`, as Flutter's
/// `SpringSimulation` solves it: damping `c = ratio · 2·√(m·k)`; critically damped, underdamped
/// or overdamped closed forms. It ends once within both tolerances of rest.
package struct DampedSpring: Trajectory {
  private enum Solution {
    case critical(r: Double, c1: Double, c2: Double)
    case over(r1: Double, r2: Double, c1: Double, c2: Double)
    case under(w: Double, r: Double, c1: Double, c2: Double)
  }

  private let solution: Solution
  package let duration: Double

  package init(
    mass: Double, stiffness: Double, ratio: Double, displacement: Double, velocity: Double,
    distanceTolerance: Double, velocityTolerance: Double
  ) {
    let damping = ratio * 2 * (mass * stiffness).squareRoot()
    let cmk = damping * damping - 4 * mass * stiffness
    let solution: Solution
    if cmk == 0 {
      let r = -damping / (2 * mass)
      solution = .critical(r: r, c1: displacement, c2: velocity - r * displacement)
    } else if cmk > 0 {
      let r1 = (-damping - cmk.squareRoot()) / (2 * mass)
      let r2 = (-damping + cmk.squareRoot()) / (2 * mass)
      let c2 = (velocity - r1 * displacement) / (r2 - r1)
      solution = .over(r1: r1, r2: r2, c1: displacement - c2, c2: c2)
    } else {
      let w = (4 * mass * stiffness - damping * damping).squareRoot() / (2 * mass)
      let r = -damping / (2 * mass)
      solution = .under(w: w, r: r, c1: displacement, c2: (velocity - r * displacement) / w)
    }
    self.solution = solution
    duration = settleTime(
      position: { Self.position(solution, $0) }, velocity: { Self.velocity(solution, $0) },
      distanceTolerance: distanceTolerance, velocityTolerance: velocityTolerance)
  }

  private static func position(_ solution: Solution, _ t: Double) -> Double {
    switch solution {
    case .critical(let r, let c1, let c2): (c1 + c2 * t) * Foundation.exp(r * t)
    case .over(let r1, let r2, let c1, let c2): c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
    case .under(let w, let r, let c1, let c2):
      Foundation.exp(r * t) * (c1 * Foundation.cos(w * t) + c2 * Foundation.sin(w * t))
    }
  }

  private static func velocity(_ solution: Solution, _ t: Double) -> Double {
    switch solution {
    case .critical(let r, let c1, let c2):
      let power = Foundation.exp(r * t)
      return r * (c1 + c2 * t) * power + c2 * power
    case .over(let r1, let r2, let c1, let c2):
      return c1 * r1 * Foundation.exp(r1 * t) + c2 * r2 * Foundation.exp(r2 * t)
    case .under(let w, let r, let c1, let c2):
      let power = Foundation.exp(r * t)
      let cosine = Foundation.cos(w * t)
      let sine = Foundation.sin(w * t)
      return power * (c2 * w * cosine - c1 * w * sine) + r * power * (c2 * sine + c1 * cosine)
    }
  }

  package func offset(at t: Double) -> Double { t < duration ? Self.position(solution, max(t, 0)) : 0 }
  package func velocity(at t: Double) -> Double { t < duration ? Self.velocity(solution, max(t, 0)) : 0 }
}
