/// The clairvoyant limit as the yardstick of comparisons and sweeps (`waitOverLimit`): its own
/// run where the compared strategies do not include it, and a row measured against it. The one
/// home of that rule for `Comparison`, `PopulationRun` and `SweepRunner`.
enum LimitYardstick {
  /// The limit's run (`StrategyChoice.limit`, its default plan) on one trace, scenario and
  /// seed, recording nothing: no fold sees it but as the yardstick.
  static func run(_ trace: NamedTrace, scenario: Scenario, options: SimulationOptions) throws(SimError) -> RunResult {
    var options = options
    (options.recordEvents, options.recordFrames, options.recordDecisions) = (false, false, false)
    return try Simulation.run(
      trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: .limit, options: options)
  }

  /// The runs one trace takes: the strategies, then the limit's own run (nil) when it is
  /// measured and not among them (`Comparison`, `PopulationRun`).
  static func runs(_ strategies: [StrategyChoice], measuresLimit: Bool) -> [StrategyChoice?] {
    let listed = strategies.contains { $0.limitRole == .reference }
    return strategies + (measuresLimit && !listed ? [nil] : [])
  }

  /// The run of `choice` on `trace`, recording what `options` asks, or the limit's own (nil).
  static func run(
    _ choice: StrategyChoice?, on trace: NamedTrace, scenario: Scenario, options: SimulationOptions
  ) throws(SimError) -> RunResult {
    guard let choice else { return try run(trace, scenario: scenario, options: options) }
    return try Simulation.run(
      trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: choice, options: options)
  }

  /// Sets `row`'s wait over the limit's wait on the same trace, scenario and seed; nil: not
  /// measured.
  static func measure(_ row: inout RunMetrics, limitWait: Double?) {
    row.waitOverLimit = limitWait.map { row.waitSeconds - $0 }
  }
}
