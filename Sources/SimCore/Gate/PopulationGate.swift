/// A population as the regression gate reads it (`compare DIR --baseline base.json --fail-if …`):
/// one row per strategy on the trace "population", whose metrics are the per-session means —
/// `waitSeconds` (the mean wait per session), `hitchTimeRatio`, `bytes` — `kills` (the sessions
/// killed for their memory), and the population's own figures, `PopulationFigures.keys`: the wait's p50, p90
/// and p99 and the shares of sessions that stalled, showed a blank over a second, hitched or
/// were killed. Conditions on other metrics have no value (`?`). One row, no replicates: every
/// difference counts, as in a plain comparison's gate (the paired intervals across sessions are
/// the report's, not the gate's). A population broken down (`--by`) adds each class's rows on the
/// trace `population@CLASS`, which conditions reach with `@CLASS` (`wait_p90@low-end > +10%`).
extension PopulationSummary {
  /// The trace name of a population's gate rows.
  package static let gateTrace = "population"

  /// The whole's rows, then each class's (`breakdown`) on the trace `population@CLASS`.
  package func gateRows(seed: UInt64) -> [Gate.Row] {
    let classes = (breakdown?.classes ?? []).flatMap { item in
      item.summary.wholeRows(seed: seed).map { row in
        var row = row
        row.trace = Self.gateTrace + "@" + item.name
        row.sessionClass = item.name
        return row
      }
    }
    return wholeRows(seed: seed) + classes
  }

  private func wholeRows(seed: UInt64) -> [Gate.Row] {
    rows.map { row in
      var values: [String: Double] = [
        "waitSeconds": row.meanWait, "hitchTimeRatio": row.meanHitch, "bytes": row.meanBytes,
        "kills": Double(row.killed),
      ]
      for (key, value) in row.figures where PopulationFigures.keys.contains(key) { values[key] = value }
      return Gate.Row(strategy: row.strategy, trace: Self.gateTrace, seeds: [seed], runs: [values])
    }
  }
}
