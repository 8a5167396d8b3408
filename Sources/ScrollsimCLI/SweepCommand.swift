import ArgumentParser
import Foundation
import SimCore

struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run many configurations (a grid or random search) × strategies × networks × traces, in parallel.",
    discussion: """
      Writes a long-format CSV (one row per configuration, trace and replicate; columns in docs/sweeps.md) and a Markdown summary: the best configuration per strategy for --objective, and the Pareto frontiers of the user's wait against wasted requests (--svg draws it) and against the main thread's hitch time ratio. Ctrl-C stops cleanly and keeps what finished; run again with --resume to finish. --shard K/N runs a deterministic slice for CI matrices or Kubernetes Indexed Jobs; `scrollsim merge` joins the shards.

      Example:
        scrollsim sweep --strategies threshold --grid threshold=0.5:0.95:0.05 \\
          --networks wifi,slow-4g Traces/*.json -o sweep.csv --summary sweep.md

      A tuned configuration is guarded by gating the sweep against its stored table (docs/ci.md): --baseline sweep.csv with --fail-if 'threshold(threshold=0.7): wait_time > +10%' or --assert FILE; the delta table goes to stderr, exit 1 when an error assertion holds.
      """)

  @Option(
    name: .long, help: ArgumentHelp("Comma-separated strategy names, or all.", valueName: "a,b|all"),
    completion: .list(["all"] + CommandLineContext.catalog.names))
  var strategies = "all"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A grid axis: name=start:stop:step or name=a,b,c (repeatable; kebab-case names work).", valueName: "name=spec"))
  var grid: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A range for random search: name=low:high (repeatable; with --samples).", valueName: "name=low:high"))
  var range: [String] = []

  @Option(help: "Random configurations per strategy over the --range axes (instead of the grid).")
  var samples = 0

  @Option(
    help: ArgumentHelp("Comma-separated network profiles to cross with (default: the scenario's).", valueName: "a,b"))
  var networks: String?

  @Option(help: "Runs per configuration with derived seeds (the same seeds for every configuration).")
  var replicates = 1

  @Option(help: "Worker threads (default: all cores). The output is the same for any value.")
  var jobs: Int?

  @Option(
    help: ArgumentHelp("Run only slice K of N (1-based): configurations with index mod N = K − 1.", valueName: "K/N"))
  var shard: String?

  @OptionGroup var outputs: SweepOutputs

  @Flag(help: "Keep the rows already in -o (same sweep) and run only the missing ones.")
  var resume = false

  @OptionGroup var scenarioOptions: ScenarioOptions

  @OptionGroup var limit: LimitOption

  @OptionGroup(title: "Regression gate") var gate: GateOptions

  @Argument(help: "Trace files. Default: the built-in trace.", completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw ValidationError("--jobs must be in 1...1024") }
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    guard samples >= 0, samples <= 1_000_000 else { throw ValidationError("--samples must be in 0...1000000") }
    if samples > 0 && range.isEmpty { throw ValidationError("--samples needs at least one --range") }
    if samples == 0 && !range.isEmpty { throw ValidationError("--range needs --samples N") }
    if resume && outputs.output == nil { throw ValidationError("--resume needs -o (the file to resume)") }
    do throws(SimError) { _ = try shard.map(SweepShard.init) } catch { throw ValidationError(error.message) }
  }

  func run() throws {
    let stop = StopFlag()
    var failed = false
    try reportingErrors { () throws(SimError) in
      let objective = try Objective(outputs.objective)  // a bad one fails before the runs
      let gateRequest = try gate.request(baseline: .sweep, traces: traces)
      let named = try NamedTrace.load(traces)
      let plan = try SweepJob.plan(
        strategies: strategies, grid: grid, ranges: range, samples: samples, networks: networks,
        replicates: replicates, seed: scenarioOptions.seed, traceNames: named.map(\.name),
        catalog: CommandLineContext.catalog)
      var job = try SweepJob(
        input: SweepRunner.Input(
          plan: plan, traces: named, scenario: try scenarioOptions.load(),
          options: try scenarioOptions.simulationOptions(), measuresLimit: limit.measures),
        shard: try shard.map(SweepShard.init))
      job.gate = gateRequest
      let previous = try resume ? outputs.output.flatMap(AtomicFile.readTextIfPresent) : nil
      var table = try job.table(resuming: previous, file: outputs.output ?? "")
      let bar = ProgressBar(total: job.missing(from: table).count)
      stop.onInterrupt { signal in
        writeStandardError("\n")
        printNote("\(signal == SIGTERM ? "terminated" : "interrupted"); keeping finished runs")
      }
      let started = Date()
      let before = table.rows.count
      try job.run(
        into: &table, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, shouldStop: { stop.isSet },
        progress: { bar.update($0) })
      bar.finish()
      // A gate that cannot pair the runs still leaves the sweep's own outputs written: the
      // runs took minutes, the mismatch is fixed by another baseline.
      var gateOutcome: GateOutcome?
      var gateError: SimError?
      if stop.signal == nil {
        do throws(SimError) { gateOutcome = try job.checkGate(table) } catch { gateError = error }
      }
      if let gateOutcome { writeStandardError(gateOutcome.report(.table)) }
      try outputs.write(
        table, objective: objective, tableOnly: stop.signal != nil,
        also: gateOutcome?.files.map { ($0.text, $0.path) } ?? [])
      if let gateError { throw gateError }
      let seconds = NumberText.fixed(Date().timeIntervalSince(started), 1)
      printNote(
        "\(table.rows.count) of \(table.total) runs in the table; \(table.rows.count - before) run now in \(seconds) s")
      if let signal = stop.signal { throw SweepJob.stopped(terminated: signal == SIGTERM, output: outputs.output) }
      if let verdict = gateOutcome?.verdict { printNote(verdict) }
      failed = gateOutcome?.failed ?? false
    }
    if failed { throw ExitCode(1) }
  }
}
