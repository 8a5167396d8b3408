import Testing

@testable import SimCore

@Suite struct ScrollMotionTests {
  let android = PhysicsPresets.named("android")!
  let ios = PhysicsPresets.named("ios")!
  let open = -1e9...1e9

  /// Far from any edge a fling follows its trajectory and ends at its resting offset.
  @Test func aFlingFollowsItsTrajectory() throws {
    let trajectory = ios.fling(velocity: 2000, boost: 1)
    let motion = try #require(ScrollMotion.fling(from: 100, velocity: 2000, at: 0, physics: ios))
    #expect(motion.restingOffset == 100 + trajectory.distance)
    let half = SimTime.fromSeconds(trajectory.duration / 2)
    let step = motion.advance(to: half, bounds: open)
    #expect(step.offset == 100 + trajectory.offset(at: half.seconds))
    #expect(!step.finished && !step.crossedEnd)
    #expect(motion.velocity(at: half) == trajectory.velocity(at: half.seconds))
    let end = motion.advance(to: SimTime.fromSeconds(trajectory.duration + 1), bounds: open)
    #expect(end.finished && end.offset == motion.restingOffset)
  }

  @Test func aFlingThatDoesNotMoveIsNoMotion() {
    #expect(ScrollMotion.fling(from: 0, velocity: 0, at: 0, physics: android) == nil)
  }

  /// On a clamping platform the fling stops at the end of the content; it is held there as it
  /// was (the stall's `HeldFling`), and resuming it later goes on along the same path.
  @Test func aClampedFlingStopsAtTheEndAndResumes() throws {
    let motion = try #require(ScrollMotion.fling(from: 0, velocity: 3000, at: 0, physics: android))
    let trajectory = android.fling(velocity: 3000, boost: 1)
    #expect(trajectory.distance > 300)
    let step = motion.advance(to: SimTime.fromSeconds(trajectory.duration), bounds: 0...300)
    #expect(step.offset == 300 && step.crossedEnd && step.finished)
    let held = try #require(step.cutFling)
    #expect(held.elapsed == trajectory.duration)
    #expect(held.restingOffset == trajectory.distance)
    let resumed = ScrollMotion.resuming(held, at: SimTime.fromSeconds(5), physics: android)
    #expect(resumed.advance(to: SimTime.fromSeconds(5), bounds: open).offset == held.offset)
  }

  /// At the top a clamped fling stops without holding anything: only the end can grow.
  @Test func theTopEdgeHoldsNothing() throws {
    let motion = try #require(ScrollMotion.fling(from: 100, velocity: -3000, at: 0, physics: android))
    let step = motion.advance(to: SimTime.fromSeconds(10), bounds: 0...10_000)
    #expect(step.offset == 0 && !step.crossedEnd && step.cutFling == nil && step.finished)
  }

  /// iOS springs back from an edge the fling crossed, and settles on the edge.
  @Test func aBouncingPlatformSpringsBackToTheEdge() throws {
    let motion = try #require(ScrollMotion.fling(from: 0, velocity: 3000, at: 0, physics: ios))
    let crossing = motion.advance(to: SimTime.fromSeconds(0.2), bounds: 0...100)
    #expect(crossing.crossedEnd)
    #expect(crossing.offset > 100)  // past the edge, on the spring
    let settled = motion.advance(to: SimTime.fromSeconds(30), bounds: 0...100)
    #expect(settled.offset == 100 && settled.finished)
    #expect(ScrollMotion.bounceBack(from: 120, to: 100, velocity: 0, at: 0, physics: android) == nil)
  }
}
