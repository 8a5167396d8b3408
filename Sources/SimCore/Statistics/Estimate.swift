/// A mean and the half-width of its two-sided confidence interval (Student's t): what replicates
/// report per metric, and what the gate's assertions test a change against.
package struct Estimate: Sendable, Equatable {
  package var mean: Double
  /// Half-width of the interval; 0 with one value, NaN with none.
  package var halfWidth: Double

  /// Mean and the half-width of the two-sided `confidence` interval (Student's t).
  package static func of(_ values: [Double], confidence: Double = 0.95) -> Estimate {
    guard !values.isEmpty else { return Estimate(mean: .nan, halfWidth: .nan) }
    let n = Double(values.count)
    let mean = values.reduce(0, +) / n
    guard values.count > 1 else { return Estimate(mean: mean, halfWidth: 0) }
    let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
    return Estimate(
      mean: mean,
      halfWidth: StudentT.twoSided(confidence, degreesOfFreedom: values.count - 1) * (variance / n).squareRoot())
  }
}
