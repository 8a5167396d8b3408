/// Stored metric values read by key: a dictionary (a report read back, a gate's row) or a
/// sweep row's columns (`MetricValues`), so that metrics and objectives read either.
package protocol MetricLookup {
  /// The value of metric `key`, nil where absent.
  func metricValue(_ key: String) -> Double?
}

extension Dictionary: MetricLookup where Key == String, Value == Double {
  package func metricValue(_ key: String) -> Double? { self[key] }
}
