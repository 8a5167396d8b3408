import Foundation

/// Runs a sweep's configurations on `jobs` threads. Each configuration is an independent
/// simulation with its own seed; results are stored by configuration index, so the table is
/// the same for any number of jobs. `shouldStop` is polled between configurations (Ctrl-C):
/// finished rows are kept, unstarted ones are not run.
public enum SweepRunner {
  public struct Input: Sendable {
    public var plan: SweepPlan
    public var traces: [NamedTrace]
    public var scenario: Scenario
    public var options: SimulationOptions
    /// Whether each row is measured against the clairvoyant limit (`waitOverLimit`); the limit
    /// then runs once per (network, trace, seed).
    public var measuresLimit: Bool

    public init(
      plan: SweepPlan, traces: [NamedTrace], scenario: Scenario, options: SimulationOptions, measuresLimit: Bool = true
    ) {
      self.plan = plan
      self.traces = traces
      self.scenario = scenario
      self.options = options
      self.measuresLimit = measuresLimit
    }

    /// A fingerprint of what the sweep is, not of how it is run: the plan, the scenario, the
    /// simulation options and the traces' contents. Shards and resumed runs must match it, so
    /// a shard run with another `--set`, preset or edited trace cannot be merged in.
    public var fingerprint: String {
      var text = plan.definition + ";scenario=" + Provenance.definition(scenario, options)
      if !measuresLimit { text += ";limit=none" }
      for named in traces { text += ";trace=" + named.trace.encoded() }
      return Provenance.hex(fnv1a64(text))
    }
  }

  /// Runs `configurations` (a shard, or what a resumed table lacks) into `table`, each row with
  /// its distance to the clairvoyant limit: the limit (`StrategyChoice.limit`) runs once per (network, trace, seed)
  /// the configurations use. `progress(done)` is called from worker threads.
  public static func run(
    _ input: Input, configurations: [SweepPlan.Configuration], into table: inout SweepTable, jobs: Int,
    shouldStop: @escaping @Sendable () -> Bool = { false }, progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws(SimError) {
    // One scenario per network, built once.
    var scenarios: [String: Scenario] = [:]
    for network in input.plan.networks {
      scenarios[network] = network == "scenario" ? input.scenario : try input.scenario.onNetwork(network)
    }
    let frozenScenarios = scenarios
    // The limit of each (network, trace, seed) cell, first.
    struct Cell: Hashable {
      var network: String
      var trace: Int
      var seed: UInt64
    }
    var cells: [Cell] = []
    var seen: Set<Cell> = []
    for configuration in configurations where input.measuresLimit {
      let cell = Cell(network: configuration.network, trace: configuration.trace, seed: configuration.seed)
      if seen.insert(cell).inserted { cells.append(cell) }
    }
    let frozenCells = cells
    let limitRuns = ParallelRuns.run(count: cells.count, threads: jobs, shouldStop: shouldStop) {
      position throws(SimError) in
      let cell = frozenCells[position]
      var options = input.options
      options.seed = cell.seed
      return try LimitYardstick.run(
        input.traces[cell.trace], scenario: frozenScenarios[cell.network]!, options: options
      ).waitSeconds
    }
    // A cell stopped before it ran (Ctrl-C) has no limit; its rows are not run either.
    var limitOf: [Cell: Double] = [:]
    for (cell, result) in zip(cells, limitRuns) {
      switch result {
      case .success(let wait)?: limitOf[cell] = wait
      case .failure(let error)?: throw error
      case nil: break
      }
    }
    let finalLimits = limitOf
    let results = ParallelRuns.run(
      count: configurations.count, threads: jobs, shouldStop: shouldStop, progress: progress
    ) { position throws(SimError) in
      let configuration = configurations[position]
      let strategy = try input.plan.choice(configuration.strategy, configuration.parameters)
      var options = input.options
      options.seed = configuration.seed
      options.recordEvents = false
      let trace = input.traces[configuration.trace]
      var metrics = try Simulation.run(
        trace: trace.trace, traceName: trace.name, scenario: frozenScenarios[configuration.network]!,
        strategy: strategy, options: options
      ).metrics
      let cell = Cell(network: configuration.network, trace: configuration.trace, seed: configuration.seed)
      LimitYardstick.measure(&metrics, limitWait: finalLimits[cell])
      return metrics
    }
    // Every run that finished goes into the table before the first failure is thrown (a helper
    // process that crashed): the table keeps them for --resume, as after Ctrl-C.
    var failure: SimError?
    for (position, result) in results.enumerated() {
      guard let result else { continue }
      switch result {
      case .success(let metrics):
        let configuration = configurations[position]
        table.add(configuration, traceName: input.traces[configuration.trace].name, metrics: metrics)
      case .failure(let error): failure = failure ?? error
      }
    }
    if let failure { throw failure }
  }
}
