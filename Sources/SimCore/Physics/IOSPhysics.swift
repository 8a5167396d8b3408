import Foundation

/// `ios` and `ios-fast`: UIScrollView.
///
/// - Momentum: `Momentum` (per-ms rate 0.998 / 0.99, ends below 10 pt/s).
/// - Rubber band past an edge while dragging: `f(x) = (1 − 1/(x·c/d + 1))·d`, c = 0.55,
///   d = viewport length (the widely quoted UIScrollView formula; `reference/platforms.md`).
/// - A fling that crosses an edge hands its velocity to a critically damped spring back to the
///   edge: `x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)`. UIKit is closed source; ω = 12.5 s⁻¹ is the
///   rate of Apple's own rubber band in WebKit (`ScrollElasticityController`: stiffness 20 /
///   period 1.6, critically damped), the nearest published Apple constant.
/// - No minimum fling velocity and no touch slop are modeled (UIKit documents none). A release
///   is capped at 8000 pt/s, **an assumption**: UIKit is closed source and publishes no cap,
///   and a tracker fed two samples a nanosecond apart reports billions of points per second,
///   which no finger makes. 8000 is the cap of Flutter's model of iOS scrolling
///   (`BouncingScrollPhysics` keeps `ScrollPhysics.maxFlingVelocity`, `kMaxFlingVelocity` =
///   8000 in flutter/flutter `packages/flutter/lib/src/gestures/constants.dart`), the same as
///   Android's `ViewConfiguration`. Being an assumption it is a parameter: the scenario's
///   `touch.iosMaxFlingVelocity` (`--set touch.iosMaxFlingVelocity=12000`; `scrollsim physics`
///   and `trace offsets` take `--ios-max-fling-velocity`). A team measures its own: the fastest
///   flick it can make, recorded with `ScrollViewRecorder` (`velocity` of
///   `scrollViewWillEndDragging`), in `docs/physics.md`.
/// - Default release-velocity estimator: Flutter's model of iOS (`ios-weighted`).
package struct IOSPhysics: ScrollPhysics {
  package static let rubberBandCoefficient = 0.55
  /// The fastest release that flings by default (pt/s); an assumption (see above).
  package static let maxFlingVelocity = 8000.0
  /// The fastest release that flings in this preset (pt/s): `maxFlingVelocity` unless the
  /// scenario says otherwise.
  package let maxFlingVelocity: Double
  /// ω of the edge spring (s⁻¹): WebKit's rubberbandStiffness 20 / rubberbandPeriod 1.6.
  package static let springRate = 20.0 / 1.6

  package let rate: Double
  package let name: String
  package var unit: String { "pt" }
  package var defaultTracker: VelocityTrackerKind { .iosWeighted }
  package var touchSlop: Double { 0 }

  package init(rate: Double, name: String, maxFlingVelocity: Double = IOSPhysics.maxFlingVelocity) {
    self.rate = rate
    self.name = name
    self.maxFlingVelocity = maxFlingVelocity
  }

  package func flingVelocity(forRelease velocity: Double) -> Double {
    capped(velocity, at: maxFlingVelocity)
  }

  package func fling(velocity: Double) -> any Trajectory { Momentum(velocity: velocity, rate: rate) }

  /// The content's overshoot for a finger `overshoot` past the edge.
  package static func rubberBand(_ overshoot: Double, viewport: Double) -> Double {
    (1 - 1 / (overshoot * rubberBandCoefficient / viewport + 1)) * viewport
  }

  /// The finger overshoot that gives a content overshoot `y` (< viewport).
  package static func inverseRubberBand(_ y: Double, viewport: Double) -> Double {
    let limited = min(y, viewport * 0.999_999)
    return viewport / rubberBandCoefficient * limited / (viewport - limited)
  }

  package func drag(from offset: Double, by delta: Double, bounds: ClosedRange<Double>, viewport: Double) -> Double {
    // Where the finger "really" is: past an edge, undo the rubber band first.
    var finger = offset
    if offset > bounds.upperBound {
      finger = bounds.upperBound + Self.inverseRubberBand(offset - bounds.upperBound, viewport: viewport)
    } else if offset < bounds.lowerBound {
      finger = bounds.lowerBound - Self.inverseRubberBand(bounds.lowerBound - offset, viewport: viewport)
    }
    finger += delta
    if finger > bounds.upperBound {
      return bounds.upperBound + Self.rubberBand(finger - bounds.upperBound, viewport: viewport)
    }
    if finger < bounds.lowerBound {
      return bounds.lowerBound - Self.rubberBand(bounds.lowerBound - finger, viewport: viewport)
    }
    return finger
  }

  package func edgeSpring(overshoot: Double, velocity: Double) -> (any Trajectory)? {
    CriticallyDampedSpring(displacement: overshoot, velocity: velocity, rate: Self.springRate)
  }
}

/// `x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)`: back to 0 as fast as possible without oscillating.
/// It ends once within 0.5 pt of rest and slower than 10 pt/s (UIKit's momentum stop speed).
package struct CriticallyDampedSpring: Trajectory {
  package let displacement: Double
  package let initialVelocity: Double
  package let rate: Double
  package let duration: Double

  package init(displacement: Double, velocity: Double, rate: Double) {
    self.displacement = displacement
    initialVelocity = velocity
    self.rate = rate
    duration = settleTime(
      position: { t in (displacement + (velocity + rate * displacement) * t) * Foundation.exp(-rate * t) },
      velocity: { t in
        (velocity - rate * (velocity + rate * displacement) * t) * Foundation.exp(-rate * t)
      }, distanceTolerance: 0.5, velocityTolerance: 10)
  }

  package func offset(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let time = max(0, t)
    return (displacement + (initialVelocity + rate * displacement) * time) * Foundation.exp(-rate * time)
  }

  package func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let time = max(0, t)
    return (initialVelocity - rate * (initialVelocity + rate * displacement) * time) * Foundation.exp(-rate * time)
  }
}

/// The first millisecond at which a motion is within both tolerances of rest (at most 30 s).
func settleTime(
  position: (Double) -> Double, velocity: (Double) -> Double, distanceTolerance: Double, velocityTolerance: Double
) -> Double {
  var ms = 0
  while ms < 30_000 {
    let t = Double(ms) / 1000
    if abs(position(t)) < distanceTolerance && abs(velocity(t)) < velocityTolerance { return t }
    ms += 1
  }
  return 30
}
