import Foundation
import Testing

@testable import SimCore

/// UIScrollView momentum against UIKit's and WWDC's numbers.
@Suite struct MomentumTests {
  /// WWDC18 "Designing Fluid Interfaces": 1000 pt/s at 0.998 projects (1000/1000)·0.998/0.002.
  @Test func projectionOf1000PointsPerSecond() {
    #expect(abs(Momentum.projectedDistance(velocity: 1000) - 499) < 1e-9)
    #expect(abs(Momentum.projectedDistance(velocity: 1000, rate: Momentum.fastRate) - 99) < 1e-9)
  }

  /// Per-ms stepping stops once v < 0.01 pt/ms: v·0.998ⁿ < 0.01 first at n = 2301 for 1 pt/ms;
  /// the distance is 0.998·(1 − 0.998²³⁰¹)/0.002 ≈ 494.0 pt, a little short of the projection.
  @Test func steppedMomentumStopsBelowTenPointsPerSecond() {
    let momentum = Momentum(velocity: 1000)
    #expect(momentum.steps == 2301)
    let expected = 0.998 * (1 - pow(0.998, 2301)) / 0.002
    #expect(abs(momentum.distance - expected) < 1e-9)
    #expect(abs(momentum.distance - 494.0) < 0.1)
    // Stepping by hand gives the same, and the same velocity along the way.
    var v = 1.0
    var x = 0.0
    for step in 1...2301 {
      v *= 0.998
      x += v
      if step == 500 {
        #expect(abs(momentum.offset(at: 0.5) - x) < 1e-9)
        #expect(abs(momentum.velocity(at: 0.4995) - v * 1000) < 1e-9)
      }
    }
    #expect(abs(x - momentum.distance) < 1e-6)
  }

  @Test func momentumIsSymmetricAndSlowFlingsDoNotMove() {
    #expect(abs(Momentum(velocity: -1000).distance + Momentum(velocity: 1000).distance) < 1e-9)
    #expect(Momentum(velocity: 9).steps == 0)
  }
}

/// Release-velocity estimators on hand-made samples.
@Suite struct VelocityTrackerTests {
  func tracker(_ kind: VelocityTrackerKind, _ samples: [(Double, Double)]) -> VelocityTracker {
    var tracker = VelocityTracker(kind: kind)
    for (t, x) in samples { tracker.add(t: t, position: x) }
    return tracker
  }

  /// Samples at 0, 10, 20 ms at 0, 5, 10 px: 500 px/s for LSQ2 and impulse.
  @Test func straightLine() {
    let line = [(0.0, 0.0), (0.010, 5.0), (0.020, 10.0)]
    #expect(abs(tracker(.lsq2, line).velocity() - 500) < 1e-6)
    #expect(abs(tracker(.impulse, line).velocity() - 500) < 1e-6)
    // Flutter's iOS tracker weighs the last three pairs 0.6 / 0.35 / 0.05 (oldest first); with
    // three samples the oldest pair is missing and counts 0: 0.35·500 + 0.05·500 = 200.
    #expect(abs(tracker(.iosWeighted, line).velocity() - 200) < 1e-6)
    #expect(abs(tracker(.iosWeighted, line + [(0.030, 15.0)]).velocity() - 500) < 1e-6)
  }

  /// x = 1000·t² sampled at 120 Hz: the quadratic fit's slope at the newest sample is 2000·t.
  @Test func lsq2FitsAcceleration() {
    let samples = (0...10).map { k in (Double(k) / 120, 1000 * pow(Double(k) / 120, 2)) }
    #expect(abs(tracker(.lsq2, samples).velocity() - 2000 * 10 / 120) < 1e-6)
  }

  /// Segments at 100, 300, 500 px/s: work = ½·100² = 5000, + (300 − 100)·300 = 65 000,
  /// + (500 − √(2·65 000))·500 = 134 722.5; velocity √(2·134 722.5) ≈ 519.08 px/s (AOSP
  /// calculateImpulseVelocity). The weighted iOS tracker: 0.6·100 + 0.35·300 + 0.05·500 = 190.
  @Test func impulseAndWeightedOnAcceleration() {
    let samples = [(0.0, 0.0), (0.010, 1.0), (0.020, 4.0), (0.030, 9.0)]
    let work = 5000 + (500 - (2 * 65_000.0).squareRoot()) * 500 + 60_000
    #expect(abs(tracker(.impulse, samples).velocity() - (2 * work).squareRoot()) < 1e-6)
    #expect(abs(tracker(.impulse, samples).velocity() - 519.08) < 0.01)
    #expect(abs(tracker(.iosWeighted, samples).velocity() - 190) < 1e-6)
  }

  /// A finger that holds still over 40 ms before lifting releases with zero velocity, whatever
  /// the estimator (over 80 ms for Chromium's); samples older than 100 ms do not count.
  @Test func stillFingerAndHorizon() {
    let still = [(0.0, 0.0), (0.010, 5.0), (0.020, 10.0), (0.030, 15.0), (0.075, 15.0)]
    for kind in VelocityTrackerKind.allCases {
      let stopped = kind == .lsq2Restricted ? still.dropLast() + [(0.115, 15.0)] : still
      #expect(tracker(kind, Array(stopped)).velocity() == 0, "\(kind)")
      #expect(tracker(kind, Array(still.dropLast())).velocity() != 0, "\(kind)")
    }
    let old = (0...20).map { k in (Double(k) * 0.01, k < 10 ? Double(k) * 100 : 900) }
    #expect(tracker(.lsq2, old).velocity() == 0)
  }
}
