import Foundation

/// `chromium`: the desktop fling curve (`ui/events/gestures/fling_curve.cc`).
///
/// `P(t) = α·e^(−γt) − β·t − α`, `V(t) = −α·γ·e^(−γt) − β`, α = −5707.62, β = 172, γ = 3.7
/// (px, s). A fling at velocity v starts the curve at the time where V = v and ends where
/// V = 0; faster than V(0) ≈ 20 946 px/s, the curve starts at 0 and its displacement is scaled
/// by v / V(0), as `FlingCurve`'s displacement ratio does. No minimum fling velocity or touch
/// slop (the curve takes any non-zero velocity); edges clamp. Default release-velocity
/// estimator: Chromium's `VelocityTracker` default (LSQ2).
public struct ChromiumPhysics: ClampsAtEdges {
  public static let alpha = -5707.62
  public static let beta = 172.0
  public static let gamma = 3.7

  public var name: String { "chromium" }
  public var unit: String { "px" }
  public var defaultTracker: VelocityTrackerKind { .lsq2 }
  public var touchSlop: Double { 0 }

  public init() {}

  public func flingVelocity(forRelease velocity: Double) -> Double { velocity }

  public func fling(velocity: Double) -> any Trajectory {
    velocity == 0 ? Stationary() : FlingCurve(velocity: velocity)
  }
}

/// Chromium's `FlingCurve` for one axis, relative to its start.
public struct FlingCurve: Trajectory {
  public let timeOffset: Double
  public let positionOffset: Double
  public let ratio: Double
  public let duration: Double

  static func position(_ t: Double) -> Double {
    ChromiumPhysics.alpha * Foundation.exp(-ChromiumPhysics.gamma * t) - ChromiumPhysics.beta * t
      - ChromiumPhysics.alpha
  }

  static func velocity(_ t: Double) -> Double {
    -ChromiumPhysics.alpha * ChromiumPhysics.gamma * Foundation.exp(-ChromiumPhysics.gamma * t) - ChromiumPhysics.beta
  }

  static func time(atVelocity v: Double) -> Double {
    -Foundation.log((v + ChromiumPhysics.beta) / (-ChromiumPhysics.alpha * ChromiumPhysics.gamma))
      / ChromiumPhysics.gamma
  }

  public init(velocity: Double) {
    let curveDuration = Self.time(atVelocity: 0)
    let start = min(abs(velocity), Self.velocity(0))
    ratio = velocity / start
    timeOffset = Self.time(atVelocity: start)
    positionOffset = Self.position(timeOffset)
    duration = curveDuration - timeOffset
  }

  public func offset(at t: Double) -> Double {
    let time = min(max(t, 0), duration) + timeOffset
    return ratio * (Self.position(time) - positionOffset)
  }

  public func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    return ratio * Self.velocity(max(t, 0) + timeOffset)
  }
}
