import Foundation

/// Runs several strategies over several traces on the same scenario and seed, so that every
/// strategy replays the same gestures over the same network luck.
///
/// Runs are independent (each has its own strategy instance and engine), so every run of every
/// seed, trace and strategy is one cell of a `Batch`, the limit's searches first: they take
/// several times a plain run, and one started last would keep the other threads idle. Results
/// come back in cell order, so the output is the same for any `jobs`.
public enum Comparison {
  /// Results in trace-major order: all strategies for the first trace, then the next. Each
  /// row's `waitOverLimit` is its wait minus the clairvoyant limit's on that trace
  /// (`StrategyChoice.limit`, run for the purpose when it is not one of `strategies`); with
  /// `measuresLimit` false no row has one, and the limit runs only if it is listed.
  public static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice],
    options: SimulationOptions = SimulationOptions(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    measuresLimit: Bool = true
  ) throws(SimError) -> [RunMetrics] {
    try run(
      traces: traces, scenario: scenario, strategies: strategies, options: options, seeds: [options.seed],
      jobs: jobs, measuresLimit: measuresLimit)[0]
  }

  /// `run` under each of `seeds` (replicates), all in one batch: one result list per seed.
  /// `progress(done, total)` hears runs finish, from the worker threads.
  static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice], options: SimulationOptions,
    seeds: [UInt64], jobs: Int, measuresLimit: Bool,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(SimError) -> [[RunMetrics]] {
    let cells = seeds.flatMap { seed in
      traces.indices.flatMap { trace in
        strategies.map { Batch.Cell(session: trace, scenario: 0, seed: .fixed(seed), strategy: $0) }
      }
    }
    let batch = Batch(
      sessions: Sessions(traces), scenarios: [scenario], options: options, cells: cells,
      measuresLimit: measuresLimit)
    var rows: [RunMetrics] = []
    rows.reserveCapacity(cells.count)
    let total = cells.count
    try batch.run(threads: jobs, progress: { progress($0, total) }) { _, row, _ throws(SimError) in rows.append(row) }
    let perSeed = traces.count * strategies.count
    return seeds.indices.map { Array(rows[$0 * perSeed..<($0 + 1) * perSeed]) }
  }

  /// One row per strategy over all traces (`RunMetrics.combined`), in strategy order.
  package static func summary(_ rows: [RunMetrics], traceCount: Int) -> [RunMetrics] {
    var order: [String] = []
    var groups: [String: [RunMetrics]] = [:]
    for row in rows {
      if groups[row.strategy] == nil { order.append(row.strategy) }
      groups[row.strategy, default: []].append(row)
    }
    return order.map { RunMetrics.combined(groups[$0]!, trace: SummaryRow.label(traceCount)) }
  }
}
