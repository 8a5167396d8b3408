/// The clairvoyant limit as the yardstick of comparisons and sweeps (`waitOverLimit`): its own
/// run where the compared strategies do not include it, and a row measured against it. The one
/// home of that rule for `Comparison`, `PopulationRun` and `SweepRunner`.
enum LimitYardstick {
  /// The runs one trace takes: the strategies, then the limit's own run (nil) when it is
  /// measured and not among them (`Comparison`, `PopulationRun`).
  static func runs(_ strategies: [StrategyChoice], measuresLimit: Bool) -> [StrategyChoice?] {
    let listed = strategies.contains { $0.limitRole == .reference }
    return strategies + (measuresLimit && !listed ? [nil] : [])
  }

  /// The run of `choice` on `trace`, or the limit's own (nil: `StrategyChoice.limit`, its
  /// default plan), recording what `options` asks (a batch's cell sets it; the limit's added
  /// runs ask for nothing).
  static func run(
    _ choice: StrategyChoice?, on trace: NamedTrace, scenario: Scenario, options: SimulationOptions
  ) throws(SimError) -> RunResult {
    try Simulation.run(
      trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: choice ?? .limit, options: options)
  }

  /// Sets `row`'s wait over the limit's wait on the same trace, scenario and seed; nil: not
  /// measured.
  static func measure(_ row: inout RunMetrics, limitWait: Double?) {
    row.waitOverLimit = limitWait.map { row.waitSeconds - $0 }
  }
}
