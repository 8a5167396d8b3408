import Foundation

/// `chromium-chromeos`: Chromium's touchscreen scrolling where `ExperimentalFlingAnimation` is
/// off — ChromeOS out of tablet mode (`ui/base/ui_base_features.cc`), and every desktop
/// Chromium before the physics-based curve: the fling is `FlingCurve`
/// (`ui/events/gestures/fling_curve.cc`).
///
/// `P(t) = α·e^(−γt) − β·t − α`, `V(t) = −α·γ·e^(−γt) − β`, α = −5707.62, β = 172, γ = 3.7
/// (px, s). A fling at velocity v starts the curve at the time where V = v and ends where
/// V = 0; faster than V(0) ≈ 20 946 px/s, the curve starts at 0 and its displacement is scaled
/// by v / V(0), as `FlingCurve`'s displacement ratio does. Touch slop 6 px (ChromeOS's
/// `max_touch_move_in_pixels_for_click`, `gesture_configuration_aura.cc`), flings from 30 to
/// 17 000 px/s, the drag's lead and fling boosting as `chromium` (`ChromiumPhysics`; the
/// curve has no bound to scale); edges clamp.
package struct ChromiumChromeOSPhysics: ClampsAtEdges {
  package static let alpha = -5707.62
  package static let beta = 172.0
  package static let gamma = 3.7

  package var name: String { "chromium-chromeos" }
  package var unit: String { "px" }
  package var defaultTracker: VelocityTrackerKind { .lsq2Restricted }
  package var touchSlop: Double { 6 }

  package init() {}

  package func flingVelocity(forRelease velocity: Double) -> Double {
    ChromiumPhysics.gestureDetectorFlingVelocity(velocity)
  }

  package func fling(velocity: Double) -> any Trajectory {
    velocity == 0 ? Stationary() : FlingCurve(velocity: velocity)
  }

  package var boostsFlings: Bool { true }

  package func dragLead(step: Double, interval: Double) -> Double {
    ChromiumPhysics.resamplingLead(step: step, interval: interval)
  }
}

/// Chromium's `FlingCurve` for one axis, relative to its start.
package struct FlingCurve: Trajectory {
  package let timeOffset: Double
  package let positionOffset: Double
  package let ratio: Double
  package let duration: Double

  static func position(_ t: Double) -> Double {
    ChromiumChromeOSPhysics.alpha * Foundation.exp(-ChromiumChromeOSPhysics.gamma * t) - ChromiumChromeOSPhysics.beta
      * t
      - ChromiumChromeOSPhysics.alpha
  }

  static func velocity(_ t: Double) -> Double {
    -ChromiumChromeOSPhysics.alpha * ChromiumChromeOSPhysics.gamma * Foundation.exp(-ChromiumChromeOSPhysics.gamma * t)
      - ChromiumChromeOSPhysics.beta
  }

  static func time(atVelocity v: Double) -> Double {
    -Foundation.log(
      (v + ChromiumChromeOSPhysics.beta) / (-ChromiumChromeOSPhysics.alpha * ChromiumChromeOSPhysics.gamma))
      / ChromiumChromeOSPhysics.gamma
  }

  package init(velocity: Double) {
    let curveDuration = Self.time(atVelocity: 0)
    let start = min(abs(velocity), Self.velocity(0))
    ratio = velocity / start
    timeOffset = Self.time(atVelocity: start)
    positionOffset = Self.position(timeOffset)
    duration = curveDuration - timeOffset
  }

  package func offset(at t: Double) -> Double {
    let time = min(max(t, 0), duration) + timeOffset
    return ratio * (Self.position(time) - positionOffset)
  }

  package func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    return ratio * Self.velocity(max(t, 0) + timeOffset)
  }
}
