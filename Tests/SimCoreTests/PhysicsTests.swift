import Foundation
import Testing

@testable import SimCore

/// UIScrollView momentum and the release-velocity tracker against their sources' numbers.
@Suite struct PhysicsTests {
  /// WWDC18 "Designing Fluid Interfaces": 1000 pt/s at 0.998 projects (1000/1000)·0.998/0.002.
  @Test func projectionOf1000PointsPerSecond() {
    #expect(abs(Momentum.projectedDistance(velocity: 1000) - 499) < 1e-9)
    #expect(abs(Momentum.projectedDistance(velocity: 1000, rate: Momentum.fastRate) - 99) < 1e-9)
  }

  /// Per-ms stepping stops once v < 0.01 pt/ms: v·0.998ⁿ < 0.01 first at n = 2301 for 1 pt/ms;
  /// the distance is 0.998·(1 − 0.998²³⁰¹)/0.002 ≈ 494.0 pt, a little short of the projection.
  @Test func steppedMomentumStopsBelowTenPointsPerSecond() {
    let momentum = Momentum(startOffset: 0, velocity: 1000)
    #expect(momentum.steps == 2301)
    let expected = 0.998 * (1 - pow(0.998, 2301)) / 0.002
    #expect(abs(momentum.restingOffset - expected) < 1e-9)
    #expect(abs(momentum.restingOffset - 494.0) < 0.1)
    // Stepping by hand gives the same.
    var v = 1.0
    var x = 0.0
    for _ in 0..<2301 {
      v *= 0.998
      x += v
    }
    #expect(abs(x - momentum.restingOffset) < 1e-6)
    #expect(abs(momentum.offset(after: 0.5) - 0.998 * (1 - pow(0.998, 500)) / 0.002) < 1e-9)
  }

  @Test func momentumIsSymmetricAndSlowFlingsDoNotMove() {
    #expect(
      abs(
        Momentum(startOffset: 1000, velocity: -1000).restingOffset
          - (1000 - Momentum(startOffset: 0, velocity: 1000).restingOffset)) < 1e-9)
    #expect(Momentum(startOffset: 0, velocity: 9).steps == 0)
  }

  /// Samples at 0, 10, 20 ms at 0, 5, 10 px: 500 px/s.
  @Test func trackerOnAStraightLine() {
    var tracker = VelocityTracker()
    tracker.add(t: 0, position: 0)
    tracker.add(t: 0.010, position: 5)
    tracker.add(t: 0.020, position: 10)
    #expect(abs(tracker.velocity() - 500) < 1e-6)
  }

  /// x = 1000·t² sampled at 120 Hz: the quadratic fit's slope at the newest sample is 2000·t.
  @Test func trackerFitsAcceleration() {
    var tracker = VelocityTracker()
    for k in 0...10 {
      let t = Double(k) / 120
      tracker.add(t: t, position: 1000 * t * t)
    }
    #expect(abs(tracker.velocity() - 2000 * 10 / 120) < 1e-6)
  }

  /// A finger that holds still over 40 ms before lifting releases with zero velocity; samples
  /// older than 100 ms do not count.
  @Test func trackerGapAndHorizon() {
    var tracker = VelocityTracker()
    tracker.add(t: 0, position: 0)
    tracker.add(t: 0.010, position: 5)
    tracker.add(t: 0.020, position: 10)
    tracker.add(t: 0.070, position: 10)
    #expect(tracker.velocity() == 0)
    var old = VelocityTracker()
    for k in 0...20 { old.add(t: Double(k) * 0.01, position: k < 10 ? Double(k) * 100 : 900) }
    #expect(abs(old.velocity()) < 1e-6)
  }
}
