import Foundation

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
