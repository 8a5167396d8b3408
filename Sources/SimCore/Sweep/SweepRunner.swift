import Foundation

/// Runs a sweep's configurations on `jobs` threads. Each configuration is an independent
/// simulation with its own seed; results are stored by configuration index, so the table is
/// the same for any number of jobs. `shouldStop` is polled between configurations (Ctrl-C):
/// finished rows are kept, unstarted ones are not run.
package enum SweepRunner {
  package struct Input: Sendable {
    package var plan: SweepPlan
    /// The sessions, read a window at a time as their runs come.
    package var sessions: Sessions
    package var scenario: Scenario
    package var options: SimulationOptions
    /// Whether each row is measured against the clairvoyant limit (`waitOverLimit`); the limit
    /// then runs once per (network, trace, seed).
    package var measuresLimit: Bool

    package init(
      plan: SweepPlan, sessions: Sessions, scenario: Scenario, options: SimulationOptions, measuresLimit: Bool = true
    ) {
      self.plan = plan
      self.sessions = sessions
      self.scenario = scenario
      self.options = options
      self.measuresLimit = measuresLimit
    }

    package init(
      plan: SweepPlan, traces: [NamedTrace], scenario: Scenario, options: SimulationOptions, measuresLimit: Bool = true
    ) {
      self.init(
        plan: plan, sessions: Sessions(traces), scenario: scenario, options: options, measuresLimit: measuresLimit)
    }

    /// A fingerprint of what the sweep is, not of how it is run: the plan, the scenario, the
    /// simulation options and the traces' contents. Shards and resumed runs must match it, so
    /// a shard run with another `--set`, preset or edited trace cannot be merged in. The
    /// traces are read `threads` at a time and hashed as they come, never held together.
    package func fingerprint(threads: Int = BatchControl.defaultThreads) throws(SimError) -> String {
      var hash = FNV1a64()
      hash.add(plan.definition + ";scenario=" + Provenance.definition(scenario, options))
      if !measuresLimit { hash.add(";limit=none") }
      try sessions.forEachEncoded(threads: threads) { encoded in
        hash.add(";trace=")
        hash.add(encoded)
      }
      return Provenance.hex(hash.value)
    }
  }

  /// Runs `configurations` (a shard, or what a resumed table lacks) into `table`, each row with
  /// its distance to the clairvoyant limit, which runs once per (network, trace, seed) the
  /// configurations use (`Batch`). `progress(done)` is called from worker threads. Every run
  /// that finished goes into the table before a failure (a helper process that crashed) is
  /// thrown: the table keeps them for --resume, as after Ctrl-C.
  package static func run(
    _ input: Input, configurations: [SweepPlan.Configuration], into table: inout SweepTable, jobs: Int,
    shouldStop: @escaping @Sendable () -> Bool = { false }, progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws(SimError) {
    // One scenario per network, built once.
    var scenarios: [Scenario] = []
    for network in input.plan.networks {
      scenarios.append(network == "scenario" ? input.scenario : try input.scenario.onNetwork(network))
    }
    let networkIndex = Dictionary(uniqueKeysWithValues: input.plan.networks.enumerated().map { ($1, $0) })
    // Session by session, so that a window holds its sessions' every run.
    let ordered = configurations.indices.sorted {
      (configurations[$0].trace, $0) < (configurations[$1].trace, $1)
    }
    var cells: [Batch.Cell] = []
    cells.reserveCapacity(configurations.count)
    // One strategy choice per setting, shared by its cells: a tune's rung runs a setting on
    // thousands of sessions.
    var choices: [String: StrategyChoice] = [:]
    for configuration in ordered.map({ configurations[$0] }) {
      let setting = configuration.strategy + "\u{0}" + configuration.parametersText
      let choice: StrategyChoice
      if let made = choices[setting] {
        choice = made
      } else {
        choice = try input.plan.choice(configuration.strategy, configuration.parameters)
        choices[setting] = choice
      }
      cells.append(
        Batch.Cell(
          session: configuration.trace, scenario: networkIndex[configuration.network]!,
          seed: .fixed(configuration.seed), strategy: choice))
    }
    var options = input.options
    options.recordEvents = false
    let batch = Batch(
      sessions: input.sessions, scenarios: scenarios, options: options, cells: cells,
      measuresLimit: input.measuresLimit, window: max(1, jobs) * 8)
    try batch.run(threads: jobs, shouldStop: shouldStop, progress: progress) {
      index, metrics, session throws(SimError) in
      table.add(configurations[ordered[index]], traceName: session.name, metrics: metrics)
    }
  }
}
