import Foundation

/// A lognormal from the two figures a team has: any two of its median, p75, p90, p95, p99 and
/// mean (a dashboard's percentiles, or an average and a tail). `ln X ~ N(μ, σ)`, so percentile
/// q is `exp(μ + z_q σ)` and the mean `exp(μ + σ²/2)`. Two percentiles give σ from their ratio;
/// a mean and a percentile give σ as a root of `σ²/2 − z_q σ − ln(mean / x_q) = 0`, the smaller
/// non-negative one where there are two (the lighter tail, as latencies are). The result is
/// kept as median and p95 (`Distribution.lognormal`).
enum LognormalFit {
  /// The fields a lognormal may be given by, lower quantiles first.
  static let fields = ["median", "p75", "p90", "p95", "p99", "mean"]

  /// The standard normal's quantile for each percentile field.
  static let z: [String: Double] = [
    "median": 0, "p75": 0.6744897501960817, "p90": 1.2815515655446004, "p95": 1.6448536269514722,
    "p99": 2.3263478740408408,
  ]

  struct Fitted: Equatable {
    var median: Double
    var p95: Double
  }

  struct Problem: Error, Equatable {
    var message: String
  }

  /// The lognormal through `first` and `second` (field name and value, both > 0), the first
  /// named earlier in `fields`.
  static func fit(_ first: (String, Double), _ second: (String, Double)) -> Result<Fitted, Problem> {
    let sigma: Double
    let mu: Double
    if second.0 == "mean" {
      let zq = z[first.0]!
      let d = log(second.1 / first.1)
      let discriminant = zq * zq + 2 * d
      guard discriminant >= 0 else {
        let least = first.1 * exp(-zq * zq / 2)
        return .failure(
          Problem(
            message:
              "no lognormal has \(first.0) \(JSONWriter.number(first.1)) and mean \(JSONWriter.number(second.1)): its mean is at least \(JSONWriter.number(least))"
          ))
      }
      let roots = [zq - discriminant.squareRoot(), zq + discriminant.squareRoot()].filter { $0 >= 0 }
      guard let root = roots.min() else {
        return .failure(
          Problem(
            message:
              "no lognormal has \(first.0) \(JSONWriter.number(first.1)) and mean \(JSONWriter.number(second.1)) (a lognormal's mean is at least its median)"
          ))
      }
      sigma = root
      mu = log(first.1) - zq * sigma
    } else {
      let (za, zb) = (z[first.0]!, z[second.0]!)
      guard second.1 >= first.1 else {
        return .failure(
          Problem(
            message:
              "must be at least \(first.0) (\(JSONWriter.number(first.1))), found \(JSONWriter.number(second.1))"))
      }
      sigma = log(second.1 / first.1) / (zb - za)
      mu = log(first.1) - za * sigma
    }
    // The figures given are kept exactly (a file's median and p95 read back as written).
    let median = first.0 == "median" ? first.1 : exp(mu)
    let p95 = first.0 == "p95" ? first.1 : second.0 == "p95" ? second.1 : exp(mu + Distribution.z95 * sigma)
    return .success(Fitted(median: median, p95: max(p95, median)))
  }
}
