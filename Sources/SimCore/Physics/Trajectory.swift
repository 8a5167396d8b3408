/// A one-dimensional motion in time: displacement and velocity `t` seconds after it starts.
package protocol Trajectory: Sendable {
  /// Seconds until the motion ends (0 = no motion).
  var duration: Double { get }
  /// Displacement at `t` (constant after `duration`).
  func offset(at t: Double) -> Double
  /// Velocity at `t` (0 after `duration`).
  func velocity(at t: Double) -> Double
}

extension Trajectory {
  /// Displacement when the motion ends.
  package var distance: Double { offset(at: duration) }
}

/// No motion at all (a release below the minimum fling velocity).
struct Stationary: Trajectory {
  var duration: Double { 0 }
  func offset(at t: Double) -> Double { 0 }
  func velocity(at t: Double) -> Double { 0 }
}
