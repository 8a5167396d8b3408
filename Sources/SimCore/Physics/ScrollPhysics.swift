/// A platform's scroll physics: how the content follows the finger, whether and how far a
/// release flings, and what happens at the content's edges. One preset per file; each names
/// its source and constants. Units are the preset's own (pt, dp, logical or CSS px); the
/// simulation treats them all as points (each is about 1/160–1/163 inch).
package protocol ScrollPhysics: Sendable {
  /// The preset's name (`--physics NAME`).
  var name: String { get }
  /// Length unit of its numbers: "pt", "dp" or "px".
  var unit: String { get }
  /// The release-velocity estimator the platform uses.
  var defaultTracker: VelocityTrackerKind { get }
  /// Finger travel before a drag begins; the content does not follow those first points.
  var touchSlop: Double { get }
  /// The velocity a release flings with: 0 below the platform's minimum, capped at its maximum.
  func flingVelocity(forRelease velocity: Double) -> Double
  /// The free fling (no edges) for a release velocity, relative to where it starts.
  func fling(velocity: Double) -> any Trajectory
  /// Where a drag by `delta` (content coordinates) from `offset` puts the content, with the
  /// content's offset range `bounds` (rubber band past the edges, or clamping).
  func drag(from offset: Double, by delta: Double, bounds: ClosedRange<Double>, viewport: Double) -> Double
  /// The motion back to an edge once the content is `overshoot` past it moving at `velocity`
  /// (both signed, content coordinates); nil for platforms that stop at the edge.
  func edgeSpring(overshoot: Double, velocity: Double) -> (any Trajectory)?
  /// How far the content leads the finger after a drag step of `step` (content coordinates)
  /// over `interval` seconds: a platform that extrapolates touch input to the frame (Chromium)
  /// shows it ahead. 0 by default.
  func dragLead(step: Double, interval: Double) -> Double
  /// Whether a fling a touch caught can add its velocity to the next (`FlingBooster`,
  /// Chromium's). False by default.
  var boostsFlings: Bool { get }
  /// The free fling at `velocity`, boosted to `boost` times the release's own velocity (a
  /// platform may let it go that much further). By default the plain fling.
  func fling(velocity: Double, boost: Double) -> any Trajectory
}

extension ScrollPhysics {
  package func dragLead(step: Double, interval: Double) -> Double { 0 }
  package var boostsFlings: Bool { false }
  package func fling(velocity: Double, boost: Double) -> any Trajectory { fling(velocity: velocity) }
}

/// A release velocity held to ±`limit`, its sign kept: how every platform caps a fling
/// (`flingVelocity(forRelease:)`).
func capped(_ velocity: Double, at limit: Double) -> Double { min(max(velocity, -limit), limit) }

/// Content clamped to its offset range: what Android, Flutter's clamping physics and Chromium
/// do at an edge. Dragging past it moves nothing (the edge glow or overscroll effect is only
/// drawn), and no spring brings the content back.
package protocol ClampsAtEdges: ScrollPhysics {}

extension ClampsAtEdges {
  package func drag(from offset: Double, by delta: Double, bounds: ClosedRange<Double>, viewport: Double) -> Double {
    min(max(offset + delta, bounds.lowerBound), bounds.upperBound)
  }

  package func edgeSpring(overshoot: Double, velocity: Double) -> (any Trajectory)? { nil }
}
