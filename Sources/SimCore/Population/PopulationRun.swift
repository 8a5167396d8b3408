import Foundation

/// Runs strategies over a population of sessions and folds each session into a
/// `PopulationSummary` as soon as its runs are done, in batches: memory holds one batch of
/// sessions, never the population (a day of 100,000 sessions runs in the memory of a few).
///
/// Each session gets its own luck (`SessionSeed`).
package struct PopulationRun: Sendable {
  /// The sessions, read a window at a time.
  package var sessions: Sessions
  package var scenario: Scenario
  package var strategies: [StrategyChoice]
  package var options: SimulationOptions
  package var measuresLimit = true
  /// The class of session the summary is also broken down by (`compare --by`); nil: none.
  package var by: SessionDimension?
  package var threads = BatchControl.defaultThreads

  package init(sessions: Sessions, scenario: Scenario, strategies: [StrategyChoice], options: SimulationOptions) {
    self.sessions = sessions
    self.scenario = scenario
    self.strategies = strategies
    self.options = options
  }

  /// The summary of the sessions in `shard` (all of them by default); `progress` hears
  /// sessions done. The sessions run a window at a time (`Batch.window`): each is read when
  /// its window starts and released when it ends.
  package func run(shard: Shard? = nil, progress: @escaping @Sendable (Int) -> Void = { _ in })
    throws(SimError) -> PopulationSummary
  {
    // The summary's rows: the strategies, the limit's reference run last when it is measured.
    let perSession = LimitYardstick.runs(strategies, measuresLimit: measuresLimit)
    var summary = PopulationSummary(
      strategies: perSession.map { choice in
        choice.map { ($0.label, $0.limitRole) } ?? (StrategyChoice.limit.label, LimitRole.reference)
      })
    summary.breakdown = by.map(PopulationBreakdown.init)
    let chosen = (0..<sessions.count).filter { shard?.contains($0) ?? true }
    let cells = chosen.flatMap { session in
      perSession.map { Batch.Cell(session: session, scenario: 0, seed: .perSession(base: options.seed), strategy: $0) }
    }
    // Rows carry no distance to the limit: the limit's own run is a row of the summary.
    let batch = Batch(
      sessions: sessions, scenarios: [scenario], options: options, cells: cells,
      measuresLimit: false, window: max(1, threads) * 8)
    let perCount = perSession.count
    // A session's rows, added once all of them are in (a failed run leaves its session out).
    var rows: [RunMetrics] = []
    var current: Int?
    try batch.run(threads: threads, progress: { progress($0 / perCount) }) { index, row, named throws(SimError) in
      if cells[index].session != current { (rows, current) = ([], cells[index].session) }
      rows.append(row)
      guard rows.count == perCount else { return }
      summary.add(
        session: rows, fingerprint: PopulationSummary.fingerprint(of: named), class: by?.name(of: named.trace))
      rows.removeAll(keepingCapacity: true)
    }
    return summary
  }
}
