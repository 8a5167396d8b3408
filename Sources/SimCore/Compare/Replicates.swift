import Foundation

/// One strategy on one trace, run once per replicate seed.
package struct ReplicatedRow: Sendable {
  package var strategy: String
  package var trace: String
  package var runs: [RunMetrics]

  package init(strategy: String, trace: String, runs: [RunMetrics]) {
    self.strategy = strategy
    self.trace = trace
    self.runs = runs
  }

  /// The row's part if it is the clairvoyant limit's (`RunMetrics.limitRole`).
  package var limitRole: LimitRole? { runs.first?.limitRole }
  /// Whether the row is the clairvoyant limit's: no contender for "≈ the best", which it is by
  /// construction.
  package var isLimit: Bool { limitRole != nil }
}

/// Replicates (`--replicates N`): random latencies make one run a sample, so each strategy runs
/// N times with derived seeds — the same N seeds for every strategy, so they are compared on
/// the same luck. Differences are judged pairwise per seed (a paired t interval), which the
/// shared luck makes far tighter than comparing the two means.
package enum Replicates {
  /// The stored metrics that are numbers (all keys but strategy, trace, seed): what the JSON
  /// and CSV of a replicated comparison carry.
  package static let storedMetrics = Metric.numeric.filter(\.isStored)

  /// Seed of replicate `index` derived from `base` (replicate 0 uses `base` itself, so one
  /// replicate is the plain run).
  package static func seed(base: UInt64, index: Int) -> UInt64 {
    guard index > 0 else { return base }
    var random = SeededRandom(seed: base, stream: "replicate", index: index)
    return random.next()
  }

  package static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice], options: SimulationOptions,
    replicates: Int, jobs: Int = BatchControl.defaultThreads, measuresLimit: Bool = true,
    progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws(SimError) -> [ReplicatedRow] {
    var rows: [ReplicatedRow] = []
    // Every replicate's runs in one pool (no wait between replicates); progress when done.
    let seeds = (0..<replicates).map { seed(base: options.seed, index: $0) }
    let perSeed = try Comparison.run(
      traces: traces, scenario: scenario, strategies: strategies, options: options, seeds: seeds, jobs: jobs,
      measuresLimit: measuresLimit, progress: { done, total in progress(done * replicates / total) })
    for (position, first) in perSeed[0].enumerated() {
      rows.append(
        ReplicatedRow(
          strategy: first.strategy, trace: first.trace, runs: perSeed.map { $0[position] }))
    }
    // With several traces, each strategy's summary over them, replicate by replicate (so the
    // summaries pair across strategies on the same seeds, like the rows).
    guard traces.count > 1 else { return rows }
    let summaries = perSeed.map { Comparison.summary($0, traceCount: traces.count) }
    for (position, first) in summaries[0].enumerated() {
      rows.append(
        ReplicatedRow(
          strategy: first.strategy, trace: first.trace, runs: summaries.map { $0[position] }))
    }
    return rows
  }

  /// For each row, the metrics whose difference from the best strategy on the same trace (in
  /// the metric's direction) the 95% paired interval does not support: "≈ the best". The
  /// clairvoyant limit (`ReplicatedRow.isLimit`) is not a contender: it is best by
  /// construction. Empty with one replicate.
  package static func tiesWithBest(_ rows: [ReplicatedRow]) -> [[String]] {
    var ties = Array(repeating: [String](), count: rows.count)
    guard let n = rows.first?.runs.count, n > 1 else { return ties }
    let byTrace = Dictionary(grouping: rows.indices, by: { rows[$0].trace })
    for metric in Metric.numeric {
      // Oriented so that smaller is better: a metric better high is compared negated.
      guard metric.direction != .neutral else { continue }
      let sign = metric.direction == .lower ? 1.0 : -1.0
      for indices in byTrace.values {
        let means = indices.map { index in sign * Estimate.of(rows[index].runs.compactMap { metric.value($0) }).mean }
        let contenders = means.indices.filter { !means[$0].isNaN && !rows[indices[$0]].isLimit }
        guard let bestPosition = contenders.min(by: { means[$0] < means[$1] }) else {
          continue
        }
        let best = indices[bestPosition]
        for index in indices where index != best && !rows[index].isLimit {
          let differences = zip(rows[index].runs, rows[best].runs).compactMap { pair -> Double? in
            guard let a = metric.value(pair.0), let b = metric.value(pair.1) else { return nil }
            return sign * (a - b)
          }
          guard differences.count > 1 else { continue }
          let difference = Estimate.of(differences)
          if difference.mean - difference.halfWidth <= 0 { ties[index].append(metric.key) }
        }
      }
    }
    return ties
  }
}
