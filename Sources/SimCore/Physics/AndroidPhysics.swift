import Foundation

/// `android`: `OverScroller`'s spline fling as RecyclerView uses it.
///
/// Source: AOSP `core/java/android/widget/OverScroller.java` (`SplineOverScroller`) and
/// `ViewConfiguration.java`:
/// - `DECELERATION_RATE = ln(0.78) / ln(0.9)` ≈ 2.3582, `INFLEXION = 0.35`, scroll friction
///   0.015, `mPhysicalCoeff = 9.80665 · 39.37 · (160 · density) · 0.84`;
/// - `l = ln(0.35·|v| / (friction · physicalCoeff))`; distance
///   `friction · physicalCoeff · e^(DECELERATION_RATE/(DECELERATION_RATE − 1) · l)`, truncated to
///   whole pixels; duration `1000 · e^(l/(DECELERATION_RATE − 1))` ms, truncated to whole ms;
/// - position along the spline table (START_TENSION 0.5, END_TENSION 1.0, 100 samples),
///   linear between samples, as `SplineOverScroller.update()`;
/// - velocities in whole px/s (`fling(int velocity)`); minimum fling 50 dp/s, maximum
///   8000 dp/s, touch slop 8 dp (`ViewConfiguration`).
/// Edges clamp (RecyclerView flings unbounded and stops when it cannot scroll further; the
/// edge glow moves nothing). Distances in dp do not depend on density except through the pixel
/// rounding. Default release-velocity estimator: Android's impulse strategy.
package struct AndroidPhysics: ClampsAtEdges {
  package static let decelerationRate = Foundation.log(0.78) / Foundation.log(0.9)
  package static let inflexion = 0.35
  package static let scrollFriction = 0.015
  package static let minimumFlingVelocity = 50.0
  package static let maximumFlingVelocity = 8000.0
  package static let touchSlopDp = 8.0

  /// Physical pixels per dp.
  package let density: Double
  package var name: String { "android" }
  package var unit: String { "dp" }
  package var defaultTracker: VelocityTrackerKind { .impulse }
  package var touchSlop: Double { Self.touchSlopDp }

  package init(density: Double) { self.density = density }

  /// `mPhysicalCoeff` for this density.
  package var physicalCoeff: Double { 9.80665 * 39.37 * (160 * density) * 0.84 }

  package func flingVelocity(forRelease velocity: Double) -> Double {
    guard abs(velocity) >= Self.minimumFlingVelocity else { return 0 }
    return capped(velocity, at: Self.maximumFlingVelocity)
  }

  package func fling(velocity: Double) -> any Trajectory {
    let pixelsPerSecond = (velocity * density).rounded(.towardZero)
    guard pixelsPerSecond != 0 else { return Stationary() }
    let l = Foundation.log(Self.inflexion * abs(pixelsPerSecond) / (Self.scrollFriction * physicalCoeff))
    let decelMinusOne = Self.decelerationRate - 1
    let durationMs = (1000 * Foundation.exp(l / decelMinusOne)).rounded(.towardZero)
    let distancePx = (Self.scrollFriction * physicalCoeff * Foundation.exp(Self.decelerationRate / decelMinusOne * l))
      .rounded(.towardZero)
    guard durationMs > 0 else { return Stationary() }
    return SplineFling(
      distance: (pixelsPerSecond < 0 ? -distancePx : distancePx) / density, duration: durationMs / 1000)
  }
}

/// A distance covered along OverScroller's spline in a given time.
package struct SplineFling: Trajectory {
  package let totalDistance: Double
  package let duration: Double

  package init(distance: Double, duration: Double) {
    totalDistance = distance
    self.duration = duration
  }

  /// `SplineOverScroller.update()`: index = ⌊100·t/T⌋, linear between table samples.
  private func coefficients(at t: Double) -> (distance: Double, velocity: Double) {
    let fraction = t / duration
    // Before the start, at or past the end, or no number (a zero duration at t = 0): the ends.
    guard fraction >= 0, fraction < 1 else { return (fraction < 0 ? 0 : 1, 0) }
    let index = Int((Double(SplineTable.samples) * fraction).rounded(.down))
    let tInf = Double(index) / Double(SplineTable.samples)
    let tSup = Double(index + 1) / Double(SplineTable.samples)
    let dInf = SplineTable.position[index]
    let dSup = SplineTable.position[index + 1]
    let velocityCoef = (dSup - dInf) / (tSup - tInf)
    return (dInf + (fraction - tInf) * velocityCoef, velocityCoef)
  }

  package func offset(at t: Double) -> Double { coefficients(at: t).distance * totalDistance }

  package func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    return coefficients(at: t).velocity * totalDistance / duration
  }
}

/// OverScroller's `SPLINE_POSITION` table, computed as its static initialiser does (bisection
/// to 1e-5 on the cubic with P1 = START_TENSION·INFLEXION, P2 = 1 − END_TENSION·(1 − INFLEXION)).
enum SplineTable {
  static let samples = 100
  static let startTension = 0.5
  static let endTension = 1.0

  static let position: [Double] = {
    let p1 = startTension * AndroidPhysics.inflexion
    let p2 = 1 - endTension * (1 - AndroidPhysics.inflexion)
    var table = [Double](repeating: 0, count: samples + 1)
    var xMin = 0.0
    for i in 0..<samples {
      let alpha = Double(i) / Double(samples)
      var xMax = 1.0
      var x = 0.0
      var coef = 0.0
      while true {
        x = xMin + (xMax - xMin) / 2
        coef = 3 * x * (1 - x)
        let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
        if abs(tx - alpha) < 1e-5 { break }
        if tx > alpha { xMax = x } else { xMin = x }
      }
      table[i] = coef * ((1 - x) * startTension + x) + x * x * x
    }
    table[samples] = 1
    return table
  }()
}
