import Foundation

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
