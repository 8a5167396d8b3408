import Dispatch
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
/// parallel; results are stored by index, so the output is the same serial or parallel.
public enum Comparison {
  /// Results in trace-major order: all strategies for the first trace, then the next.
  public static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice],
    options: SimulationOptions = SimulationOptions(), parallel: Bool = true
  ) throws(SimError) -> [RunMetrics] {
    let jobs = traces.flatMap { trace in strategies.map { (trace, $0) } }
    let results = ResultSlots(count: jobs.count)
    let work: @Sendable (Int) -> Void = { index in
      let (trace, strategy) = jobs[index]
      results.store(index) { () throws(SimError) -> RunMetrics in
        try Simulation.run(
          trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: strategy, options: options
        ).metrics
      }
    }
    if parallel && jobs.count > 1 {
      DispatchQueue.concurrentPerform(iterations: jobs.count, execute: work)
    } else {
      for index in jobs.indices { work(index) }
    }
    return try results.values()
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

/// Result slots filled from parallel jobs (each index written once, under a lock).
private final class ResultSlots: @unchecked Sendable {
  private var slots: [Result<RunMetrics, SimError>?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ index: Int, _ body: () throws(SimError) -> RunMetrics) {
    let result: Result<RunMetrics, SimError>
    do { result = .success(try body()) } catch { result = .failure(error) }
    lock.lock()
    slots[index] = result
    lock.unlock()
  }

  func values() throws(SimError) -> [RunMetrics] {
    var out: [RunMetrics] = []
    for slot in slots {
      switch slot! {
      case .success(let value): out.append(value)
      case .failure(let error): throw error
      }
    }
    return out
  }
}
