/// `scrollsim compare` over a population as library calls: what may be asked of it (checked
/// before a run), the runs of a shard or of every session, a failed helper's strategy left out,
/// the provenance, and the gate. The command parses, calls this, and renders what it is given.
package struct PopulationJob: Sendable {
  package var run: PopulationRun
  package let shard: Shard?
  package let gate: GateRequest?
  /// The command line as the provenance records it (without the options that change nothing
  /// in the result).
  package var command = ""

  /// Refuses what a population cannot give: replicates (each session draws its own luck), a
  /// shard with the whole population's page or gate, a shard that is not JSON for `merge`.
  package init(
    sessions: Sessions, scenario: Scenario, strategies: [StrategyChoice], options: SimulationOptions,
    measuresLimit: Bool, shard: String?, gate: GateRequest?, replicates: Int, wantsPage: Bool, format: ReportFormat,
    skipUnreadable: Bool = false, by: SessionDimension? = nil
  ) throws(SimError) {
    guard replicates == 1 else {
      throw SimError(
        .usage,
        "--replicates: over a population each session already draws its own network luck; give more sessions instead")
    }
    let slice = try shard.map { text throws(SimError) in try Shard(text) }
    guard slice == nil || !wantsPage else {
      throw SimError(.usage, "--html draws the whole population: run it without --shard")
    }
    guard slice == nil || gate == nil else {
      throw SimError(.usage, "--shard writes a part for merge; gate the merged report, not a shard")
    }
    guard slice == nil || format == .json else {
      throw SimError(.usage, "--shard writes a part for `scrollsim merge` to join: give --format json")
    }
    if (by == .device || by == .platform) && scenario.sessions.fixesDevice {
      throw SimError(
        .usage,
        "--by \(by!.rawValue): --device runs every session on one phone; leave it out to break down by each session's own"
      )
    }
    if by == .network && scenario.sessions.fixesNetwork {
      throw SimError(
        .usage,
        "--by network: --network (or --latency-from) runs every session on one network; leave it out to break down by each session's own"
      )
    }
    run = PopulationRun(sessions: sessions, scenario: scenario, strategies: strategies, options: options)
    run.measuresLimit = measuresLimit
    run.by = by
    self.shard = slice
    self.gate = gate
    self.skipUnreadable = skipUnreadable
  }

  /// Whether session files that cannot be read are left out (named in the provenance) rather
  /// than refused (`Sessions.readable`).
  package let skipUnreadable: Bool

  /// What a population's comparison left.
  package struct Outcome: Sendable {
    package var summary: PopulationSummary
    /// The strategies that ran (a failed helper's is left out, its failure kept).
    package var run: PopulationRun
    package var failures: [FailedHelpers.Failure]
    /// The command that reproduces the result, whichever shard ran it and wherever it went.
    package var provenance: Provenance
    /// The gate's findings over the summary's rows, when a gate was asked for.
    package var gate: GateOutcome?
    /// "shard K/N" for a shard's report.
    package var shardText: String?

    /// The seed session `name` ran under (its own page's command repeats it).
    package func seed(session name: String) -> UInt64 { SessionSeed.derive(run.options.seed, session: name) }
  }

  /// Runs the sessions of the shard (all without one).
  package func perform(_ control: BatchControl) throws(SimError) -> Outcome {
    // Every file is read once first, so that a day's broken files are all named at once.
    let (sessions, leftOut) = try run.sessions.readable(threads: control.threads, skipping: skipUnreadable)
    var run = run
    run.sessions = sessions
    if let by = run.by { try Self.checkClasses(sessions, by: by, threads: control.threads) }
    control.progress.start(total: shard.map { $0.size(of: run.sessions.count) } ?? run.sessions.count)
    let (summary, failures) = try FailedHelpers.excluding(run.strategies) { [run] (remaining) throws(SimError) in
      var run = run
      run.strategies = remaining
      run.threads = control.threads
      return try run.run(shard: shard, progress: control.progress.update)
    }
    control.progress.finish()
    var provenance = Provenance.population(
      command: command, scenario: run.scenario, options: run.options, summary: summary)
    provenance.unreadableLeftOut = leftOut
    var ran = run
    let failed = Set(failures.map(\.strategy))
    ran.strategies.removeAll { failed.contains($0.label) }
    let gate = try gate.map { request throws(SimError) in
      try request.check(comparison: summary.gateRows(seed: run.options.seed), provenance: provenance)
    }
    return Outcome(
      summary: summary, run: ran, failures: failures, provenance: provenance, gate: gate, shardText: shard?.text)
  }

  /// The population page's replay (`PopulationHTML`): `session` run under each strategy that
  /// ran (and the limit's plan when measured) with the seed the population gave it
  /// (`SessionSeed`), each keeping its timeline, as one batch on `threads` threads; `chosen`
  /// names the screens (nil: the default ones).
  package static func replay(
    _ session: NamedTrace, of run: PopulationRun, chosen: [String]?, threads: Int
  ) throws(SimError) -> PopulationHTML.Replay {
    let cells = LimitYardstick.runs(run.strategies, measuresLimit: run.measuresLimit).map { choice in
      Batch.Cell(
        session: 0, scenario: 0, seed: .perSession(base: run.options.seed), strategy: choice ?? .limit,
        record: .events)
    }
    let batch = Batch(
      sessions: Sessions([session]), scenarios: [run.scenario], options: run.options, cells: cells,
      measuresLimit: false)
    return PopulationHTML.replay(
      session, runs: try batch.results(threads: threads), scenario: run.scenario,
      seed: SessionSeed.derive(run.options.seed, session: session.name), chosen: chosen)
  }

  /// Every session names its class (`--by`), or the comparison is refused before any run,
  /// naming the first that do not.
  static func checkClasses(_ sessions: Sessions, by: SessionDimension, threads: Int) throws(SimError) {
    var missing: [String] = []
    try sessions.forEach(threads: threads, { by.name(of: $0.trace) == nil ? $0.name : nil }) { name in
      if let name { missing.append(name) }
    }
    guard !missing.isEmpty else { return }
    let named = missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
    throw SimError(
      .usage,
      "--by \(by.rawValue): \(missing.count) of \(sessions.count) sessions name no \(by.key) (\(named)); a population broken down by \(by.rawValue) needs every session to carry one: generate --\(by.rawValue)-mix, import --\(by.rawValue)-profile, or the key in each trace (docs/trace-format.md)"
    )
  }
}
