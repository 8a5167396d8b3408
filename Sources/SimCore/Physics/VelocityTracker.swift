/// The release-velocity estimators (`--velocity`).
public enum VelocityTrackerKind: String, CaseIterable, Sendable {
  /// Least-squares quadratic fit: Flutter's `VelocityTracker`, Android's LSQ2 strategy.
  case lsq2
  /// LSQ2 that gives 0 against the window's own displacement, and a lift 80 ms after the last
  /// move (not 40): Chromium's `LSQ2_RESTRICTED`, what Aura uses.
  case lsq2Restricted = "lsq2-restricted"
  /// Flutter's `IOSScrollViewFlingVelocityTracker`, its model of UIScrollView.
  case iosWeighted = "ios-weighted"
  /// Android's `ImpulseVelocityTrackerStrategy` (kinetic energy), its default for scrolling.
  case impulse
}

/// Estimates the finger's velocity at release from its recent samples.
///
/// Sources, by kind:
/// - `lsq2`: Flutter `velocity_tracker.dart` / AOSP `VelocityTracker.cpp`: samples no older
///   than 100 ms, stop at a gap over 40 ms, at most 20; a quadratic least-squares fit whose
///   linear coefficient is the velocity; two samples give their slope, fewer give 0.
/// - `ios-weighted`: Flutter `IOSScrollViewFlingVelocityTracker`: `0.6·v₋₂ + 0.35·v₋₁ + 0.05·v₀`
///   over the last three pairwise velocities (v₀ = newest pair; a missing pair counts 0).
/// - `impulse`: AOSP `calculateImpulseVelocity`: the same sample window as LSQ2; from the
///   oldest pair on, `work += (v − v_prev)·|v|` (the first term halved), velocity
///   `sign(work)·√(2·|work|)`.
/// - `lsq2-restricted`: Chromium `ui/events/velocity_tracker/velocity_tracker.cc`
///   (`LSQ2_RESTRICTED`, set by `gesture_configuration_aura.cc`): LSQ2, but 0 when the fitted
///   velocity points against the displacement from the window's oldest sample to its newest (a
///   finger slowing to a stop can fit a velocity backwards), and a lift counts as stopped only
///   80 ms after the last move (`kAssumePointerUpStoppedTimeMs`).
/// For every other kind, a finger that has not moved for over 40 ms when it lifts releases with
/// zero velocity (Flutter's and Android's "assume the pointer stopped" time).
package struct VelocityTracker: Sendable {
  package static let horizon = 0.100
  package static let maxGap = 0.040
  /// Chromium's `kAssumePointerUpStoppedTimeMs`.
  package static let chromiumLiftGap = 0.080
  package static let maxSamples = 20

  package let kind: VelocityTrackerKind
  private var samples: [(t: Double, position: Double)] = []

  package init(kind: VelocityTrackerKind = .lsq2) { self.kind = kind }

  package mutating func reset() { samples.removeAll(keepingCapacity: true) }

  package mutating func add(t: Double, position: Double) {
    samples.append((t, position))
    if samples.count > 64 { samples.removeFirst(samples.count - Self.maxSamples) }
  }

  /// Velocity in position units per second at the newest sample.
  package func velocity() -> Double {
    let stopped = kind == .lsq2Restricted ? Self.chromiumLiftGap : Self.maxGap
    guard let newest = samples.last, let moved = lastMovementTime(), newest.t - moved <= stopped else { return 0 }
    switch kind {
    case .lsq2, .lsq2Restricted:
      let window = recentWindow(stopAt: kind == .lsq2Restricted ? moved : newest.t)
      if window.count < 2 { return 0 }
      let velocity: Double
      if window.count == 2 {
        velocity = Self.slope(window[1], window[0])
      } else {
        let points = window.map { (x: ($0.t - window[0].t) * 1000, y: $0.position) }  // ms: well-conditioned sums
        velocity = (Self.quadraticSlope(points) ?? Self.linearSlope(points)) * 1000
      }
      let displacement = window[0].position - window[window.count - 1].position
      return kind == .lsq2Restricted && velocity * displacement < 0 ? 0 : velocity
    case .impulse:
      return Self.impulse(recentWindow())
    case .iosWeighted:
      func pair(_ back: Int) -> Double {
        let end = samples.count - 1 - back
        guard end >= 1 else { return 0 }
        return Self.slope(samples[end - 1], samples[end])
      }
      return 0.6 * pair(2) + 0.35 * pair(1) + 0.05 * pair(0)
    }
  }

  /// Time of the newest sample that moved from its predecessor (nil if none moved).
  private func lastMovementTime() -> Double? {
    var i = samples.count - 1
    while i > 0 {
      if samples[i].position != samples[i - 1].position { return samples[i].t }
      i -= 1
    }
    return nil
  }

  /// Newest first: samples within 100 ms of the newest (of the newest at or before `stopAt`, if
  /// given), stopping at a gap over 40 ms, ≤ 20.
  private func recentWindow(stopAt: Double? = nil) -> [(t: Double, position: Double)] {
    let candidates = stopAt.map { end in samples.filter { $0.t <= end } } ?? samples
    guard let newest = candidates.last else { return [] }
    var window: [(t: Double, position: Double)] = []
    var previousT = newest.t
    for sample in candidates.reversed() {
      if newest.t - sample.t > Self.horizon || previousT - sample.t > Self.maxGap || window.count == Self.maxSamples {
        break
      }
      window.append(sample)
      previousT = sample.t
    }
    return window
  }

  private static func slope(_ older: (t: Double, position: Double), _ newer: (t: Double, position: Double)) -> Double {
    let dt = newer.t - older.t
    return dt > 0 ? (newer.position - older.position) / dt : 0
  }

  /// AOSP `calculateImpulseVelocity` on a newest-first window.
  static func impulse(_ window: [(t: Double, position: Double)]) -> Double {
    if window.count < 2 { return 0 }
    if window.count == 2 { return slope(window[1], window[0]) }
    func energyToVelocity(_ work: Double) -> Double { (work < 0 ? -1 : 1) * abs(work).squareRoot() * 2.squareRoot() }
    var work = 0.0
    for i in stride(from: window.count - 1, to: 0, by: -1) where window[i].t != window[i - 1].t {
      let previous = energyToVelocity(work)
      let current = slope(window[i], window[i - 1])
      work += (current - previous) * abs(current)
      if i == window.count - 1 { work *= 0.5 }
    }
    return energyToVelocity(work)
  }

  /// Linear coefficient b of y = a + b·x + c·x² fitted by least squares (nil if singular).
  static func quadraticSlope(_ points: [(x: Double, y: Double)]) -> Double? {
    var s = [Double](repeating: 0, count: 5)  // sums of x^0...x^4
    var t = [Double](repeating: 0, count: 3)  // sums of y·x^0...x^2
    for p in points {
      var power = 1.0
      for k in 0..<5 {
        s[k] += power
        if k < 3 { t[k] += p.y * power }
        power *= p.x
      }
    }
    // Normal equations [[s0 s1 s2][s1 s2 s3][s2 s3 s4]] · [a b c] = t, solved by Cramer's rule.
    func det(_ m: [[Double]]) -> Double {
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    let d = det(matrix)
    guard abs(d) > 1e-9 else { return nil }
    var forB = matrix
    for row in 0..<3 { forB[row][1] = t[row] }
    return det(forB) / d
  }

  static func linearSlope(_ points: [(x: Double, y: Double)]) -> Double {
    let n = Double(points.count)
    let meanX = points.reduce(0) { $0 + $1.x } / n
    let meanY = points.reduce(0) { $0 + $1.y } / n
    var num = 0.0
    var den = 0.0
    for p in points {
      num += (p.x - meanX) * (p.y - meanY)
      den += (p.x - meanX) * (p.x - meanX)
    }
    return den > 0 ? num / den : 0
  }
}
