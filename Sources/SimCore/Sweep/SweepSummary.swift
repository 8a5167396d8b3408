import Foundation

/// What a sweep found: per strategy the configuration that minimises the objective (averaged over
/// networks, traces and replicates; one whose app was killed only if all were), and the Pareto
/// frontiers of the user's wait against wasted requests, hitches and memory — the
/// configurations no other beats on both at once.
package enum SweepSummary {
  /// The user's wait, plus a little for each wasted request (ten cost as much as a tenth of a
  /// second of a wholly blank screen), so that of two equal waits the thriftier wins. Loading
  /// less cannot win: stalled seconds count whole in the wait.
  package static let defaultObjective = "wait_time + 0.01*wasted_requests"

  package struct Candidate: Sendable, Equatable {
    package var strategy: String
    package var parameters: String
    package var runs: Int
    package var waitSeconds: Double
    package var blankCellSeconds: Double
    package var wastedRequests: Double
    package var stallSeconds: Double
    package var objective: Double?
    /// Whether the configuration is the clairvoyant limit's (`StrategyCatalog.limitRole`): a
    /// reference, not a configuration to choose.
    package var limitRole: LimitRole?
    /// Whether the app was killed for its memory in any of the configuration's runs: such a
    /// configuration is never best while one that lived exists (its wait stops at the kill).
    package var killed: Bool { (means["kills"] ?? 0) > 0 }
    /// Means of every numeric metric (`Metric.numeric`) over the configuration's runs, by key:
    /// what the summary's columns (`Metric.sweepTable`) show. Absent: some run has no value.
    package var means = MetricMeans()
  }

  // The frontier's axes are the objective's aliases, so "wasted requests" means one thing in
  // `--objective` and in the tables. The texts are constants that parse.
  private static let waitTime = try! Objective("wait_time")
  private static let blankTime = try! Objective("blank_time")
  private static let wastedRequests = try! Objective("wasted_requests")
  private static let stallTime = try! Objective("stall_time")

  /// Means per (strategy, parameters) over all its rows.
  package static func candidates(_ table: SweepTable, objective: Objective) -> [Candidate] {
    grouped(table) { $0.strategy + "|" + $0.parameters }.map { rows in
      func mean(_ value: (SweepTable.Row) -> Double?) -> Double? {
        let values = rows.compactMap(value)
        return values.count == rows.count ? values.reduce(0, +) / Double(values.count) : nil
      }
      var means = MetricMeans()
      for metric in Metric.numeric { means[metric.key] = mean { metric.value(in: $0.values) } }
      return Candidate(
        strategy: rows[0].strategy, parameters: rows[0].parameters, runs: rows.count,
        waitSeconds: mean { waitTime.value($0.values) } ?? .nan,
        blankCellSeconds: mean { blankTime.value($0.values) } ?? .nan,
        wastedRequests: mean { wastedRequests.value($0.values) } ?? .nan,
        stallSeconds: mean { stallTime.value($0.values) } ?? .nan,
        objective: mean { objective.value($0.values) },
        limitRole: StrategyCatalog.builtIn.limitRole(of: rows[0].strategy, parameters: rows[0].parameters),
        means: means)
    }
  }

  /// The table's rows in index order, grouped by `key`, groups in the order they first appear.
  private static func grouped(_ table: SweepTable, by key: (SweepTable.Row) -> String) -> [[SweepTable.Row]] {
    var order: [String] = []
    var groups: [String: [SweepTable.Row]] = [:]
    for index in table.rows.keys.sorted() {
      let row = table.rows[index]!
      let name = key(row)
      if groups[name] == nil { order.append(name) }
      groups[name, default: []].append(row)
    }
    return order.map { groups[$0]! }
  }

  /// The best candidate per strategy: the lowest objective among configurations whose app
  /// was never killed, else among the killed ones; ties go to the earlier configuration.
  package static func best(_ candidates: [Candidate]) -> [Candidate] {
    var order: [String] = []
    var best: [String: Candidate] = [:]
    for candidate in candidates {
      guard candidate.objective != nil else { continue }
      if best[candidate.strategy] == nil { order.append(candidate.strategy) }
      if let current = best[candidate.strategy], rank(candidate) >= rank(current) { continue }
      best[candidate.strategy] = candidate
    }
    return order.map { best[$0]! }
  }

  /// How a candidate with an objective ranks, lower first: one that lived before one killed,
  /// then by the objective.
  static func rank(_ candidate: Candidate) -> (Int, Double) {
    (candidate.killed ? 1 : 0, candidate.objective!)
  }

  /// The candidates not dominated on (wait, wasted requests), sorted by wait. Stalls are
  /// inside the wait, so they need no axis of their own.
  package static func pareto(_ candidates: [Candidate]) -> [Candidate] {
    frontier(candidates) { $0.wastedRequests }
  }

  /// The candidates not dominated on (wait, hitch time ratio), sorted by wait: whether loading
  /// more to wait less costs frames.
  package static func waitAndHitchFrontier(_ candidates: [Candidate]) -> [Candidate] {
    frontier(candidates) { $0.means["hitchTimeRatio"] ?? .nan }
  }

  /// The candidates not dominated on (wait, peak memory), sorted by wait: what each second of
  /// wait saved costs in memory (`docs/memory.md`).
  package static func waitAndMemoryFrontier(_ candidates: [Candidate]) -> [Candidate] {
    frontier(candidates) { $0.means["peakMemory"] ?? .nan }
  }

  /// The candidates no other beats on both the wait and `cost` at once, sorted by wait.
  /// Configurations killed in any run are left out: their wait stops at the kill.
  private static func frontier(_ candidates: [Candidate], cost: (Candidate) -> Double) -> [Candidate] {
    let valid = candidates.filter { !$0.killed && !$0.waitSeconds.isNaN && !cost($0).isNaN }
    return ParetoFrontier.indices(valid.map { ($0.waitSeconds, cost($0)) }).map { valid[$0] }
      .sorted { ($0.waitSeconds, cost($0)) < ($1.waitSeconds, cost($1)) }
  }

  /// One trace on one network: the configuration with the lowest mean objective there (over
  /// replicates) and the runner-up: the best configuration of another strategy, or in a
  /// one-strategy sweep the second-best configuration.
  package struct Cell: Sendable, Equatable {
    package var trace: String
    package var network: String
    package var best: Candidate
    package var runnerUp: Candidate?
  }

  /// The winner per (trace, network), in the order the table first has them; ties go to the
  /// earlier configuration.
  package static func winners(_ table: SweepTable, objective: Objective) -> [Cell] {
    grouped(table) { $0.trace + "\n" + $0.network }.compactMap { rows in
      var part = SweepTable(fingerprint: table.fingerprint, total: rows.count)
      for row in rows { part.rows[row.index] = row }
      let ranked = candidates(part, objective: objective).filter { $0.objective != nil }
        .enumerated().sorted {
          let (a, b) = (rank($0.element), rank($1.element))
          return (a.0, a.1, $0.offset) < (b.0, b.1, $1.offset)
        }
        .map(\.element)
      guard let best = ranked.first else { return nil }
      return Cell(
        trace: rows[0].trace, network: rows[0].network, best: best,
        runnerUp: ranked.first { $0.strategy != best.strategy } ?? ranked.dropFirst().first)
    }
  }
}
