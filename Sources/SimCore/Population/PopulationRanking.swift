/// What a population's verdict ranks strategies by (`compare --for`): the mean wait per
/// session (the default: every second any user waits counts the same) or a percentile of it
/// (`p90`: the unlucky tenth's wait, how phones are judged by their tail).
package enum PopulationKey: String, CaseIterable, Sendable {
  case mean, p50, p90, p99

  package func value(_ row: PopulationSummary.Row) -> Double {
    switch self {
    case .mean: row.meanWait
    case .p50: row.wait.percentile(0.50) ?? 0
    case .p90: row.wait.percentile(0.90) ?? 0
    case .p99: row.wait.percentile(0.99) ?? 0
    }
  }

  /// "the mean wait", "the p90 wait".
  package var phrase: String { self == .mean ? "the mean wait per session" : "the \(rawValue) of the wait per session" }
}

extension PopulationSummary {
  /// The contenders' row indices, best first by `key`: strategies never killed first, then
  /// those killed in some session (fewest kills first); ties keep the catalog's order. The
  /// limit's rows are references, not contenders.
  package func ranked(by key: PopulationKey) -> [Int] {
    rows.indices.filter { rows[$0].limitRole == nil }.sorted { a, b in
      let x = (rows[a].killed, key.value(rows[a]), a)
      let y = (rows[b].killed, key.value(rows[b]), b)
      return x < y
    }
  }
}
