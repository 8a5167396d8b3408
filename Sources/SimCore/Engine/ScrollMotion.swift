/// The list moving on its own after the finger lifts: a fling, and on platforms that bounce a
/// spring back from an edge the fling crossed (or from an overscroll the finger let go of).
///
/// Edges are checked against the content's offset range as it is at each step, not at release,
/// so a page that lands mid-fling lets the fling run on past the old end.
final class ScrollMotion {
  private enum Phase {
    case fling(start: Double, trajectory: any Trajectory)
    case spring(edge: Double, trajectory: any Trajectory)
  }

  /// What one step produced.
  struct Step {
    var offset: Double
    /// The fling crossed the end of the content in this step.
    var crossedEnd = false
    var finished = false
    /// The fling that crossed the end, as it was there: what a stall holds (`HeldFling`).
    var cutFling: HeldFling?
  }

  /// A fling stopped by the end of the loaded content, kept so that it can go on from the
  /// same place once the content grows (stall policy `wait`).
  struct HeldFling {
    let start: Double
    let trajectory: any Trajectory
    /// Seconds into the fling at the step that crossed the end: the stall begins then, and
    /// the input is held from then too, so the fling and the gestures after it keep their
    /// timing relative to each other.
    let elapsed: Double

    /// Where the fling would be after `elapsed`, the end ignored.
    var offset: Double { start + trajectory.offset(at: elapsed) }

    var velocity: Double { trajectory.velocity(at: elapsed) }
    var restingOffset: Double { start + trajectory.distance }
  }

  private let physics: any ScrollPhysics
  private var phase: Phase
  private var since: SimTime

  /// A fling from `offset` at `velocity` (already limited by the platform, and `boost` times
  /// the release's own when boosted); nil if it does not move.
  static func fling(
    from offset: Double, velocity: Double, boost: Double = 1, at now: SimTime, physics: any ScrollPhysics
  ) -> ScrollMotion? {
    let trajectory = physics.fling(velocity: velocity, boost: boost)
    guard trajectory.duration > 0 else { return nil }
    return ScrollMotion(physics: physics, phase: .fling(start: offset, trajectory: trajectory), since: now)
  }

  /// A spring back to `edge` from `offset` (past it) at `velocity`; nil on clamping platforms.
  static func bounceBack(
    from offset: Double, to edge: Double, velocity: Double, at now: SimTime, physics: any ScrollPhysics
  )
    -> ScrollMotion?
  {
    guard let spring = physics.edgeSpring(overshoot: offset - edge, velocity: velocity), spring.duration > 0 else {
      return nil
    }
    return ScrollMotion(physics: physics, phase: .spring(edge: edge, trajectory: spring), since: now)
  }

  /// The rest of a held fling from `now`: the same path, later by the time it was held.
  static func resuming(_ held: HeldFling, at now: SimTime, physics: any ScrollPhysics) -> ScrollMotion {
    ScrollMotion(
      physics: physics, phase: .fling(start: held.start, trajectory: held.trajectory),
      since: now - SimTime.fromSeconds(held.elapsed))
  }

  private init(physics: any ScrollPhysics, phase: Phase, since: SimTime) {
    self.physics = physics
    self.phase = phase
    self.since = since
  }

  /// The velocity at `now` (content coordinates per second).
  func velocity(at now: SimTime) -> Double {
    let t = (now - since).seconds
    switch phase {
    case .fling(_, let trajectory): return trajectory.velocity(at: t)
    case .spring(_, let spring): return spring.velocity(at: t)
    }
  }

  /// The resting offset of the fling, before any edge.
  var restingOffset: Double {
    switch phase {
    case .fling(let start, let trajectory): start + trajectory.distance
    case .spring(let edge, _): edge
    }
  }

  /// Advances to `now` within the content's offset range `bounds`.
  func advance(to now: SimTime, bounds: ClosedRange<Double>) -> Step {
    let t = (now - since).seconds
    switch phase {
    case .spring(let edge, let spring):
      return t >= spring.duration ? Step(offset: edge, finished: true) : Step(offset: edge + spring.offset(at: t))
    case .fling(let start, let trajectory):
      let x = start + trajectory.offset(at: t)
      guard x > bounds.upperBound || x < bounds.lowerBound else {
        return Step(offset: x, finished: t >= trajectory.duration)
      }
      let edge = x > bounds.upperBound ? bounds.upperBound : bounds.lowerBound
      let crossing = Self.crossingTime(start: start, trajectory: trajectory, edge: edge, before: t)
      let crossedEnd = edge == bounds.upperBound
      let cutFling = crossedEnd ? HeldFling(start: start, trajectory: trajectory, elapsed: t) : nil
      guard
        let spring = physics.edgeSpring(overshoot: 0, velocity: trajectory.velocity(at: crossing)),
        spring.duration > 0
      else {
        return Step(offset: edge, crossedEnd: crossedEnd, finished: true, cutFling: cutFling)
      }
      phase = .spring(edge: edge, trajectory: spring)
      since += SimTime.fromSeconds(crossing)
      var step = advance(to: now, bounds: bounds)
      step.crossedEnd = crossedEnd
      step.cutFling = cutFling
      return step
    }
  }

  /// When a monotone fling from `start` reaches `edge` (bisection to ~1 ns).
  private static func crossingTime(start: Double, trajectory: any Trajectory, edge: Double, before t: Double) -> Double
  {
    let outward = start + trajectory.offset(at: t) > edge
    var low = 0.0
    var high = t
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if (start + trajectory.offset(at: middle) > edge) == outward { high = middle } else { low = middle }
    }
    return high
  }
}
