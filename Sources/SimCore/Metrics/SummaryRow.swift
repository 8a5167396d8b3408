/// The row of a comparison over several traces that sums each strategy's runs: how its trace
/// column names it, and how a report, the gate or a metric tells it from a trace's row.
package enum SummaryRow {
  /// The trace name of a row over `traceCount` traces: it says "sum", as most of its values
  /// are sums (maxima stay maxima, time to content is pooled: `RunMetrics.combined`).
  package static func label(_ traceCount: Int) -> String { "sum over \(traceCount) traces" }

  /// Whether `trace` names a row over traces: `label`, or `all (N traces)` as reports before
  /// scrollsim 0.2 named it (a stored baseline).
  package static func names(_ trace: String) -> Bool {
    trace.hasPrefix("sum over ") || (trace.hasPrefix("all (") && trace.hasSuffix(" traces)"))
  }
}
