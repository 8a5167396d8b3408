import Foundation

/// Student's t distribution: the quantiles behind every interval over replicates (`Replicates`)
/// and the gate's confidence (`Assertion.confidence`).
///
/// The distribution function is the regularized incomplete beta function,
/// P(T ≤ t) = 1 − ½ I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, evaluated by its continued fraction
/// (Lentz's method, as in Numerical Recipes §6.4); a quantile is found by bisection on it, to
/// the precision of a double. Checked against the printed table (Student's t at 97.5%, 95% and
/// 99.5%) in `StudentTTests`.
package enum StudentT {
  /// The two-sided interval's quantile for `confidence` (0.95 → the 97.5% quantile).
  package static func twoSided(_ confidence: Double, degreesOfFreedom df: Int) -> Double {
    guard df >= 1 else { return .infinity }
    if confidence == 0.95 && df <= common975.count { return common975[df - 1] }
    return quantile((1 + confidence) / 2, degreesOfFreedom: df)
  }

  /// The 97.5% quantile for 1…1000 degrees of freedom (every replicate count allowed), worked
  /// out once: every row of a replicated report asks for it, many times.
  private static let common975: [Double] = (1...1000).map { quantile(0.975, degreesOfFreedom: $0) }

  /// The `p` quantile (0.5 ≤ p < 1) for `df` degrees of freedom.
  package static func quantile(_ p: Double, degreesOfFreedom df: Int) -> Double {
    guard df >= 1, p >= 0.5 else { return p.isNaN ? .nan : 0 }
    guard p < 1 else { return .infinity }
    var low = 0.0
    var high = 1.0
    while distribution(high, degreesOfFreedom: df) < p && high < 1e300 { high *= 2 }
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle == low || middle == high { break }
      if distribution(middle, degreesOfFreedom: df) < p { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// P(T ≤ t).
  package static func distribution(_ t: Double, degreesOfFreedom df: Int) -> Double {
    let nu = Double(df)
    let tail = 0.5 * incompleteBeta(nu / (nu + t * t), nu / 2, 0.5)
    return t >= 0 ? 1 - tail : tail
  }

  /// The regularized incomplete beta function I_x(a, b).
  static func incompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
    let logPowers: Double = a * log(x) + b * log(1 - x)
    let front = exp(logPowers - logBeta)
    // The continued fraction converges fast for x below (a + 1)/(a + b + 2); above, use the
    // symmetry I_x(a, b) = 1 − I_{1−x}(b, a).
    if x < (a + 1) / (a + b + 2) { return front * continuedFraction(x, a, b) / a }
    return 1 - front * continuedFraction(1 - x, b, a) / b
  }

  private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var result = d
    for m in 1...300 {
      let m = Double(m)
      let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 + even * d
      if abs(d) < tiny { d = tiny }
      c = 1 + even / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      result *= d * c
      let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 + odd * d
      if abs(d) < tiny { d = tiny }
      c = 1 + odd / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let step = d * c
      result *= step
      if abs(step - 1) < 1e-15 { break }
    }
    return result
  }
}
