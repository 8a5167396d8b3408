import Foundation

/// Chromium's `PhysicsBasedFlingCurve` (`ui/events/gestures/physics_based_fling_curve.cc`),
/// the touchscreen fling of desktop Chromium on Linux and Windows, for one axis.
///
/// It travels the distance of a constant deceleration to rest, `v² / 2a`, with
/// a = 96 px/in × 2.7559e-5 in/ms² (`kDefaultPhysicalDeceleration`; 96 px/in is
/// `kDefaultPixelsPerInch`, what `FlingScheduler::GetPixelsPerInch` gives outside Windows)
/// = 2645.66 px/s², at most three viewports (`kDefaultBoundsMultiplier`), in
/// min(2 s, v / 2300 px/s) (`kMaxCurveDurationForFling`, `kDefaultPixelDeceleration`), along
/// the cubic Bézier (0, 0), p1, (0.55, 1), (1, 1): p1 = (0.2, 0.2·s) for the slope
/// s = v·duration/distance while 0.2·s < 1, else (1/s, 1), so that it starts at v.
/// 5000 px/s in a 1080 px viewport: 3240 px (the cap) in 2 s; Chromium's own unit test has
/// about 98 px at 20 ms and 1021 px at 250 ms.
package struct PhysicsBasedFlingCurve: Trajectory {
  package static let pixelsPerInch = 96.0
  /// Inches per ms².
  package static let physicalDeceleration = 2.7559e-5
  /// Pixels per s²: 2645.66.
  package static let deceleration = pixelsPerInch * physicalDeceleration * 1e6
  package static let durationDeceleration = 2300.0
  package static let maxDuration = 2.0
  package static let boundsMultiplier = 3.0

  /// Signed distance to rest.
  package let travel: Double
  package let duration: Double
  /// The first control point (the second is (0.55, 1)).
  package let p1: (x: Double, y: Double)
  static let p2x = 0.55

  package init(velocity: Double, viewport: Double) {
    let speed = abs(velocity)
    let reach = min(speed * speed / (2 * Self.deceleration), (viewport * Self.boundsMultiplier).rounded(.down))
    travel = velocity < 0 ? -reach : reach
    duration = min(Self.maxDuration, speed / Self.durationDeceleration)
    let slope = reach > 0 ? speed * duration / reach : 0
    p1 = slope * 0.2 < 1 ? (0.2, 0.2 * slope) : (1 / slope, 1)
  }

  package func offset(at t: Double) -> Double {
    guard t > 0, duration > 0 else { return 0 }
    guard t < duration else { return travel }
    return travel * Self.bezier(Self.parameter(x: t / duration, p1x: p1.x), p1.y, 1)
  }

  package func velocity(at t: Double) -> Double {
    guard t >= 0, t < duration else { return 0 }
    let s = Self.parameter(x: t / duration, p1x: p1.x)
    let dx = Self.bezierSlope(s, p1.x, Self.p2x)
    let dy = Self.bezierSlope(s, p1.y, 1)
    return dx > 0 ? travel * dy / dx / duration : 0
  }

  /// One coordinate of the curve at parameter `s`, from control values `a` (p1) and `b` (p2).
  static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
  }

  static func bezierSlope(_ s: Double, _ a: Double, _ b: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
  }

  /// The parameter where the curve's x is `x` (x rises monotonically: both control x in [0, 1]).
  static func parameter(x: Double, p1x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if bezier(middle, p1x, p2x) < x { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}
