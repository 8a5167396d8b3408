import Foundation

/// Runs several strategies over several traces on the same scenario and seed, so that every
/// strategy replays the same gestures over the same network luck.
///
/// Runs are independent (each has its own strategy instance and engine), so they go in
/// parallel (`ParallelRuns`); results are stored by index, so the output is the same serial or
/// parallel.
public enum Comparison {
  /// Results in trace-major order: all strategies for the first trace, then the next. Each
  /// row's `waitOverLimit` is its wait minus the clairvoyant limit's on that trace
  /// (`StrategyChoice.limit`, run for the purpose when it is not one of `strategies`); with
  /// `measuresLimit` false no row has one, and the limit runs only if it is listed.
  public static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice],
    options: SimulationOptions = SimulationOptions(), parallel: Bool = true, measuresLimit: Bool = true
  ) throws(SimError) -> [RunMetrics] {
    let listed = strategies.firstIndex { $0.limitRole == .reference }
    let perTrace = LimitYardstick.runs(strategies, measuresLimit: measuresLimit)
    let jobs = traces.flatMap { trace in perTrace.map { (trace, $0) } }
    let results = ParallelRuns.run(
      count: jobs.count, threads: parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
    ) { index throws(SimError) in
      let (trace, strategy) = jobs[index]
      return try LimitYardstick.run(strategy, on: trace, scenario: scenario, options: options)
    }
    let runs = try ParallelRuns.values(results)
    var rows: [RunMetrics] = []
    for start in stride(from: 0, to: runs.count, by: perTrace.count) {
      let limitWait = measuresLimit ? runs[start + (listed ?? strategies.count)].waitSeconds : nil
      for var row in runs[start..<start + strategies.count] {
        LimitYardstick.measure(&row, limitWait: limitWait)
        rows.append(row)
      }
    }
    return rows
  }

  /// The trace name of a row over `traceCount` traces: it says "sum", as most of its values
  /// are sums (maxima stay maxima, time to content is pooled: `RunMetrics.combined`).
  public static func summaryLabel(_ traceCount: Int) -> String { "sum over \(traceCount) traces" }

  /// Whether `trace` names a row over traces: `summaryLabel`, or `all (N traces)` as reports
  /// before scrollsim 0.2 named it (a stored baseline).
  public static func isSummary(_ trace: String) -> Bool {
    trace.hasPrefix("sum over ") || (trace.hasPrefix("all (") && trace.hasSuffix(" traces)"))
  }

  /// One row per strategy over all traces (`RunMetrics.combined`), in strategy order.
  public static func summary(_ rows: [RunMetrics], traceCount: Int) -> [RunMetrics] {
    var order: [String] = []
    var groups: [String: [RunMetrics]] = [:]
    for row in rows {
      if groups[row.strategy] == nil { order.append(row.strategy) }
      groups[row.strategy, default: []].append(row)
    }
    return order.map { RunMetrics.combined(groups[$0]!, trace: summaryLabel(traceCount)) }
  }
}
