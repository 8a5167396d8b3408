/// `scrollsim sweep` as library calls: the plan from the command line's specs, the slice a
/// shard runs, the table a resumed run starts from, the runs, and the reports. The command only
/// parses, handles signals and writes files.
public struct SweepJob: Sendable {
  public let input: SweepRunner.Input
  public let shard: Shard?
  /// Every configuration of the plan (all shards), in index order.
  public let configurations: [SweepPlan.Configuration]
  /// The regression gate the finished table is checked with (`sweep --baseline old.csv --assert`).
  public var gate: GateRequest?

  public init(input: SweepRunner.Input, shard: Shard? = nil) throws(SimError) {
    self.input = input
    self.shard = shard
    configurations = try input.plan.configurations()
  }

  /// The plan that `--strategies`, `--grid`, `--range`, `--networks` and the rest describe.
  public static func plan(
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
  public func table(resumingFrom file: String? = nil) throws(SimError) -> SweepTable {
    try SweepTable.resuming(file: file, fingerprint: input.fingerprint(), total: configurations.count)
  }

  /// The configurations of this job's shard that `table` lacks.
  public func missing(from table: SweepTable) -> [SweepPlan.Configuration] {
    configurations.filter { configuration in
      (shard?.contains(configuration.index) ?? true) && table.rows[configuration.index] == nil
    }
  }

  /// Runs what `table` lacks into it on `jobs` threads; `shouldStop` and `progress` as
  /// `SweepRunner.run`'s.
  public func run(
    into table: inout SweepTable, jobs: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws(SimError) {
    try SweepRunner.run(
      input, configurations: missing(from: table), into: &table, jobs: jobs, shouldStop: shouldStop,
      progress: progress)
  }

  /// The gate's findings on a finished `table` (nil without a gate). It throws when the
  /// baseline cannot pair with the table; the sweep's own outputs are still worth writing then.
  public func checkGate(_ table: SweepTable) throws(SimError) -> GateOutcome? {
    try gate?.check(sweep: table)
  }

  /// The error a sweep stopped by SIGTERM (`terminated`) or Ctrl-C ends with (exit 143 or 130):
  /// how to finish it.
  public static func stopped(terminated: Bool, output: String?) -> SimError {
    let what = terminated ? "terminated" : "interrupted"
    return SimError(
      terminated ? .terminated : .interrupted, "\(what): run again with --resume -o \(output ?? "FILE") to finish")
  }
}
