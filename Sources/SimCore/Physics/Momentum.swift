import Foundation

/// UIScrollView's momentum after the finger lifts.
///
/// Source: UIKit's `decelerationRate` is a per-millisecond velocity factor, `.normal` = 0.998,
/// `.fast` = 0.99 (`UIScrollView.DecelerationRate`); each millisecond `v *= rate; x += v`.
/// The motion ends when the speed falls below about 10 pt/s (0.01 pt/ms). Stepping is done
/// in closed form: after n ms, `x = v·r·(1 − rⁿ)/(1 − r)`, linear within a millisecond.
/// The resting offset is therefore a little short of the infinite sum that WWDC18's
/// projection formula gives (1000 pt/s: 494 pt stepped vs 499 pt projected).
package struct Momentum: Trajectory {
  /// `UIScrollView.DecelerationRate.normal`.
  package static let normalRate = 0.998
  /// `UIScrollView.DecelerationRate.fast`.
  package static let fastRate = 0.99
  /// Speed below which UIKit ends the deceleration, in pt/ms (10 pt/s).
  package static let stopSpeed = 0.01

  /// Release velocity in pt/s (positive = content offset increasing, i.e. scrolling down).
  package let initialVelocity: Double
  package let rate: Double
  /// Whole milliseconds of motion before the speed falls below `stopSpeed`.
  package let steps: Int

  package init(velocity: Double, rate: Double = Momentum.normalRate) {
    initialVelocity = velocity
    self.rate = rate
    let perMs = abs(velocity) / 1000
    if !(perMs >= Self.stopSpeed) || !(rate > 0 && rate < 1) {
      steps = 0  // too slow to move, or not a number: no motion
    } else {
      // Smallest n with perMs * rate^n < stopSpeed; an infinite speed never stops, so it is
      // capped at a day of motion.
      let n = (Foundation.log(Self.stopSpeed / perMs) / Foundation.log(rate)).rounded(.down) + 1
      steps = Int(min(n, 86_400_000))
    }
  }

  /// Seconds until the motion ends.
  package var duration: Double { Double(steps) / 1000 }

  /// Offset `t` seconds after release (constant after the end).
  package func offset(at t: Double) -> Double {
    let ms = t.isNaN ? 0 : min(max(t * 1000, 0), Double(steps))
    let whole = ms.rounded(.down)
    // After n whole ms the content has moved projected · (1 − rⁿ); one pow serves n and n + 1.
    let power = Foundation.pow(rate, whole)
    let scale = Self.projectedDistance(velocity: initialVelocity, rate: rate)
    let low = scale * (1 - power)
    guard Int(whole) < steps else { return low }
    let high = scale * (1 - power * rate)
    return low + (high - low) * (ms - whole)
  }

  /// Velocity in pt/s `t` seconds after release (0 after the end).
  package func velocity(at t: Double) -> Double {
    let ms = t * 1000
    guard ms < Double(steps), ms >= 0 else { return 0 }
    return initialVelocity * Foundation.pow(rate, ms.rounded(.down) + 1)
  }

  /// WWDC18 "Designing Fluid Interfaces" projection: `(v / 1000) · rate / (1 − rate)`, the
  /// infinite sum of the per-ms steps (1000 pt/s at 0.998 → 499 pt).
  package static func projectedDistance(velocity: Double, rate: Double = normalRate) -> Double {
    velocity / 1000 * rate / (1 - rate)
  }
}
