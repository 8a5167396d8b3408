import Foundation

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
