import Foundation

/// `scrollsim sweep` as library calls: the plan from the command line's specs, the slice a
/// shard runs, the table a resumed run starts from, the runs, the gate, and what is left to
/// write and say (`perform`). The command only parses, calls and writes what it is given.
package struct SweepJob: Sendable {
  package let input: SweepRunner.Input
  package let shard: Shard?
  /// Every configuration of the plan (all shards), in index order.
  package let configurations: SweepPlan.Configurations
  /// The regression gate the finished table is checked with (`sweep --baseline old.csv --assert`).
  package var gate: GateRequest?
  /// The runs table's file (`-o`): what `resume` goes on from, and what a stopped sweep names.
  package var output: String?
  /// Whether the runs in `output` are kept and only the missing ones run (`--resume`).
  package var resume = false

  package init(input: SweepRunner.Input, shard: Shard? = nil) throws(SimError) {
    self.input = input
    self.shard = shard
    configurations = try input.plan.configurations()
  }

  /// `shard`: `--shard K/N` as given, checked here.
  package init(
    plan: SweepPlan, sessions: Sessions, scenario: Scenario, options: SimulationOptions, measuresLimit: Bool,
    shard: String?
  ) throws(SimError) {
    try self.init(
      input: SweepRunner.Input(
        plan: plan, sessions: sessions, scenario: scenario, options: options, measuresLimit: measuresLimit),
      shard: try shard.map { text throws(SimError) in try Shard(text) })
  }

  /// The plan that `--strategies`, `--grid`, `--range`, `--networks` and the rest describe.
  package static func plan(
    strategies: String, grid: [String], ranges: [String], samples: Int, networks: String?, replicates: Int,
    seed: UInt64, traceNames: [String], catalog: StrategyCatalog
  ) throws(SimError) -> SweepPlan {
    var plan = SweepPlan(strategies: try catalog.expressions(strategies), traceNames: traceNames, catalog: catalog)
    plan.grid = try grid.map { spec throws(SimError) in try SweepPlan.axis(spec) }
    plan.ranges = try ranges.map { spec throws(SimError) in try SweepPlan.range(spec) }
    plan.samples = samples
    plan.replicates = replicates
    plan.seed = seed
    if let networks {
      plan.networks = networks.split(separator: ",").map(String.init)
      for network in plan.networks where network != "scenario" { _ = try NetworkProfiles.lookup(network) }
    }
    return plan
  }

  /// An empty table for this sweep, or the rows of a previous run's CSV at `file` (`--resume`;
  /// no such file yet: empty); another sweep's table (another fingerprint) is refused.
  package func table(resumingFrom file: String? = nil) throws(SimError) -> SweepTable {
    try SweepTable.resuming(file: file, fingerprint: input.fingerprint(), total: configurations.count)
  }

  /// The configurations of this job's shard that `table` lacks.
  package func missing(from table: SweepTable) -> [SweepPlan.Configuration] {
    configurations.filter { configuration in
      (shard?.contains(configuration.index) ?? true) && table.rows[configuration.index] == nil
    }
  }

  /// Runs what `table` lacks into it on `jobs` threads; `shouldStop` and `progress` as
  /// `SweepRunner.run`'s.
  package func run(
    into table: inout SweepTable, jobs: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws(SimError) {
    try SweepRunner.run(
      input, configurations: missing(from: table), into: &table, jobs: jobs, shouldStop: shouldStop,
      progress: progress)
  }

  /// The gate's findings on a finished `table` (nil without a gate). It throws when the
  /// baseline cannot pair with the table; the sweep's own outputs are still worth writing then.
  package func checkGate(_ table: SweepTable) throws(SimError) -> GateOutcome? {
    try gate?.check(sweep: table)
  }

  /// What a sweep left: the table (every finished run, whatever stopped it), the gate's
  /// findings, the notes to print and the error to end with once the files are written.
  package struct Outcome: Sendable {
    package var table: SweepTable
    /// Whether only the table is worth writing: a stop or a failed run left it unfinished.
    package var tableOnly: Bool
    package var gate: GateOutcome?
    /// What the command says on stderr after writing, in order.
    package var notes: [String]
    /// A failed run (a strategy's helper), a baseline the gate cannot pair, or the stop: the
    /// command's error once the files are written (the finished runs are in them).
    package var error: SimError?
  }

  /// Runs what the table at `output` lacks (`resume`; otherwise from an empty table), then the
  /// gate when every run finished. A stop or a failed run keeps the finished rows for
  /// `--resume`; a gate that cannot pair the runs still leaves the sweep's outputs to write (the
  /// runs took minutes, the mismatch is fixed by another baseline).
  package func perform(_ control: BatchControl) throws(SimError) -> Outcome {
    var table = try table(resumingFrom: resume ? output : nil)
    let before = table.rows.count
    control.progress.start(total: missing(from: table).count)
    let started = Date()
    do throws(SimError) {
      try run(into: &table, jobs: control.threads, shouldStop: control.shouldStop, progress: control.progress.update)
    } catch {
      control.progress.finish()
      return Outcome(
        table: table, tableOnly: true, gate: nil,
        notes: ["\(table.rows.count) of \(table.total) runs kept in the table (--resume goes on from them)"],
        error: error)
    }
    control.progress.finish()
    let signal = control.stop.signal
    var outcome = Outcome(table: table, tableOnly: signal != nil, gate: nil, notes: [], error: nil)
    if signal == nil {
      do throws(SimError) { outcome.gate = try checkGate(table) } catch {
        outcome.error = error
        return outcome
      }
    }
    let seconds = NumberText.fixed(Date().timeIntervalSince(started), 1)
    outcome.notes.append(
      "\(table.rows.count) of \(table.total) runs in the table; \(table.rows.count - before) run now in \(seconds) s")
    if let signal {
      outcome.error = Self.stopped(terminated: signal == SIGTERM, output: output)
    } else if let verdict = outcome.gate?.verdict {
      outcome.notes.append(verdict)
    }
    return outcome
  }

  /// The error a sweep stopped by SIGTERM (`terminated`) or Ctrl-C ends with (exit 143 or 130):
  /// how to finish it.
  package static func stopped(terminated: Bool, output: String?) -> SimError {
    let what = terminated ? "terminated" : "interrupted"
    return SimError(
      terminated ? .terminated : .interrupted, "\(what): run again with --resume -o \(output ?? "FILE") to finish")
  }
}
