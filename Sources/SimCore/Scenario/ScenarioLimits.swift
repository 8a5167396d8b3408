/// The ranges of a scenario's numbers (`docs/scenario.md`): every time fits the engine's integer
/// nanoseconds with room to add, and no transfer is so fast or slow that time cannot advance.
package enum ScenarioLimits {
  /// Latencies, render costs, backoffs, a link's latency: at most an hour (s).
  package static let seconds = 3600.0
  /// A request's timeout: above 0, at most an hour (s).
  package static let timeout: ClosedRange<Double> = 1e-6...3600
  /// Giving up at the end of the list: above 0, at most a day (s).
  package static let giveUpAfter: ClosedRange<Double> = 1e-6...86_400
  /// Sizes and the cache's capacity: at most 10 GB.
  package static let bytes = 1e10
  /// A link's downlink: 1 kbit/s to 1 Tbit/s.
  package static let downlinkMbps: ClosedRange<Double> = 1e-3...1e6
}
