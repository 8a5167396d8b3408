/// The regression gate (`compare --baseline base.json --fail-if 'wait_time > +10%'`): checks
/// each condition on every row (strategy × trace, summaries included) that both runs have.
///
/// With replicates, a condition fails only when it holds with 95% confidence: per replicate
/// seed, how far the row is past the bound (now − baseline·(1 + 10%) for `> +10%`), then a
/// paired t interval over the seeds, which both runs share; the lower end must be past 0.
/// Noise in the luck of the network therefore does not fail a pull request; a real regression
/// smaller than the interval does not either, so more replicates make the gate finer
/// (`docs/ci.md`).
public enum Gate {
  /// One strategy on one trace (or `sum over N traces`): its metrics per replicate seed.
  public struct Row: Sendable {
    public var strategy: String
    public var trace: String
    public var seeds: [UInt64]
    public var runs: [[String: Double]]
    /// The seeds were read from a report that wrote them as doubles (scrollsim before seeds
    /// were written exactly): they match a seed that rounds to the same double.
    public var seedsRounded = false

    public init(strategy: String, trace: String, seeds: [UInt64], runs: [[String: Double]]) {
      self.strategy = strategy
      self.trace = trace
      self.seeds = seeds
      self.runs = runs
    }

    /// Whether `other` ran from the same seeds.
    func sameSeeds(_ other: Row) -> Bool {
      guard seedsRounded || other.seedsRounded else { return seeds == other.seeds }
      return seeds.map(Double.init) == other.seeds.map(Double.init)
    }

    /// A plain comparison's row (one replicate).
    public init(_ metrics: RunMetrics) {
      self.init(
        strategy: metrics.strategy, trace: metrics.trace, seeds: [metrics.seed], runs: [Self.values(metrics)])
    }

    /// A replicated comparison's row.
    public init(_ row: ReplicatedRow) {
      self.init(
        strategy: row.strategy, trace: row.trace, seeds: row.runs.map(\.seed),
        runs: row.runs.map(Self.values))
    }

    static func values(_ metrics: RunMetrics) -> [String: Double] { numbers(metrics.fields) }

    /// A row's numeric metrics by key (the seed is the row's, not a metric): from a run, or
    /// from a stored report's object (`Baseline`).
    static func numbers(_ fields: [(String, JSONValue)]) -> [String: Double] {
      var values: [String: Double] = [:]
      for (key, value) in fields where key != "seed" {
        if let number = value.double { values[key] = number }
      }
      return values
    }
  }

  public enum Verdict: String, Sendable {
    /// The condition holds (with 95% confidence when replicated): the gate fails.
    case fails
    case passes
    /// A metric without a value (a percentile with no sample) on either side.
    case undefined
  }

  /// One condition on one row.
  public struct Check: Sendable {
    public var condition: GateCondition
    public var strategy: String
    public var trace: String
    /// Means over the replicates (nil: no baseline, or no value).
    public var baseline: Double?
    public var now: Double?
    /// Half-width of the 95% paired interval of the change (0 with one replicate).
    public var changeHalfWidth: Double
    public var verdict: Verdict
  }

  /// Checks `conditions` on `now`'s rows against `baseline`'s (nil: only `value` bounds).
  /// Rows are matched by strategy and trace; replicated rows must have the same seeds.
  public static func check(
    _ conditions: [GateCondition], now: [Row], baseline: [Row]?
  ) throws(SimError) -> [Check] {
    var checks: [Check] = []
    for condition in conditions {
      if condition.needsBaseline && baseline == nil {
        throw SimError(.usage, "--fail-if '\(condition)': a change needs --baseline FILE")
      }
      var matched = false
      for row in now where condition.applies(to: row.strategy) {
        let old = baseline?.first { $0.strategy == row.strategy && $0.trace == row.trace }
        if baseline != nil && old == nil { continue }
        matched = true
        if let old, !old.sameSeeds(row) {
          throw SimError(
            .usage,
            "\(row.strategy) on \(row.trace): the baseline ran \(old.seeds.count) replicate(s) from another seed; run with the baseline's --seed and --replicates (its meta says which)"
          )
        }
        checks.append(check(condition, row: row, baseline: old))
      }
      if !matched {
        throw SimError(
          .usage,
          "--fail-if '\(condition)': no row \(baseline == nil ? "" : "in both runs ")is of strategy \(condition.strategy ?? "")"
        )
      }
    }
    return checks
  }

  static func check(_ condition: GateCondition, row: Row, baseline: Row?) -> Check {
    let nowValues = row.runs.map { condition.metric.value($0) }
    let oldValues = baseline.map { $0.runs.map { condition.metric.value($0) } }
    func mean(_ values: [Double?]?) -> Double? {
      guard let values, !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
      return values.reduce(0) { $0 + $1! } / Double(values.count)
    }
    var result = Check(
      condition: condition, strategy: row.strategy, trace: row.trace, baseline: mean(oldValues), now: mean(nowValues),
      changeHalfWidth: 0, verdict: .undefined)
    var excesses: [Double] = []
    var changes: [Double] = []
    for (index, now) in nowValues.enumerated() {
      let old = oldValues?[index]
      // A bound that is a value needs no baseline value (a baseline from before a metric existed
      // lacks it); a change from the baseline does.
      guard let now, !condition.needsBaseline || old != nil else { return result }
      excesses.append(condition.excess(baseline: old ?? nil, now: now))
      if let old = old ?? nil { changes.append(now - old) }
    }
    let excess = Replicates.estimate(excesses)
    if changes.count > 1 { result.changeHalfWidth = Replicates.estimate(changes).halfWidth }
    // Reports round to 1e-9, and 1.2 − 1.0 is not 0.2 in binary: closer than that is equal.
    let lower = excess.mean - excess.halfWidth
    let tolerance = 1e-9 * max(1, abs(result.now ?? 0))
    let holds = condition.inclusive ? lower >= -tolerance : lower > tolerance
    result.verdict = lower.isNaN ? .undefined : holds ? .fails : .passes
    return result
  }
}
