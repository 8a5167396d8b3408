/// Release velocity from the last touch samples: a least-squares quadratic fit of position over
/// time, whose linear coefficient is the velocity at the newest sample.
///
/// Source: Flutter's `LeastSquaresVelocityTracker` / Android's `VelocityTracker` LSQ2 strategy
/// (`velocity_tracker.dart`, `VelocityTracker.cpp`): samples no older than 100 ms, stop at a
/// gap over 40 ms between samples, at most 20 samples; with 2 samples the slope between them,
/// with fewer, zero. A finger that holds still for over 40 ms before lifting therefore
/// releases with zero velocity.
public struct VelocityTracker: Sendable {
  public static let horizon = 0.100
  public static let maxGap = 0.040
  public static let maxSamples = 20

  private var samples: [(t: Double, position: Double)] = []

  public init() {}

  public mutating func reset() { samples.removeAll(keepingCapacity: true) }

  public mutating func add(t: Double, position: Double) {
    samples.append((t, position))
    if samples.count > 64 { samples.removeFirst(samples.count - Self.maxSamples) }
  }

  /// Velocity in position units per second at the newest sample.
  public func velocity() -> Double {
    guard let newest = samples.last else { return 0 }
    var used: [(x: Double, y: Double)] = []
    var previousT = newest.t
    for sample in samples.reversed() {
      let age = newest.t - sample.t
      if age > Self.horizon || previousT - sample.t > Self.maxGap || used.count == Self.maxSamples { break }
      used.append(((sample.t - newest.t) * 1000, sample.position))  // ms: well-conditioned sums
      previousT = sample.t
    }
    if used.count < 2 { return 0 }
    if used.count == 2 {
      let dt = used[0].x - used[1].x
      return dt > 0 ? (used[0].y - used[1].y) / dt * 1000 : 0
    }
    return (Self.quadraticSlope(used) ?? Self.linearSlope(used)) * 1000
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
