/// A population as the regression gate reads it (`compare DIR --baseline base.json --fail-if …`):
/// one row per strategy on the trace "population", whose metrics are the per-session means —
/// `waitSeconds` (the mean wait per session), `hitchTimeRatio`, `bytes` — and `kills`, the
/// sessions killed for their memory. Conditions on other metrics are skipped, as for any row
/// without them. One row of means, no replicates: every difference counts, as in a plain
/// comparison's gate (the paired intervals across sessions are the report's, not the gate's).
extension PopulationSummary {
  /// The trace name of a population's gate rows.
  public static let gateTrace = "population"

  public func gateRows(seed: UInt64) -> [Gate.Row] {
    rows.map { row in
      Gate.Row(
        strategy: row.strategy, trace: Self.gateTrace, seeds: [seed],
        runs: [
          [
            "waitSeconds": row.meanWait, "hitchTimeRatio": row.meanHitch, "bytes": row.meanBytes,
            "kills": Double(row.killed),
          ]
        ])
    }
  }
}
