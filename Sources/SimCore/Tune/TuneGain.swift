import Foundation

/// A tuned setting's change of the objective against the current setting on the same held-out
/// runs (each session on every network, with each replicate's luck), with its 95 % interval:
/// a paired cluster bootstrap. The sessions are resampled with replacement 2,000 times with a
/// fixed seed, each drawn session bringing all its runs for both settings (a session's runs on
/// several networks are not independent); the interval is between the 2.5th and 97.5th
/// percentiles of the resampled change (Efron & Tibshirani 1993, §13; Davison & Hinkley 1997,
/// §3.8 for clusters). The relative interval is of the ratio tuned / current − 1, so it never
/// passes −100 % however skewed the waits (a t interval on per-session waits, whose tail is a
/// few stalled sessions, did). Percentiles are nearest-rank on the exact per-run values.
package struct TuneGain: Sendable, Equatable {
  /// The objective of the current setting and of the tuned one.
  package var current: Double
  package var tuned: Double
  /// tuned − current, and its 95 % interval.
  package var difference: Double
  package var lower: Double
  package var upper: Double
  /// tuned / current − 1 and its 95 % interval (nil when the current objective is 0).
  package var relative: (change: Double, lower: Double, upper: Double)?
  /// What a new population of `population` sessions of the same kind will measure: tuned /
  /// current − 1 there, a 95 % prediction interval (nil without two sessions or with a zero
  /// objective). It adds the new population's own spread to the held-out sessions', on the log
  /// of the ratio, with the per-session spread taken over every session both settings ran on (the
  /// held-out ones and the race's training ones, pooled: the waits are heavy-tailed, and two dozen
  /// held-out sessions often miss the few that stall; `prediction`). The interval of `relative` describes the mean over the held-out
  /// sessions only: re-measured on fresh populations it held in 80–85 % of trials; this one's
  /// coverage is `Validation/tune_coverage.py`'s (docs/tuning.md).
  package var predicted: (change: Double, lower: Double, upper: Double)?
  /// The new population's size `predicted` is for.
  package var population: Int

  package static let resamples = 2000

  /// `current[s]` and `tuned[s]`: the runs of session `s`, in the same order; `population`: the
  /// size of the new population `predicted` speaks of (default: as many sessions as here).
  /// `spread`: more sessions of the same two settings (the race's training sessions) whose
  /// per-session spread the prediction pools with the held-out sessions' (the center stays the
  /// held-out sessions': the training ones chose the setting).
  package init(
    current: [[Double]], tuned: [[Double]], key: PopulationKey, seed: UInt64, population: Int? = nil,
    spread: (current: [[Double]], tuned: [[Double]])? = nil
  ) {
    self.population = population ?? current.count
    self.current = Self.value(current.flatMap { $0 }, key)
    self.tuned = Self.value(tuned.flatMap { $0 }, key)
    difference = self.tuned - self.current
    var random = SeededRandom(seed: seed, stream: "tune-bootstrap")
    var differences: [Double] = []
    var ratios: [Double] = []
    let count = current.count
    for _ in 0..<Self.resamples {
      var a: [Double] = []
      var b: [Double] = []
      for _ in 0..<count {
        let session = min(Int(random.unit() * Double(count)), count - 1)
        a += current[session]
        b += tuned[session]
      }
      let (x, y) = (Self.value(a, key), Self.value(b, key))
      differences.append(y - x)
      if x > 0 { ratios.append(y / x - 1) }
    }
    differences.sort()
    ratios.sort()
    lower = Self.nearestRank(differences, 0.025)
    upper = Self.nearestRank(differences, 0.975)
    if self.current > 0, ratios.count == Self.resamples {
      relative = (self.tuned / self.current - 1, Self.nearestRank(ratios, 0.025), Self.nearestRank(ratios, 0.975))
    }
    predicted = Self.prediction(
      current: current, tuned: tuned, key: key, population: self.population,
      spread: spread.map { (current + $0.current, tuned + $0.tuned) } ?? (current, tuned))
  }

  /// The 95 % prediction interval of tuned / current − 1 on a new population (`predicted`): the
  /// delta method on the log of the ratio, the per-session influence uᵢ = tᵢ/T̄ − cᵢ/C̄ (tᵢ, cᵢ a
  /// session's objective over its runs; for a percentile the same influence stands in) taken
  /// over the pooled sessions, half-width t₀.₉₇₅,ₙ₋₁ · sd(u) · √(1/n + 1/m) for n held-out sessions
  /// and a new population of m, about the held-out log ratio.
  static func prediction(
    current: [[Double]], tuned: [[Double]], key: PopulationKey, population: Int,
    spread pooled: (current: [[Double]], tuned: [[Double]])
  ) -> (change: Double, lower: Double, upper: Double)? {
    let n = current.count
    guard n >= 2, population >= 1, pooled.current.count >= 2 else { return nil }
    let a = value(current.flatMap { $0 }, key)
    let b = value(tuned.flatMap { $0 }, key)
    guard a > 0, b > 0, a.isFinite, b.isFinite else { return nil }
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
    let c = pooled.current.map(mean)
    let t = pooled.tuned.map(mean)
    let (cBar, tBar) = (mean(c), mean(t))
    guard cBar > 0, tBar > 0 else { return nil }
    let u = zip(t, c).map { $0 / tBar - $1 / cBar }
    let uBar = mean(u)
    let variance = u.reduce(0) { $0 + ($1 - uBar) * ($1 - uBar) } / Double(u.count - 1)
    let half =
      StudentT.twoSided(0.95, degreesOfFreedom: n - 1) * variance.squareRoot()
      * (1 / Double(n) + 1 / Double(population)).squareRoot()
    let center = Foundation.log(b / a)
    return (b / a - 1, Foundation.exp(center - half) - 1, Foundation.exp(center + half) - 1)
  }

  package static func == (a: TuneGain, b: TuneGain) -> Bool {
    (a.current, a.tuned, a.difference, a.lower, a.upper) == (b.current, b.tuned, b.difference, b.lower, b.upper)
  }

  /// Whether the whole interval lies below zero: the tuned setting waits less, not by luck.
  package var isSignificant: Bool { upper < 0 }

  /// The objective of one setting's runs: their mean or a percentile.
  package static func value(_ values: [Double], _ key: PopulationKey) -> Double {
    guard !values.isEmpty else { return .nan }
    switch key {
    case .mean: return values.reduce(0, +) / Double(values.count)
    case .p50: return nearestRank(values.sorted(), 0.50)
    case .p90: return nearestRank(values.sorted(), 0.90)
    case .p99: return nearestRank(values.sorted(), 0.99)
    }
  }

  /// The nearest-rank `p` quantile of sorted values: the ⌈p·n⌉-th smallest.
  static func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
