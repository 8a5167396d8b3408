import Foundation

/// One input of a comparison: a trace and the name it is reported under.
public struct NamedTrace: Sendable {
  public var name: String
  public var trace: Trace
  public init(name: String, trace: Trace) {
    self.name = name
    self.trace = trace
  }
}

/// Runs several strategies over several traces on the same scenario and seed, so that every
/// strategy replays the same gestures over the same network luck.
///
/// Runs are independent (each has its own strategy instance and engine), so they go in
/// parallel (`ParallelRuns`); results are stored by index, so the output is the same serial or
/// parallel.
public enum Comparison {
  /// Results in trace-major order: all strategies for the first trace, then the next.
  public static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice],
    options: SimulationOptions = SimulationOptions(), parallel: Bool = true
  ) throws(SimError) -> [RunMetrics] {
    let jobs = traces.flatMap { trace in strategies.map { (trace, $0) } }
    let results = ParallelRuns.run(
      count: jobs.count, threads: parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
    ) { index throws(SimError) in
      let (trace, strategy) = jobs[index]
      return try Simulation.run(
        trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: strategy, options: options
      ).metrics
    }
    return try ParallelRuns.values(results)
  }

  /// One row per strategy over all traces (`RunMetrics.combined`), in strategy order.
  public static func summary(_ rows: [RunMetrics], traceCount: Int) -> [RunMetrics] {
    var order: [String] = []
    var groups: [String: [RunMetrics]] = [:]
    for row in rows {
      if groups[row.strategy] == nil { order.append(row.strategy) }
      groups[row.strategy, default: []].append(row)
    }
    return order.map { RunMetrics.combined(groups[$0]!, trace: "all (\(traceCount) traces)") }
  }
}
