/// A sweep's table as the regression gate's rows (`sweep --baseline old.csv --assert gate.json`),
/// so a tuned configuration is guarded as a compared strategy is.
///
/// One row per configuration, network and trace, its replicates as the row's seeds. A
/// configuration is named as `compare` names a strategy with parameters
/// (`threshold(threshold=0.7,mode=dynamic)`), so an assertion's `strategy` reads the same in both;
/// a strategy's name alone covers all its configurations. When the sweep crosses networks
/// (`--networks`), the trace is named `TRACE on NETWORK`. Sweeps have no rows over traces: their
/// sums are not formed (a percentile or a maximum does not add up), so assertions are checked
/// per trace.
package enum SweepGate {
  package static func rows(_ table: SweepTable) -> [Gate.Row] {
    var rows: [Gate.Row] = []
    var positions: [String: Int] = [:]
    for index in table.rows.keys.sorted() {
      let row = table.rows[index]!
      let settings = row.parameters.split(separator: ";").map(String.init)
      let label = StrategyChoice.label(row.strategy, settings: settings)
      let trace = row.network == "scenario" ? row.trace : "\(row.trace) on \(row.network)"
      let key = label + "\u{0}" + trace
      if let position = positions[key] {
        rows[position].seeds.append(row.seed)
        rows[position].runs.append(row.values.dictionary)
      } else {
        positions[key] = rows.count
        rows.append(Gate.Row(strategy: label, trace: trace, seeds: [row.seed], runs: [row.values.dictionary]))
      }
    }
    return rows
  }

  /// What differs between the two sweeps besides the code: their fingerprints hash the plan,
  /// scenario, options and traces.
  package static func notes(now: SweepTable, baseline: SweepTable) -> [String] {
    now.fingerprint == baseline.fingerprint
      ? []
      : [
        "the sweeps' plan, scenario, options or traces differ (fingerprint `\(baseline.fingerprint)` → `\(now.fingerprint)`)"
      ]
  }
}
