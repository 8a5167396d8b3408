import Foundation

/// Runs strategies over a population of sessions and folds each session into a
/// `PopulationSummary` as soon as its runs are done, in batches: memory holds one batch of
/// sessions, never the population (a day of 100,000 sessions runs in the memory of a few).
///
/// Each session gets its own luck: the run's seed is derived from the comparison's seed and the
/// session's name, so two users on the same network do not draw the same latencies, while every
/// strategy on one session still replays the same luck (the pairing the intervals rest on).
public struct PopulationRun: Sendable {
  /// How many sessions there are, and session `i` (loaded when its batch starts).
  public var count: Int
  public var session: @Sendable (Int) throws(SimError) -> NamedTrace
  public var scenario: Scenario
  public var strategies: [StrategyChoice]
  public var options: SimulationOptions
  public var measuresLimit = true
  public var threads = ProcessInfo.processInfo.activeProcessorCount

  public init(
    count: Int, session: @escaping @Sendable (Int) throws(SimError) -> NamedTrace, scenario: Scenario,
    strategies: [StrategyChoice], options: SimulationOptions
  ) {
    self.count = count
    self.session = session
    self.scenario = scenario
    self.strategies = strategies
    self.options = options
  }

  /// The seed session `name` runs under.
  public static func seed(_ seed: UInt64, session name: String) -> UInt64 {
    var random = SeededRandom(seed: seed, stream: "session " + name)
    return random.next()
  }

  /// The summary of sessions `indices` (all of them by default; a shard's otherwise);
  /// `progress` hears sessions done.
  public func run(indices: [Int]? = nil, progress: @escaping @Sendable (Int) -> Void = { _ in })
    throws(SimError) -> PopulationSummary
  {
    // The summary's rows: the strategies, the limit's reference run last when it is measured.
    let perSession = LimitYardstick.runs(strategies, measuresLimit: measuresLimit)
    var summary = PopulationSummary(
      strategies: perSession.map { choice in
        choice.map { ($0.label, $0.limitRole) } ?? (StrategyChoice.limit.label, LimitRole.reference)
      })
    let sessions = indices ?? Array(0..<count)
    let batch = max(1, threads) * 8
    var done = 0
    for start in stride(from: 0, to: sessions.count, by: batch) {
      let part = Array(sessions[start..<min(sessions.count, start + batch)])
      let loaded = ParallelRuns.run(count: part.count, threads: threads) { index throws(SimError) in
        try session(part[index])
      }
      let traces = try ParallelRuns.values(loaded)
      let jobs = traces.indices.flatMap { trace in perSession.indices.map { (trace, $0) } }
      // The limit's runs first, as `Comparison` starts them; results go back to their places.
      let order = Comparison.longestFirst(jobs.map { perSession[$0.1] })
      let results = ParallelRuns.run(count: jobs.count, threads: threads, order: order) { index throws(SimError) in
        let (trace, strategy) = jobs[index]
        let named = traces[trace]
        var options = self.options
        options.seed = Self.seed(self.options.seed, session: named.name)
        return try LimitYardstick.run(perSession[strategy], on: named, scenario: scenario, options: options)
      }
      let runs = try ParallelRuns.values(results)
      for trace in traces.indices {
        summary.fingerprint &+= PopulationSummary.fingerprint(of: traces[trace])
        summary.add(session: Array(runs[trace * perSession.count..<(trace + 1) * perSession.count]))
      }
      done += part.count
      progress(done)
    }
    return summary
  }
}
